// Strings and numbers for JSONParser: UTF-8 validation, escapes, exact integers, correctly
// rounded doubles.

extension JSONParser {
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let open = index
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(open: open, from: start) }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte < 0x80 { index += 1 } else { try skipUTF8Sequence() }
    }
    throw fail("unterminated string; expected '\"'", at: open)
  }

  private func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
    let hex = String(byte, radix: 16, uppercase: true)
    let code = String(repeating: "0", count: 4 - hex.count) + hex
    return fail("control character U+\(code) must be escaped in a string")
  }

  private mutating func parseEscapedString(open: Int, from start: Int) throws(JSONSyntaxError)
    -> String
  {
    var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: buffer, as: UTF8.self)
      }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte == UInt8(ascii: "\\") {
        try appendEscape(to: &buffer)
        continue
      }
      let sequenceStart = index
      if byte < 0x80 { index += 1 } else { try skipUTF8Sequence() }
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
    }
    throw fail("unterminated string; expected '\"'", at: open)
  }

  private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw fail("unterminated string; expected '\"'") }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var code = try readHex4(escapeStart: escapeStart)
      if (0xDC00...0xDFFF).contains(code) {
        throw fail("lone low surrogate '\\u\(hex4(code))' is not a Unicode scalar", at: escapeStart)
      }
      if (0xD800...0xDBFF).contains(code) {
        let secondStart = index
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw fail(
            "lone high surrogate '\\u\(hex4(code))' must be followed by a low surrogate",
            at: escapeStart)
        }
        index += 2
        let low = try readHex4(escapeStart: secondStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw fail(
            "high surrogate '\\u\(hex4(code))' must be followed by a low surrogate, not '\\u\(hex4(low))'",
            at: secondStart)
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else {
        throw fail("invalid Unicode escape", at: escapeStart)
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      var shown = "\\"
      if letter >= 0x21 && letter < 0x7F { shown.append(Character(Unicode.Scalar(letter))) }
      throw fail(
        "invalid escape sequence '\(shown)'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
        at: escapeStart)
    }
  }

  private func hex4(_ code: UInt32) -> String {
    let hex = String(code, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else {
        throw fail("expected 4 hexadecimal digits after '\\u'", at: escapeStart)
      }
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw fail("expected 4 hexadecimal digits after '\\u'", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Validates one multi-byte UTF-8 sequence at `index` and moves past it.
  private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
    let lead = bytes[index]
    let count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: count = 1
    case 0xE0: (count, low) = (2, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: count = 2
    case 0xED: (count, high) = (2, 0x9F)
    case 0xF0: (count, low) = (3, 0x90)
    case 0xF1...0xF3: count = 3
    case 0xF4: (count, high) = (3, 0x8F)
    default: throw invalidUTF8(at: index)
    }
    for position in 1...count {
      let offset = index + position
      guard offset < bytes.count else { throw invalidUTF8(at: index) }
      let byte = bytes[offset]
      let (min, max) = position == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      guard byte >= min && byte <= max else { throw invalidUTF8(at: index) }
    }
    index += count + 1
  }

  private func invalidUTF8(at offset: Int) -> JSONSyntaxError {
    fail("invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) in string", at: offset)
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue.Kind {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
          throw fail("NaN and Infinity are not valid JSON numbers", at: start)
        }
        throw fail("expected a digit after '-'")
      }
    }
    let integerStart = index
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw fail("leading zeros are not allowed in numbers", at: integerStart)
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let integerEnd = index
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if isInteger, let value = exactInteger(integerStart..<integerEnd, negative: negative) {
      return .integer(value)
    }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
    guard let value = NumberText.double(from: text), value.isFinite else {
      throw fail("number '\(String(decoding: text, as: UTF8.self))' is out of range", at: start)
    }
    return .double(value)
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  private func exactInteger(_ range: Range<Int>, negative: Bool) -> Int64? {
    var value: Int64 = 0
    for offset in range {
      let digit = Int64(bytes[offset] - UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
    }
    return value
  }
}
