import RuleLanguage

/// A DEFLATE decoder (RFC 1951) as a ``ByteSource``: it reads compressed bytes from another
/// source and hands out the decompressed stream chunk by chunk, keeping only the 32 KiB window
/// the format refers back into. Stored, fixed-Huffman and dynamic-Huffman blocks are read; it
/// stops at the final block. Written here rather than linking zlib, so the package keeps no
/// dependency beyond the toolchain (docs/import.md says why).
package struct Inflater: ByteSource {
  private let input: ByteStream
  /// Bits not yet used, least significant first.
  private var bits: UInt64 = 0
  private var bitCount = 0
  /// Zero bits added past the end of the input.
  private var padding = 0
  /// Bytes produced so far (a back-reference may not reach before the first).
  private var produced = 0
  /// The last 32 KiB written (a ring).
  private let window = Window()
  private var windowPosition = 0
  private var state = State.header
  private var isFinalBlock = false
  /// A back-reference still being copied.
  private var copyLength = 0
  private var copyDistance = 0
  private var literals = HuffmanTable.fixedLiterals
  private var distances = HuffmanTable.fixedDistances
  /// A name for messages.
  private let name: String
  /// The CRC-32 of what was produced so far.
  package private(set) var checksum = CRC32()

  private enum State { case header, stored(remaining: Int), codes, done }

  /// The window's memory, owned here and read through a raw pointer in the loops.
  final class Window: @unchecked Sendable {
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: Inflater.windowSize)
    init() { bytes.initialize(repeating: 0, count: Inflater.windowSize) }
    deinit { bytes.deallocate() }
  }

  static let windowSize = 1 << 15

  /// A decoder reading a raw DEFLATE stream (no zlib or gzip header) from `input`.
  package init(_ input: ByteStream, name: String) {
    self.input = input
    self.name = name
  }

  private func corrupt(_ what: String) -> DiagnosticError {
    DiagnosticError(Diagnostic(file: name, message: "the compressed data is damaged (\(what))"))
  }

  /// Makes at least `count` bits available. Past the end of the input, zero bits are added so a
  /// table lookup near the end can peek; using any of them is an error.
  @inline(__always)
  private mutating func need(_ count: Int) throws(DiagnosticError) {
    while bitCount < count {
      if let byte = try input.next() {
        bits |= UInt64(byte) << UInt64(bitCount)
      } else {
        padding += 8
        if padding > 64 { throw corrupt("it ends early") }
      }
      bitCount += 8
    }
  }

  @inline(__always)
  private func checkEnd() throws(DiagnosticError) {
    if bitCount < padding { throw corrupt("it ends early") }
  }

  @inline(__always)
  private mutating func take(_ count: Int) throws(DiagnosticError) -> Int {
    try need(count)
    let value = Int(bits & ((1 << UInt64(count)) - 1))
    bits >>= UInt64(count)
    bitCount -= count
    try checkEnd()
    return value
  }

  @inline(__always)
  private mutating func decode(_ table: HuffmanTable) throws(DiagnosticError) -> Int {
    try need(table.maximumLength)
    let entry = table.entries[Int(bits & UInt64(table.mask))]
    let length = Int(entry & 0xFF)
    guard length > 0 else { throw corrupt("an invalid Huffman code") }
    bits >>= UInt64(length)
    bitCount -= length
    try checkEnd()
    return Int(entry >> 8)
  }

  @inline(__always)
  private mutating func emit(_ byte: UInt8, _ out: UnsafeMutableRawBufferPointer, _ count: inout Int) {
    out[count] = byte
    count += 1
    window.bytes[windowPosition] = byte
    windowPosition = (windowPosition + 1) & (Inflater.windowSize - 1)
    produced += 1
  }

  package mutating func read(into out: UnsafeMutableRawBufferPointer) throws(DiagnosticError) -> Int {
    var count = 0
    while count < out.count {
      if copyLength > 0 {
        let ring = window.bytes
        let n = min(copyLength, out.count - count)
        guard let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        var position = windowPosition
        for offset in 0..<n {
          let byte = ring[(position &- copyDistance) & (Inflater.windowSize - 1)]
          ring[position] = byte
          target[count + offset] = byte
          position = (position + 1) & (Inflater.windowSize - 1)
        }
        windowPosition = position
        count += n
        copyLength -= n
        produced += n
        continue
      }
      switch state {
      case .done:
        checksum.update(UnsafeRawBufferPointer(rebasing: out[0..<count]))
        return count
      case .header:
        isFinalBlock = try take(1) == 1
        switch try take(2) {
        case 0:
          // Stored: skip to a byte boundary, then LEN and its complement.
          _ = try take(bitCount % 8)
          let length = try take(16)
          let complement = try take(16)
          guard length == ~complement & 0xFFFF else {
            throw corrupt("a stored block's length does not match its complement")
          }
          state = .stored(remaining: length)
        case 1:
          literals = HuffmanTable.fixedLiterals
          distances = HuffmanTable.fixedDistances
          state = .codes
        case 2:
          try readDynamicTables()
          state = .codes
        default:
          throw corrupt("a block of the reserved type 3")
        }
      case .stored(let remaining):
        if remaining == 0 {
          state = isFinalBlock ? .done : .header
          continue
        }
        emit(UInt8(try take(8)), out, &count)
        state = .stored(remaining: remaining - 1)
      case .codes:
        let symbol = try decodeLiterals(out, &count)
        if symbol == 256 {
          state = isFinalBlock ? .done : .header
        } else if symbol > 256 {
          let lengthIndex = symbol - 257
          guard lengthIndex < 29 else { throw corrupt("length symbol \(symbol)") }
          copyLength = HuffmanTable.lengthBase[lengthIndex] + (try take(HuffmanTable.lengthExtra[lengthIndex]))
          let distanceSymbol = try decode(distances)
          guard distanceSymbol < 30 else { throw corrupt("distance symbol \(distanceSymbol)") }
          copyDistance =
            HuffmanTable.distanceBase[distanceSymbol] + (try take(HuffmanTable.distanceExtra[distanceSymbol]))
          guard copyDistance <= produced else { throw corrupt("a distance of \(copyDistance) before the start") }
        }
      }
    }
    checksum.update(UnsafeRawBufferPointer(rebasing: out[0..<count]))
    return count
  }

  /// Decodes literals into `out` until it is full (returns −1) or a symbol above 255 comes,
  /// which it returns with its bits consumed: the hot loop, on local copies of the bit buffer.
  @inline(__always)
  private mutating func decodeLiterals(_ out: UnsafeMutableRawBufferPointer, _ count: inout Int) throws(DiagnosticError)
    -> Int
  {
    let table = literals
    let entries = table.entries
    let mask = UInt64(table.mask)
    let ring = window.bytes
    let capacity = out.count
    var bits = self.bits
    var bitCount = self.bitCount
    var position = windowPosition
    var written = count
    defer {
      self.bits = bits
      self.bitCount = bitCount
      produced += written - count
      count = written
      windowPosition = position
    }
    while written < capacity {
      if bitCount < 48 {
        self.bits = bits
        self.bitCount = bitCount
        try need(57)
        bits = self.bits
        bitCount = self.bitCount
      }
      let entry = entries[Int(bits & mask)]
      let length = Int(entry & 0xFF)
      guard length > 0 else { throw corrupt("an invalid Huffman code") }
      bits >>= UInt64(length)
      bitCount -= length
      let symbol = Int(entry >> 8)
      guard symbol < 256 else {
        if bitCount < padding { throw corrupt("it ends early") }
        return symbol
      }
      out[written] = UInt8(truncatingIfNeeded: symbol)
      ring[position] = UInt8(truncatingIfNeeded: symbol)
      written += 1
      position = (position + 1) & (Inflater.windowSize - 1)
    }
    if bitCount < padding { throw corrupt("it ends early") }
    return -1
  }

  /// Reads a dynamic block's code length code, then its literal/length and distance tables.
  private mutating func readDynamicTables() throws(DiagnosticError) {
    let literalCount = try take(5) + 257
    let distanceCount = try take(5) + 1
    let codeLengthCount = try take(4) + 4
    var codeLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengths[HuffmanTable.codeLengthOrder[index]] = UInt8(try take(3)) }
    guard let lengthTable = HuffmanTable(lengths: codeLengths) else { throw corrupt("an invalid code length code") }
    var lengths: [UInt8] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(lengthTable)
      switch symbol {
      case 0...15: lengths.append(UInt8(symbol))
      case 16:
        guard let previous = lengths.last else { throw corrupt("a repeat with nothing before it") }
        lengths += repeatElement(previous, count: 3 + (try take(2)))
      case 17: lengths += repeatElement(0, count: 3 + (try take(3)))
      default: lengths += repeatElement(0, count: 11 + (try take(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount, lengths[256] > 0,
      let literalTable = HuffmanTable(lengths: Array(lengths[0..<literalCount])),
      let distanceTable = HuffmanTable(lengths: Array(lengths[literalCount...]))
    else { throw corrupt("invalid Huffman tables") }
    literals = literalTable
    distances = distanceTable
  }
}
