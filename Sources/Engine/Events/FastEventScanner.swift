import RuleLanguage

/// A byte scanner for the common shapes of event lines: ASCII strings without escapes, plain
/// numbers, objects and arrays. It never reports errors; anything it does not handle, it gives
/// up on (returns nil), and ``EventDecoder`` reads the line with the full reader instead.
struct FastEventScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  @inline(__always)
  mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
      index += 1
    }
  }

  @inline(__always)
  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  @inline(__always)
  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  /// A string of printable ASCII without escapes: its byte range.
  mutating func rawString() -> Range<Int>? {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var cursor = start
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        index = cursor + 1
        return start..<cursor
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      cursor += 1
    }
    return nil
  }

  mutating func string() -> String? {
    guard let range = rawString() else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The bytes of a range (a string's contents from ``rawString()``).
  @inline(__always)
  func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }

  /// A string holding an ISO date (`YYYY-MM-DD`), read as a day without making a String.
  mutating func day() -> Day? {
    guard let range = rawString() else { return nil }
    return Day(iso: bytes(range))
  }

  /// Whether a byte range holds exactly `text`.
  @inline(__always)
  func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
    guard range.count == text.utf8CodeUnitCount else { return false }
    let pointer = text.utf8Start
    for offset in 0..<range.count where bytes[range.lowerBound + offset] != pointer[offset] { return false }
    return true
  }

  /// A JSON number, by the strict grammar (no leading zeros, digits after '.' and 'e').
  mutating func number() -> Double? {
    skipSpace()
    let start = index
    var cursor = index
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
    guard cursor < bytes.count, isDigit(bytes[cursor]) else { return nil }
    if bytes[cursor] == UInt8(ascii: "0") {
      cursor += 1
      if cursor < bytes.count, isDigit(bytes[cursor]) { return nil }
    } else {
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    }
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      guard cursor < bytes.count, isDigit(bytes[cursor]) else { return nil }
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    }
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
      cursor += 1
      if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
      guard cursor < bytes.count, isDigit(bytes[cursor]) else { return nil }
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    }
    guard let value = NumberText.double(from: UnsafeBufferPointer(rebasing: bytes[start..<cursor])), value.isFinite
    else { return nil }
    index = cursor
    return value == 0 ? 0 : value
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// A number within a range (and whole, when asked).
  mutating func number(in range: ClosedRange<Double>, whole: Bool = false) -> Double? {
    guard let value = number(), range.contains(value), !whole || value == value.rounded() else { return nil }
    return value
  }

  /// Whether only whitespace remains.
  mutating func atEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }
}
