import Engine
import Foundation
import RuleLanguage
import Simulation

/// `fitquest compare`: the same scenarios under two rule packs, side by side.
enum CompareCommand: Command {
  static let name = "compare"
  static let summary = "Run scenarios under two rule packs and show what moved"
  static let usage = "fitquest compare --base DIR --candidate DIR [SCENARIO...] [--runs N] [--format text|json]"
  static let help = """
    Runs each scenario (default: \(ScenarioArguments.defaultScenario)) with the same seeds under the base and
    the candidate rule packs (the scenarios' own 'rules' are ignored) and prints every metric side by side
    with its delta, starting with what moved: "level 10 reached on day 64 → day 81 (+17)".

    OPTIONS:
      --base DIR         the current rule pack
      --candidate DIR    the edited rule pack
      --runs N           compare distributions over N seeds (medians, and how often things happen)
      --threads N        threads for --runs (default: all cores)
      --format FORMAT    text (default) or json
      --set PATH=VALUE   override a scenario value (scenario.…) for both sides
      -h, --help         show this help
    """
  static let options = OptionSpec(values: ["--base", "--candidate", "--runs", "--threads", "--format"], repeated: ["--set"])

  static func run(_ arguments: Arguments) throws -> Int32 {
    guard let base = arguments.value("--base"), let candidate = arguments.value("--candidate") else {
      throw UsageError(message: "compare needs --base DIR and --candidate DIR")
    }
    let format = arguments.value("--format") ?? "text"
    guard format == "text" || format == "json" else { throw UsageError(message: "--format must be text or json") }
    let runs = try arguments.integer("--runs", default: 1, in: 1...1_000_000)
    let threads = try arguments.integer("--threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
    let overrides = try Overrides(arguments.all("--set"))
    if !overrides.rules.isEmpty {
      throw UsageError(message: "compare takes rule changes from --candidate; --set only changes scenario values here")
    }
    let packs = PackCache(explain: false)
    let baseEngine = try packs.engine(for: base)
    let candidateEngine = try packs.engine(for: candidate)
    let scenarios = try ScenarioArguments.load(arguments.positionals, overrides: overrides, packs: packs)
    var outputs: [String] = []
    for scenario in scenarios {
      let comparison = try Comparison(scenario, base: baseEngine, candidate: candidateEngine, runs: runs, threads: threads)
      let baseName = "\(base) (\(baseEngine.pack.name) \(baseEngine.pack.version))"
      let candidateName = "\(candidate) (\(candidateEngine.pack.name) \(candidateEngine.pack.version))"
      outputs.append(format == "json"
        ? comparison.json(baseName: baseName, candidateName: candidateName)
        : comparison.text(baseName: baseName, candidateName: candidateName))
    }
    Console.output.line(format == "json" && outputs.count > 1 ? "[\n" + outputs.joined(separator: ",\n") + "\n]" : outputs.joined(separator: "\n\n"))
    return ExitCode.success
  }
}
