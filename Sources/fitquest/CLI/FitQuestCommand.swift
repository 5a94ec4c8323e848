import RuleLanguage

/// The `fitquest` entry point: dispatches to a subcommand.
enum FitQuestCommand {
  static let commands: [CommandEntry] = [
    SimulateCommand.entry,
    CompareCommand.entry,
    SweepCommand.entry,
    TuneCommand.entry,
    SensitivityCommand.entry,
    LintCommand.entry,
    CheckCommand.entry,
    MergeCommand.entry,
    ReportCommand.entry,
    AwardCommand.entry,
    SplitCommand.entry,
    ImportCommand.entry,
    PersonaCommand.entry,
    PlayersCommand.entry,
    ReplayCommand.entry,
    MigrateCommand.entry,
    PacksCommand.entry,
    CohortsCommand.entry,
    ValidateCommand.entry,
    EvalCommand.entry,
    BenchCommand.entry,
  ]

  static let usage = "fitquest <command> [options]"

  /// FitQuest's version, as `--version` and reports print it.
  static let version = "1.0.0"

  static var help: String {
    let width = commands.map { $0.name.count }.max() ?? 0
    let lines = commands.map { "  \($0.name.padding(width))  \($0.summary)" }
    return """
      fitquest: a deterministic gamification rules engine for fitness apps.

      USAGE: \(usage)

      COMMANDS:
      \(lines.joined(separator: "\n"))

      Run 'fitquest help <command>' (or 'fitquest <command> --help') for a command's options.
      Exit codes: 0 success, 1 changes or failed expectations, 64 usage error, 65 invalid input,
      66 unreadable input, 74 output could not be written, 75 state file busy.
      """
  }

  static func main(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
      Console.output.line(help)
      return ExitCode.success
    }
    if first == "help" && arguments.count > 1 {
      guard let command = commands.first(where: { $0.name == arguments[1] }) else {
        Console.error.line(
          "error: unknown command '\(arguments[1])'\(Suggestion.hint(for: arguments[1], among: commands.map(\.name)))")
        return ExitCode.usage
      }
      Console.output.line(command.help)
      return ExitCode.success
    }
    if first == "--help" || first == "-h" || first == "help" {
      Console.output.line(help)
      return ExitCode.success
    }
    if first == "--version" {
      Console.output.line("fitquest \(version)")
      return ExitCode.success
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let hint = Suggestion.hint(for: first, among: commands.map(\.name))
      Console.error.line("error: unknown command '\(first)'\(hint)")
      Console.error.line("usage: \(usage)")
      return ExitCode.usage
    }
    return command.run(Array(arguments.dropFirst()))
  }
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
