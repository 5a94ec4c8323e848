import Engine
import Foundation
import RuleLanguage
import Simulation

/// `fitquest sweep`: one scenario for each value of a parameter.
enum SweepCommand: Command {
  static let name = "sweep"
  static let summary = "Run a scenario for each value of a rule or scenario parameter"
  static let usage = "fitquest sweep --set PATH=FROM..TO:STEP [SCENARIO] [--runs N] [--metrics M,M...] [--format text|csv]"
  static let help = """
    Runs the scenario (default: \(ScenarioArguments.defaultScenario)) once per value of PATH and prints a table of
    key metrics per value, so that you can pick, say, the multiplier that puts level 10 at week 8.

    OPTIONS:
      --set PATH=FROM..TO:STEP   the swept value, e.g. xp.categories.strength.multiplier=1.0..1.5:0.1
      --set PATH=VALUE           further fixed overrides (rules or scenario.…)
      --runs N                   medians over N seeds per value
      --threads N                threads for --runs (default: all cores)
      --metrics LIST             comma-separated metrics (default: \(Sweep.defaultMetrics.joined(separator: ",")))
      --format FORMAT            text (default) or csv
      -h, --help                 show this help
    """
  static let options = OptionSpec(values: ["--runs", "--threads", "--metrics", "--format"], repeated: ["--set"])

  static func run(_ arguments: Arguments) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    let format = arguments.value("--format") ?? "text"
    guard format == "text" || format == "csv" else { throw UsageError(message: "--format must be text or csv") }
    let sets = arguments.all("--set")
    let swept = sets.filter { $0.contains("..") }
    guard swept.count == 1 else {
      throw UsageError(message: swept.isEmpty ? "sweep needs one --set PATH=FROM..TO:STEP" : "sweep one parameter at a time")
    }
    let range: Sweep.Range
    do {
      range = try Sweep.Range(parsing: swept[0])
    } catch {
      throw UsageError(message: "--set \(error.diagnostics.first?.message ?? swept[0])")
    }
    let fixed = try Overrides(sets.filter { !$0.contains("..") })
    let runs = try arguments.integer("--runs", default: 1, in: 1...1_000_000)
    let threads = try arguments.integer("--threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
    let path = arguments.positionals.first ?? ScenarioArguments.defaultScenario
    let metrics = arguments.value("--metrics")?.split(separator: ",").map(String.init) ?? Sweep.defaultMetrics
    let probe = try ScenarioArguments.load([path], overrides: fixed, packs: PackCache(overrides: fixed.rules, explain: false))[0]
    let probeEngine = try PackCache(overrides: fixed.rules, explain: false).engine(for: probe.rulesPath)
    for metric in metrics {
      if let problem = Metrics.problem(with: metric, pack: probeEngine.pack, days: probe.days) {
        throw UsageError(message: "--metrics: \(problem)")
      }
    }
    let sweep = try Sweep(range: range, metrics: metrics, runs: runs, threads: threads) { override throws(DiagnosticError) in
      var overrides = fixed
      if case .key("scenario")? = override.steps.first { overrides.scenario.append(override) } else { overrides.rules.append(override) }
      let packs = PackCache(overrides: overrides.rules, explain: false)
      let scenario = try ScenarioArguments.load([path], overrides: overrides, packs: packs)[0]
      return (scenario, try packs.engine(for: scenario.rulesPath))
    }
    let title = "\(probe.name): \(range.path) from \(NumberText.format(range.values.first ?? 0)) to \(NumberText.format(range.values.last ?? 0)); \(runs == 1 ? "seed \(probe.seed)" : "medians of \(runs) runs")"
    Console.output.line(format == "csv" ? sweep.csv : sweep.text(title: title))
    return ExitCode.success
  }
}
