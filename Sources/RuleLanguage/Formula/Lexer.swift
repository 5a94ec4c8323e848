/// A token of the readable formula spelling.
struct Token: Equatable {
  enum Kind: Equatable {
    case number(Double)
    case string(String)
    /// An identifier or dotted path such as `player.workouts.strength` or `a.1`.
    case path(String)
    case keyword(String)  // true false null in
    case symbol(String)  // operators and punctuation
    case end
  }

  var kind: Kind
  var offset: Int
  var end: Int
}

/// Splits readable formula text into tokens, each with its byte range.
struct Lexer {
  let bytes: [UInt8]
  var index = 0

  init(_ text: String) {
    self.bytes = Array(text.utf8)
  }

  static let keywords: Set<String> = ["true", "false", "null", "in"]
  static let symbols = [
    "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "+", "-", "*", "/", "%", "!", "?",
    ":", "(", ")", "[", "]", ",",
  ].map { Array($0.utf8) }

  mutating func tokenize() throws(FormulaSyntaxError) -> [Token] {
    var tokens: [Token] = []
    while true {
      let token = try next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  private func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

  mutating func next() throws(FormulaSyntaxError) -> Token {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    let start = index
    guard index < bytes.count else { return Token(kind: .end, offset: start, end: start) }
    let byte = bytes[index]
    if isDigit(byte) { return try number(start) }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try string(start) }
    if isIdentifierStart(byte) { return path(start) }
    for symbol in Lexer.symbols where bytes[index...].starts(with: symbol) {
      index += symbol.count
      return Token(kind: .symbol(String(decoding: symbol, as: UTF8.self)), offset: start, end: index)
    }
    switch byte {
    case UInt8(ascii: "&"):
      throw FormulaSyntaxError(offset: start, message: "expected '&&'; a single '&' is not an operator")
    case UInt8(ascii: "|"):
      throw FormulaSyntaxError(offset: start, message: "expected '||'; a single '|' is not an operator")
    case UInt8(ascii: "="):
      throw FormulaSyntaxError(offset: start, message: "use '==' to compare; a single '=' is not an operator")
    case UInt8(ascii: "."): throw FormulaSyntaxError(offset: start, message: "a number must have a digit before '.'")
    case UInt8(ascii: "^"):
      throw FormulaSyntaxError(offset: start, message: "'^' is not an operator; use pow(base, exponent)")
    default:
      let scalar = String(decoding: bytes[start..<min(start + 4, bytes.count)], as: UTF8.self)
        .unicodeScalars.first
      let shown = scalar.map { "'\($0)'" } ?? "byte"
      throw FormulaSyntaxError(offset: start, message: "unexpected character \(shown)")
    }
  }

  private mutating func number(_ start: Int) throws(FormulaSyntaxError) -> Token {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      var probe = index + 1
      if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") {
        probe += 1
      }
      if probe < bytes.count, isDigit(bytes[probe]) {
        index = probe
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
    }
    if index < bytes.count, isIdentifierStart(bytes[index]) {
      throw FormulaSyntaxError(offset: index, message: "expected an operator after the number")
    }
    let text = Array(bytes[start..<index])
    guard let value = text.withUnsafeBufferPointer({ NumberText.double(from: $0) }), value.isFinite
    else {
      throw FormulaSyntaxError(
        offset: start, message: "number '\(String(decoding: text, as: UTF8.self))' is out of range")
    }
    return Token(kind: .number(value), offset: start, end: index)
  }

  private mutating func string(_ start: Int) throws(FormulaSyntaxError) -> Token {
    let quote = bytes[index]
    index += 1
    var buffer: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return Token(kind: .string(String(decoding: buffer, as: UTF8.self)), offset: start, end: index)
      }
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < bytes.count else { break }
        let escaped = bytes[index + 1]
        switch escaped {
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): buffer.append(escaped)
        default:
          throw FormulaSyntaxError(offset: index, message: "invalid escape in string; use \\\\, \\\", \\', \\n or \\t")
        }
        index += 2
        continue
      }
      buffer.append(byte)
      index += 1
    }
    throw FormulaSyntaxError(offset: start, message: "unterminated string")
  }

  private mutating func path(_ start: Int) -> Token {
    while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
    while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."),
      isIdentifierPart(bytes[index + 1])
    {
      index += 1
      while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if Lexer.keywords.contains(text) { return Token(kind: .keyword(text), offset: start, end: index) }
    return Token(kind: .path(text), offset: start, end: index)
  }
}

/// A syntax error in readable formula text, at a byte offset of the formula.
struct FormulaSyntaxError: Error {
  var offset: Int
  var message: String
  /// The formula names a variable its scope does not declare.
  var isUnknownName = false
}
