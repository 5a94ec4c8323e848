/// Parses the readable spelling (`base + workout.durationMin * 1.5`) into ``Syntax``.
///
/// Precedence, loosest first: `?:` (right-associative), `||`, `&&`, equality
/// (`== != === !==`), relational (`< <= > >= in`, not chainable), `+ -`, `* / %`, unary
/// `! - +`, then literals, paths, calls, parentheses and list brackets.
struct TextParser {
  private var tokens: [Token]
  private var position = 0
  private let bytes: [UInt8]
  private let text: FormulaText
  private var depth = 0
  private var lastEnd = 0

  /// The deepest nesting of parentheses, operators and calls accepted, and the tallest formula
  /// tree: every operator whose operand is itself an operator counts, so a chain such as
  /// `a - b - c - …` is limited too (a chain of one associative operator, `a + b + c + …`, is one
  /// node and may be any length). Compiling and evaluating recurse at most this deep.
  static let maximumDepth = FormulaLimits.maximumDepth

  /// Operators whose left-to-right chains are one n-ary node: JsonLogic's `+`, `*`, `and`, `or`
  /// take any number of arguments and mean the same as the nested form.
  private static let flattened: Set<String> = ["+", "*", "and", "or"]

  /// Text function names and the operations they denote.
  static let functions: [String: String] = [
    "min": "min", "max": "max", "clamp": "clamp", "round": "round", "floor": "floor", "ceil": "ceil",
    "abs": "abs", "pow": "pow", "sqrt": "sqrt", "cat": "cat", "substr": "substr", "merge": "merge",
    "missing": "missing", "missing_some": "missing_some", "map": "map", "filter": "filter",
    "reduce": "reduce", "all": "all", "none": "none", "some": "some", "var": "var", "bool": "!!",
    "if": "if",
  ]

  private static let binaryLevels: [String: (level: Int, name: String)] = [
    "||": (1, "or"), "&&": (2, "and"), "==": (3, "=="), "!=": (3, "!="), "===": (3, "==="),
    "!==": (3, "!=="), "<": (4, "<"), "<=": (4, "<="), ">": (4, ">"), ">=": (4, ">="),
    "in": (4, "in"), "+": (5, "+"), "-": (5, "-"), "*": (6, "*"), "/": (6, "/"), "%": (6, "%"),
  ]

  private struct Parsed {
    var syntax: Syntax
    var start: Int
    var end: Int
  }

  static func parse(_ text: String) throws(FormulaSyntaxError) -> Syntax {
    var lexer = Lexer(text)
    var parser = TextParser(tokens: try lexer.tokenize(), bytes: lexer.bytes)
    return try parser.parseFormula()
  }

  private init(tokens: [Token], bytes: [UInt8]) {
    self.tokens = tokens
    self.bytes = bytes
    self.text = FormulaText(bytes)
  }

  private var current: Token { tokens[position] }

