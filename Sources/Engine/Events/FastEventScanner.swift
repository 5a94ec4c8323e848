import RuleLanguage

/// A byte scanner for the common shapes of event lines: ASCII strings without escapes, plain
/// numbers, objects and arrays. It never reports errors; anything it does not handle, it gives
/// up on (returns nil), and ``EventDecoder`` reads the line with the full reader instead.
struct FastEventScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// Whether the last number read was written without a fraction or an exponent.
  var wasPlainInteger = false
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
    // A writer's line has the byte right here.
    if index < bytes.count, bytes[index] == byte {
      index += 1
      return true
    }
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  @inline(__always)
  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  /// A string of printable ASCII without escapes: its byte range. Eight bytes at a time while
  /// eight remain (see ``stringWord(_:)``), then byte by byte.
  mutating func rawString() -> Range<Int>? {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
    let start = index + 1
    var cursor = start
    while cursor + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self).littleEndian
      let (quotes, others) = Self.stringWord(word)
      if quotes != 0 {
        // The lowest flag of each mask is exact: is the first quote before any other byte?
        let quote = quotes.trailingZeroBitCount
        guard others == 0 || others.trailingZeroBitCount > quote else { return nil }
        let end = cursor + quote / 8
        index = end + 1
        return start..<end
      }
      guard others == 0 else { return nil }
      cursor += 8
    }
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

  /// Eight bytes of a string (the first in the lowest bits): the high bit of each byte that is a
  /// quote, and of each byte a plain string does not hold (a control byte, a backslash, DEL or
  /// beyond ASCII). A flag may also be set, wrongly, above a flagged byte (a borrow or carry
  /// moves up), never below one, so each mask's lowest flag is exact.
  @inline(__always)
  static func stringWord(_ word: UInt64) -> (quotes: UInt64, others: UInt64) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let quotes = zeros(word ^ (ones &* 0x22))
    let backslashes = zeros(word ^ (ones &* 0x5C))
    let controls = (word &- ones &* 0x20) & ~word & highs
    // A byte of 0x7F becomes 0x80 when one is added; one of 0x80 or more has its high bit.
    let high = (word | (word &+ ones)) & highs
    return (quotes, backslashes | controls | high)
  }

  mutating func string() -> String? {
    guard let range = rawString() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    // Printable ASCII (``rawString()``). Up to 15 bytes a String holds them inline: copied in,
    // that is half the time of `String(decoding:as:)` (measured: 17 against 36 ns for 5 bytes);
    // longer text is faster through `decoding`.
    guard text.count <= 15 else { return String(decoding: text, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: text.count) { $0.initialize(fromContentsOf: text) }
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

  /// A JSON number, by the strict grammar (no leading zeros, digits after '.' and 'e'), read in
  /// one pass over its bytes. A number of at most 15 digits without an exponent is
  /// `mantissa / 10^decimals` with both operands exact, so one correctly rounded division gives
  /// the nearest Double: the value ``NumberText/double(from:)`` returns, which takes the same
  /// path for such text. Every other number is read by ``NumberText/double(from:)``.
  mutating func number() -> Double? {
    skipSpace()
    let start = index
    let end = bytes.count
    var cursor = index
    var negative = false
    if cursor < end, bytes[cursor] == UInt8(ascii: "-") {
      negative = true
      cursor += 1
    }
    guard cursor < end, isDigit(bytes[cursor]) else { return nil }
    // Every digit (leading zeros too) counts, so `digits <= 15` means a mantissa below 10^15.
    var mantissa: UInt64 = 0
    var digits = 0
    if bytes[cursor] == UInt8(ascii: "0") {
      cursor += 1
      digits = 1
      if cursor < end, isDigit(bytes[cursor]) { return nil }
    } else {
      while cursor < end {
        let digit = bytes[cursor] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        cursor += 1
      }
    }
    var decimals = 0
    if cursor < end, bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      while cursor < end {
        let digit = bytes[cursor] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        decimals += 1
        cursor += 1
      }
      guard decimals > 0 else { return nil }
      digits += decimals
    }
    var hasExponent = false
    if cursor < end, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
      hasExponent = true
      cursor += 1
      if cursor < end, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
      guard cursor < end, isDigit(bytes[cursor]) else { return nil }
      while cursor < end, isDigit(bytes[cursor]) { cursor += 1 }
    }
    var value: Double
    if !hasExponent && digits <= 15 {
      value = Double(mantissa)
      if decimals > 0 {
        // 10^decimals, exact: each product is an integer below 2^53.
        var power = 10.0
        for _ in 1..<decimals { power *= 10 }
        value /= power
      }
      if negative { value = -value }
    } else {
      guard let parsed = NumberText.double(from: UnsafeBufferPointer(rebasing: bytes[start..<cursor])), parsed.isFinite
      else { return nil }
      value = parsed
    }
    // The writer's spelling (``NumberText/format(_:)``): a whole number as plain digits; another
    // as the shortest digits that read back as it, which for at most 15 digits without a
    // trailing zero, at least 0.001 and without sign or exponent, are the digits written (two
    // such decimals are never the same Double).
    if isCanonical
      && (negative || hasExponent || cursor - start > 16 || digits > 15
        || (decimals > 0 && (bytes[cursor - 1] == UInt8(ascii: "0") || value < 0.001)))
    {
      isCanonical = false
    }
    index = cursor
    wasPlainInteger = decimals == 0 && !hasExponent
    return value == 0 ? 0 : value
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// A number within a range (and whole, when asked).
  mutating func number(in range: ClosedRange<Double>, whole: Bool = false) -> Double? {
    guard let value = number(), range.contains(value) else { return nil }
    // Whole: digits alone, or a value without a fraction (every Double from 2^52 on is whole).
    if whole && !wasPlainInteger && value.magnitude < 0x1p52 && Double(Int64(value)) != value { return nil }
    return value
  }

  /// Whether only whitespace remains.
  mutating func atEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }
}
