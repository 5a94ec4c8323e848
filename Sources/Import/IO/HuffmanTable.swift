/// A canonical Huffman code (RFC 1951 §3.2.2) as a lookup table indexed by the next
/// `maximumLength` bits of the stream (least significant bit first): each entry is the symbol
/// shifted left 8 bits, or'ed with the code's length (0: no code has these bits). The entries
/// are raw memory the table owns, so the decoding loop reads them without reference counting.
final class HuffmanTable: @unchecked Sendable {
  let entries: UnsafeMutablePointer<UInt32>
  let maximumLength: Int
  var mask: Int { (1 << maximumLength) - 1 }

  deinit { entries.deallocate() }

  /// The table of code lengths per symbol, or nil when they do not form a usable code
  /// (over-subscribed; an incomplete code is allowed, as a single distance code is).
  init?(lengths: [UInt8]) {
    let longest = Int(lengths.max() ?? 0)
    maximumLength = max(1, longest)
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[Int(length)] += 1 }
    var left = 1
    for length in 1..<16 {
      left = left * 2 - counts[length]
      if left < 0 { return nil }
    }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1..<16 {
      code = (code + counts[length - 1]) << 1
      next[length] = code
    }
    let size = 1 << maximumLength
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
    table.initialize(repeating: 0, count: size)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let length = Int(length)
      var reversed = 0
      var value = next[length]
      next[length] += 1
      for _ in 0..<length {
        reversed = reversed << 1 | value & 1
        value >>= 1
      }
      let entry = UInt32(symbol) << 8 | UInt32(length)
      var index = reversed
      while index < size {
        table[index] = entry
        index += 1 << length
      }
    }
    entries = table
  }

  /// The fixed literal/length code of block type 1.
  static let fixedLiterals: HuffmanTable = {
    let lengths =
      [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
      + [UInt8](repeating: 8, count: 8)
    guard let table = HuffmanTable(lengths: lengths) else { preconditionFailure("the fixed literal code is valid") }
    return table
  }()

  /// The fixed distance code of block type 1.
  static let fixedDistances: HuffmanTable = {
    guard let table = HuffmanTable(lengths: [UInt8](repeating: 5, count: 30)) else {
      preconditionFailure("the fixed distance code is valid")
    }
    return table
  }()

  /// Base lengths and extra bits of length symbols 257–285.
  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  /// Base distances and extra bits of distance symbols 0–29.
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289,
    16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The order in which a dynamic block lists the code length code's lengths.
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
