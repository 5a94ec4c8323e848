import Engine
import RuleLanguage

/// `fitquest validate`: loads a rule pack strictly and reports every problem.
enum ValidateCommand: Command {
  static let name = "validate"
  static let summary = "Validate a rule pack and report every problem"
  static let usage = "fitquest validate [RULES_DIR] [--set PATH=VALUE]..."
  static let about = """
    Loads every file of the rule pack (default: rules/), checks it strictly and compiles it.
    Prints a one-line summary and exits 0, or prints every error found and exits 65.
    """
  static let footer = """
    See docs/rules.md for every file and key.
    """
  struct Options: CommandOptions {
    let set = Option.repeated("--set", "PATH=VALUE", "override a rule value first, e.g. --set xp.caps.perWorkout=400")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    let directory = arguments.positionals.first ?? "rules"
    let overrides = try Overrides.rulesOnly(arguments.set)
    let pack = try RulePackLoader.load(directory: directory, overrides: overrides)
    Console.output.line("\(directory): ok: \(pack.summary)")
    return ExitCode.success
  }
}
