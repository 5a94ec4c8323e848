import LiveOps
import RuleLanguage

extension ReportCommand {
  /// `report --replay FILE`: the HTML page of a replay (`fitquest replay --format json`).
  static func runReplay(_ path: String, _ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 0)
    try arguments.refuseOptions(besides: ["--replay", "--output"], because: "--replay renders a replay file")
    let document = try ReplayDocument.load(path: path)
    try OutputFile.write(try document.report(version: FitQuestCommand.version).html(), to: arguments.output)
    Console.error.line("wrote \(arguments.output): replay of \(document.players.count) player(s)")
    return ExitCode.success
  }
}

extension Arguments {
  /// Fails when an option other than `allowed` was given (a mode that ignores them says so).
  func refuseOptions(besides allowed: [String], because reason: String) throws(UsageError) {
    for spec in Options.declarations.map(\.spec) where !allowed.contains(spec.name) && scan.texts(spec.name) != nil {
      throw UsageError(message: "\(reason); drop \(spec.name)")
    }
  }
}
