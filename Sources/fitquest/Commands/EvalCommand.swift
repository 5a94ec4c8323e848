import RuleLanguage

/// `fitquest eval`: compiles a formula, evaluates it against data, prints the result as JSON.
enum EvalCommand: Command {
  static let name = "eval"
  static let summary = "Evaluate a formula (readable text or JsonLogic) against JSON data"
  static let usage =
    "fitquest eval [--jsonlogic] [--trace] EXPRESSION [--data JSON | --data @FILE] [--rules DIR [--scope NAME] [--state FILE]]"
  static let about = """
    Compiles EXPRESSION (or the formula in FILE, for @FILE) and prints its value as JSON.
    Evaluation is limited (\(FormulaLimits.description)), so formulas from users cannot
    take a service down; a formula over a limit is an error (exit 65). An expression that starts with '-' is
    read as the expression, not as an option ('fitquest eval "-7 % 3"'); '--' also ends options.

    With --rules DIR, EXPRESSION is compiled exactly as the pack compiles a formula written in
    the place --scope names (default: workout): the pack's constants (const.NAME) and the facts
    of that place, with their types. An unknown name is an error with a "did you mean" (exit 65),
    and every fact the formula reads takes its value from --data, by its dotted name
    ({"player": {"streak": 4}} or {"player.streak": 4}) or, with --state FILE, from a saved
    player (its player and companion facts, as achievement conditions see them). The scopes:
    \(RuleScope.help)

    EXAMPLES:
      fitquest eval '2 + 3 * 4'
      fitquest eval '-7 % 3'
      fitquest eval --jsonlogic '{"var":"a.b"}' --data '{"a":{"b":[1,2]}}'
      fitquest eval --trace 'round((50 + w.durationMin * 1.5) * 1.2)' --data '{"w":{"durationMin":45}}'
      fitquest eval --rules rules --scope curve 'floor(const.levelBase * pow(level - 1, 1.5))' --data '{"level":10}'
    """
  static let footer = """
    See docs/formulas.md for the grammar, operators and functions.
    """
  struct Options: CommandOptions {
    let jsonlogic = Option.flag("--jsonlogic", "EXPRESSION is JsonLogic JSON, e.g. '{\"var\":\"a.b\"}'")
    let data = Option.value("--data", "VALUE", "the data variables are read from: inline JSON, or @FILE to read a file")
    let trace = Option.flag("--trace", "also print the value of every sub-expression")
    let rules = Option.value("--rules", "DIR", "compile as this rule pack does (its constants and facts)")
    let scope = Option.value(
      "--scope", "NAME", "with --rules: the place the formula is written (default: workout)", parse: RuleScope.parse)
    let state = Option.value("--state", "FILE", "with --rules: read the facts of this saved player (--data adds to it)")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    guard var expression = arguments.positionals.first else {
      throw UsageError(message: "missing EXPRESSION")
    }
    var name = "<expression>"
    if expression.hasPrefix("@") {
      name = String(expression.dropFirst())
      expression = try FileSystem.read(name).text
      while expression.last == "\n" || expression.last == "\r" { expression.removeLast() }
    }
    let data = try readData(arguments.data)
    if arguments.rules == nil && (arguments.scope != nil || arguments.state != nil) {
      throw UsageError(message: "--\(arguments.scope != nil ? "scope" : "state") needs --rules DIR")
    }
    let formula: Formula
    var slots: [Double]?
    if let rules = arguments.rules {
      if arguments.jsonlogic { throw UsageError(message: "--rules compiles readable text; drop --jsonlogic") }
      (formula, slots) = try compile(
        expression, name: name, rules: rules, scope: arguments.scope ?? .workout, data: data, state: arguments.state)
    } else if arguments.jsonlogic {
      let source = SourceFile(name: name, text: expression)
      formula = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(source), source: source)
    } else {
      formula = try FormulaCompiler.compile(text: expression, origin: .whole(SourceFile(name: name, text: expression)))
    }
    let (result, trace) =
      arguments.trace || slots != nil
      ? formula.traced(data: data, slots: slots) : (evaluate(formula, data), [])
    switch result {
    case .success(let value):
      Console.output.line(value.description)
      if arguments.trace {
        for entry in trace {
          let indent = String(repeating: "  ", count: entry.depth + 1)
          Console.output.line("\(indent)\(entry.source) = \(entry.value)")
        }
      }
      return ExitCode.success
    case .failure(let failure):
      throw DiagnosticError(formula.diagnostic(for: failure))
    }
  }

  private static func evaluate(_ formula: Formula, _ data: Value) -> Result<Value, FormulaFailure> {
    Result { () throws(FormulaFailure) -> Value in try formula.evaluate(data: data) }
  }

  private static func readData(_ option: String?) throws(DiagnosticError) -> Value {
    guard let option else { return .null }
    if option.hasPrefix("@") {
      let source = try FileSystem.read(String(option.dropFirst()))
      return Value(try JSONReader.parse(source))
    }
    return Value(try JSONReader.parse(SourceFile(name: "<data>", text: option)))
  }
}
