import RuleLanguage

/// A byte scanner for the common shapes of event lines: ASCII strings without escapes, plain
/// numbers, objects and arrays. It never reports errors; anything it does not handle, it gives
/// up on (returns nil), and ``EventDecoder`` reads the line with the full reader instead.
struct FastEventScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// Whether everything read so far is as the canonical writer writes it: no whitespace, and
  /// numbers spelt as ``JSONWriter/number(_:)`` spells them (the decoder checks the rest).
  var isCanonical = true

  @inline(__always)
  mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
      index += 1
      isCanonical = false
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
    if isCanonical && !isCanonicalNumber(start..<cursor, value) { isCanonical = false }
    index = cursor
    return value == 0 ? 0 : value
  }

  /// Whether a number's text is the writer's spelling of its value: a whole number as plain
  /// digits; another as the shortest digits that read back as it (``NumberText/format(_:)``),
  /// which for at most 15 digits without a trailing zero, at least 0.001 and without sign or
  /// exponent, are the digits written (two such decimals are never the same Double).
  private func isCanonicalNumber(_ range: Range<Int>, _ value: Double) -> Bool {
    guard range.count <= 16 else { return false }
    var digits = 0
    var point = false
    for index in range {
      let byte = bytes[index]
      if isDigit(byte) {
        digits += 1
      } else if byte == UInt8(ascii: ".") {
        point = true
      } else {
        return false
      }
    }
    guard digits <= 15 else { return false }
    guard point else { return true }
    return bytes[range.upperBound - 1] != UInt8(ascii: "0") && value >= 0.001
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
