/// Reads what ``BinaryWriter`` wrote, from memory the caller keeps alive; every read checks the
/// bytes left, so a damaged or crafted input is an error, never a crash.
package struct BinaryReader {
  private let base: UnsafeRawPointer?
  /// The position of the next byte.
  package private(set) var offset: Int
  /// The end of the readable bytes.
  package let end: Int

  /// A reader of `buffer`'s bytes.
  package init(_ buffer: UnsafeRawBufferPointer) {
    base = buffer.baseAddress
    offset = 0
    end = buffer.count
  }

  private init(base: UnsafeRawPointer?, offset: Int, end: Int) {
    self.base = base
    self.offset = offset
    self.end = end
  }

  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == end }

  @inline(__always)
  package mutating func byte() throws(BinaryFormatError) -> UInt8 {
    guard offset < end, let base else { throw .truncated(at: offset) }
    defer { offset += 1 }
    return base.load(fromByteOffset: offset, as: UInt8.self)
  }

  package mutating func bool() throws(BinaryFormatError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw BinaryFormatError("a true/false byte is neither 0 nor 1", at: offset - 1)
    }
  }

  @inline(__always)
  package mutating func unsigned() throws(BinaryFormatError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte()
      guard shift < 64, shift < 63 || next <= 1 else {
        throw BinaryFormatError("a number is longer than 64 bits", at: offset - 1)
      }
      value |= UInt64(next & 0x7F) << shift
      if next < 0x80 { return value }
      shift += 7
    }
  }

  @inline(__always)
  package mutating func int64() throws(BinaryFormatError) -> Int64 {
    let raw = try unsigned()
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  @inline(__always)
  package mutating func int() throws(BinaryFormatError) -> Int {
    let value = try int64()
    guard let int = Int(exactly: value) else {
      throw BinaryFormatError("a number does not fit this machine", at: offset)
    }
    return int
  }

  /// A count, at most `maximum` and, when each counted thing takes a byte at least, at most the
  /// bytes left (so no list is allocated larger than the input could fill).
  package mutating func count(maximum: Int = Int.max, fillsInput: Bool = true) throws(BinaryFormatError) -> Int {
    let start = offset
    let value = try unsigned()
    let limit = fillsInput ? min(maximum, end - offset) : maximum
    guard limit >= 0, value <= UInt64(limit) else {
      throw BinaryFormatError("a count of \(value) is too large", at: start)
    }
    return Int(value)
  }

  @inline(__always)
  package mutating func raw64() throws(BinaryFormatError) -> UInt64 {
    guard end - offset >= 8, let base else { throw .truncated(at: offset) }
    defer { offset += 8 }
    return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) package mutating func double() throws(BinaryFormatError) -> Double {
    Double(bitPattern: try raw64())
  }

  package mutating func day() throws(BinaryFormatError) -> Day {
    let start = offset
    let number = try int()
    guard ProgressCheck.days.contains(number) else {
      throw BinaryFormatError("day \(number) is outside years 1–9999", at: start)
    }
    return Day(number)
  }

  package mutating func string() throws(BinaryFormatError) -> String {
    let length = try count()
    guard let base else { return "" }
    let start = offset
    offset += length
    let bytes = UnsafeRawBufferPointer(start: base + start, count: length)
    guard let text = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) else {
      throw BinaryFormatError("a string is not UTF-8", at: start)
    }
    return text
  }

  /// The UTF-8 bytes of a string, compared without building it.
  package mutating func stringBytes() throws(BinaryFormatError) -> UnsafeRawBufferPointer {
    let length = try count()
    defer { offset += length }
    return UnsafeRawBufferPointer(start: base.map { $0 + offset }, count: length)
  }

  package mutating func optional<Value>(_ read: (inout BinaryReader) throws(BinaryFormatError) -> Value)
    throws(BinaryFormatError) -> Value?
  {
    try bool() ? try read(&self) : nil
  }

  package mutating func list<Element>(
    maximum: Int = Int.max, _ read: (inout BinaryReader) throws(BinaryFormatError) -> Element
  )
    throws(BinaryFormatError) -> [Element]
  {
    let count = try count(maximum: maximum)
    var values: [Element] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try read(&self)) }
    return values
  }

  /// Moves past `count` bytes (at most the bytes left).
  package mutating func skip(_ count: Int) { offset = min(end, offset + max(0, count)) }

  /// Bytes already passed or still to read (a range within the input).
  package func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    let lower = max(0, min(range.lowerBound, end))
    return UnsafeRawBufferPointer(start: base.map { $0 + lower }, count: max(0, min(range.upperBound, end) - lower))
  }

  /// A reader of `length` bytes from `offset` (within this reader's bytes).
  package func section(_ start: Int, length: Int) -> BinaryReader {
    let lower = max(0, min(start, end))
    return BinaryReader(base: base, offset: lower, end: min(end, lower + max(0, length)))
  }

  /// Reads a section ``BinaryWriter/lengthPrefixed(_:)`` wrote, with a reader that stops at its
  /// end; the body must read it whole.
  package mutating func lengthPrefixed<Value>(_ body: (inout BinaryReader) throws(BinaryFormatError) -> Value)
    throws(BinaryFormatError)
    -> Value
  {
    let length = try count()
    var section = BinaryReader(base: base, offset: offset, end: offset + length)
    let value = try body(&section)
    guard section.isAtEnd else {
      throw BinaryFormatError(
        "\(section.end - section.offset) unread bytes at the end of a section", at: section.offset)
    }
    offset += length
    return value
  }
}

/// Why a binary form could not be read: what was wrong, and where.
package struct BinaryFormatError: Error, Equatable, CustomStringConvertible {
  /// A lowercase phrase.
  package var message: String
  /// The byte offset of the problem.
  package var offset: Int

  package init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  static func truncated(at offset: Int) -> BinaryFormatError { BinaryFormatError("the data ends early", at: offset) }

  package var description: String { "\(message) (byte \(offset))" }
}
