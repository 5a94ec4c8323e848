/// A strict RFC 8259 JSON reader that records the byte offset of every value.
///
/// It rejects trailing commas, comments, single quotes, leading zeros, control characters in
/// strings, invalid UTF-8, invalid escapes and lone surrogates, NaN and Infinity, numbers out of
/// range, duplicate keys and trailing data. A UTF-8 byte order mark at the start is skipped.
/// Nesting deeper than ``maximumDepth`` is an error, so hostile input cannot overflow the stack.
public enum JSONReader {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512

  /// Parses one JSON text.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    do {
      return try bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer)
        return try parser.parseDocument()
      }
    } catch let error as JSONSyntaxError {
      throw error
    } catch {
      throw JSONSyntaxError(offset: 0, message: "\(error)")
    }
  }

  /// Parses one JSON text from a string.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses a source file, turning a syntax error into a located diagnostic.
  public static func parse(_ source: SourceFile) throws(DiagnosticError) -> JSONValue {
    do {
      return try parse(source.bytes)
    } catch {
      throw DiagnosticError(error.diagnostic(in: source))
    }
  }
}

/// The recursive-descent parser behind ``JSONReader``, over an unsafe byte buffer.
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var depth = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    if index == bytes.count {
      throw JSONSyntaxError(offset: index, message: "expected a JSON value; the input is empty")
    }
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw fail("unexpected \(describeByte(at: index)) after the JSON value; expected end of input")
    }
    return value
  }

  func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, message: message)
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw fail("expected a JSON value; the input ended") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONValue(.object(try parseObject()), offset: start)
    case UInt8(ascii: "["): return JSONValue(.array(try parseArray()), offset: start)
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(try parseNumber(), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(.bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(.bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(.null, offset: start)
    default:
      throw fail(unexpectedValueMessage())
    }
  }

  func unexpectedValueMessage() -> String {
    switch bytes[index] {
    case UInt8(ascii: "'"): return "single quotes are not allowed in JSON; use double quotes"
    case UInt8(ascii: "/"): return "comments are not allowed in JSON"
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      return "NaN and Infinity are not valid JSON numbers"
    case UInt8(ascii: "+"): return "a number may not start with '+'"
    case UInt8(ascii: "."): return "a number must have a digit before '.'"
    default:
      return "expected a JSON value (object, array, string, number, true, false or null), found "
        + describeByte(at: index)
    }
  }

  /// What was expected after a value, or that comments are not JSON when one starts here.
  func separatorMessage(_ expected: String) -> String {
    let next = index + 1
    if bytes[index] == UInt8(ascii: "/"), next < bytes.count,
      bytes[next] == UInt8(ascii: "/") || bytes[next] == UInt8(ascii: "*")
    {
      return "comments are not allowed in JSON"
    }
    return "\(expected), found \(describeByte(at: index))"
  }

  func describeByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte >= 0x80 {
      var decoder = UTF8.ForwardParser()
      var iterator = bytes[offset...].makeIterator()
      if case .valid(let encoded) = decoder.parseScalar(from: &iterator) {
        let scalar = UTF8.decode(encoded)
        return "'\(Character(scalar))'"
      }
    }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let pointer = literal.utf8Start
    for offset in 0..<count {
      guard index < bytes.count, bytes[index] == pointer[offset] else {
        let next = start + 1
        if bytes[start] == UInt8(ascii: "n"), next < bytes.count, bytes[next] == UInt8(ascii: "a") {
          throw fail("NaN and Infinity are not valid JSON numbers", at: start)
        }
        throw fail("invalid literal; expected '\(literal)'", at: start)
      }
      index += 1
    }
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONReader.maximumDepth {
      throw fail("nesting is deeper than \(JSONReader.maximumDepth) levels")
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw fail("expected ',' or ']' after array element; the input ended") }
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          throw fail("trailing comma before ']' is not allowed")
        }
        continue
      }
      if byte == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return elements
      }
      throw fail(separatorMessage("expected ',' or ']' after array element"))
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> [JSONMember] {
    try enter()
    index += 1
    var members: [JSONMember] = []
    var seen: Set<String>?
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return members
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("expected a string key or '}'; the input ended") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "'") {
          throw fail("single quotes are not allowed in JSON; use double quotes")
        }
        if bytes[index] == UInt8(ascii: "/") { throw fail("comments are not allowed in JSON") }
        throw fail("expected a string key, found \(describeByte(at: index))")
      }
      let keyOffset = index
      let key = try parseString()
      if members.count < 8 && seen == nil {
        if members.contains(where: { $0.key == key }) {
          throw fail("duplicate key '\(key)'", at: keyOffset)
        }
      } else {
        if seen == nil { seen = Set(members.map(\.key)) }
        if seen?.insert(key).inserted == false {
          throw fail("duplicate key '\(key)'", at: keyOffset)
        }
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after object key, found \(describeByte(at: index))")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
      skipWhitespace()
      guard index < bytes.count else {
        throw fail("expected ',' or '}' after object member; the input ended")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          throw fail("trailing comma before '}' is not allowed")
        }
        continue
      }
      if byte == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return members
      }
      throw fail(separatorMessage("expected ',' or '}' after object member"))
    }
  }
}