  private mutating func advance() -> Token {
    let token = tokens[position]
    lastEnd = token.end
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

  private func describe(_ token: Token) -> String {
    switch token.kind {
    case .end: return "the end of the formula"
    case .number, .string, .path, .keyword, .symbol:
      return "'" + String(decoding: bytes[token.offset..<token.end], as: UTF8.self) + "'"
    }
  }

  private func make(_ kind: Syntax.Kind, offset: Int, start: Int, end: Int) throws(FormulaSyntaxError) -> Parsed {
    let syntax = Syntax(kind, offset: offset, text: .range(text, start: start, end: max(start, end)))
    if syntax.height > TextParser.maximumDepth {
      throw FormulaSyntaxError(
        offset: offset,
        message:
          "the formula is nested more than \(TextParser.maximumDepth) levels deep (counting operators whose operands are operators)"
      )
    }
    return Parsed(syntax: syntax, start: start, end: end)
  }

  private mutating func parseFormula() throws(FormulaSyntaxError) -> Syntax {
    if current.kind == .end { throw FormulaSyntaxError(offset: 0, message: "the formula is empty") }
    let parsed = try parseExpression()
    if current.kind != .end {
      throw FormulaSyntaxError(
        offset: current.offset,
        message: "unexpected \(describe(current)) after a complete formula; expected an operator")
    }
    return parsed.syntax
  }

  /// Counts one level of nesting: each parenthesised or bracketed expression, call argument,
  /// branch of '?' and unary operator is one level.
  private mutating func nest() throws(FormulaSyntaxError) {
    depth += 1
    if depth > TextParser.maximumDepth {
      throw FormulaSyntaxError(
        offset: current.offset, message: "the formula is nested more than \(TextParser.maximumDepth) levels deep")
    }
  }

  private mutating func parseExpression() throws(FormulaSyntaxError) -> Parsed {
    try nest()
    defer { depth -= 1 }
    let condition = try parseBinary(level: 1)
    guard isSymbol("?") else { return condition }
    let question = advance()
    let then = try parseExpression()
    guard isSymbol(":") else {
      throw FormulaSyntaxError(
        offset: current.offset, message: "expected ':' after the first branch of '?'; found \(describe(current))")
    }
    _ = advance()
    let otherwise = try parseExpression()
    return try make(
      .operation("if", [condition.syntax, then.syntax, otherwise.syntax]), offset: question.offset,
      start: condition.start, end: otherwise.end)
  }

  private func binaryOperator() -> (level: Int, name: String)? {
    switch current.kind {
    case .symbol(let symbol): return TextParser.binaryLevels[symbol]
    case .keyword("in"): return TextParser.binaryLevels["in"]
    default: return nil
    }
  }

  private mutating func parseBinary(level: Int) throws(FormulaSyntaxError) -> Parsed {
    if level > 6 { return try parseUnary() }
    var left = try parseBinary(level: level + 1)
    while let op = binaryOperator(), op.level == level {
      let opToken = advance()
      var operands = [left.syntax, try parseBinary(level: level + 1).syntax]
      // A run of one associative operator is one n-ary node, built once at the end of the run.
      if TextParser.flattened.contains(op.name) {
        while let next = binaryOperator(), next.level == level, next.name == op.name {
          _ = advance()
          operands.append(try parseBinary(level: level + 1).syntax)
        }
      }
      left = try make(.operation(op.name, operands), offset: opToken.offset, start: left.start, end: lastEnd)
      if level == 3 || level == 4, let next = binaryOperator(), next.level == level {
        throw FormulaSyntaxError(
          offset: current.offset,
          message: "comparisons cannot be chained; combine them with '&&', as in 'a < b && b < c'")
      }
    }
    return left
  }

  private mutating func parseUnary() throws(FormulaSyntaxError) -> Parsed {
    guard case .symbol(let symbol) = current.kind, symbol == "!" || symbol == "-" || symbol == "+"
    else { return try parsePrimary() }
    try nest()
    defer { depth -= 1 }
    let opToken = advance()
    let operand = try parseUnary()
    if symbol == "-", case .literal(.number(let number)) = operand.syntax.kind {
      return try make(.literal(.number(-number)), offset: opToken.offset, start: opToken.offset, end: operand.end)
    }
    return try make(
      .operation(symbol, [operand.syntax]), offset: opToken.offset, start: opToken.offset, end: operand.end)
  }

  private mutating func parsePrimary() throws(FormulaSyntaxError) -> Parsed {
    let token = current
    switch token.kind {
    case .number(let number):
      _ = advance()
      return try make(.literal(.number(number)), offset: token.offset, start: token.offset, end: token.end)
    case .string(let string):
      _ = advance()
      return try make(.literal(.string(string)), offset: token.offset, start: token.offset, end: token.end)
    case .keyword("true"), .keyword("false"), .keyword("null"):
      _ = advance()
      let value: Value = token.kind == .keyword("null") ? .null : .bool(token.kind == .keyword("true"))
      return try make(.literal(value), offset: token.offset, start: token.offset, end: token.end)
    case .path(let path):
      _ = advance()
      if isSymbol("(") { return try parseCall(name: path, token: token) }
      return try make(.variable(path), offset: token.offset, start: token.offset, end: token.end)
    case .symbol("("):
      _ = advance()
      let inner = try parseExpression()
      guard isSymbol(")") else {
        throw FormulaSyntaxError(
          offset: current.offset,
          message:
            "expected ')' to close the '(' that is character \(token.offset + 1) of the formula; found \(describe(current))"
        )
      }
      let close = advance()
      return Parsed(syntax: inner.syntax, start: token.offset, end: close.end)
    case .symbol("["):
      _ = advance()
      let elements = try parseArguments(closing: "]", what: "list element")
      return try make(.list(elements), offset: token.offset, start: token.offset, end: lastEnd)
    case .end:
      throw FormulaSyntaxError(offset: token.offset, message: "expected an operand; the formula ended")
    default:
      throw FormulaSyntaxError(offset: token.offset, message: "expected an operand, found \(describe(token))")
    }
  }

  private mutating func parseCall(name: String, token: Token) throws(FormulaSyntaxError) -> Parsed {
    guard let operation = TextParser.functions[name] else {
      let hint = Suggestion.hint(for: name, among: TextParser.functions.keys.sorted())
      throw FormulaSyntaxError(offset: token.offset, message: "unknown function '\(name)'\(hint)")
    }
    _ = advance()
    let arguments = try parseArguments(closing: ")", what: "argument")
    return try make(.operation(operation, arguments), offset: token.offset, start: token.offset, end: lastEnd)
  }

  private mutating func parseArguments(closing: String, what: String) throws(FormulaSyntaxError)
    -> [Syntax]
  {
    var arguments: [Syntax] = []
    if isSymbol(closing) {
      _ = advance()
      return arguments
    }
    while true {
      arguments.append(try parseExpression().syntax)
      if isSymbol(",") {
        _ = advance()
        continue
      }
      if isSymbol(closing) {
        _ = advance()
        return arguments
      }
      throw FormulaSyntaxError(
        offset: current.offset, message: "expected ',' or '\(closing)' after \(what); found \(describe(current))")
    }
  }
}
