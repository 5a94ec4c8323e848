import Engine
import RuleLanguage
import Simulation

/// `fitquest sensitivity`: which rule value moves which headline metric most.
enum SensitivityCommand: Command {
  static let name = "sensitivity"
  static let summary = "Rank rule values by how much ±10% of each moves the headline metrics"
  static let usage = """
    fitquest sensitivity [SCENARIO...] [--value PATH]... [--metrics LIST] [--rank-by METRIC] [--runs N] [--seed N]
                         [--set PATH=VALUE]... [--top N] [--format text|csv|json]
    """
  static let about = """
    Moves every numeric value of the scenarios' rule pack (or each --value) 10% down and 10% up, one
    at a time, runs each scenario (default: \(ScenarioArguments.defaultScenario)) --runs times with the same seeds for
    every value (common random numbers), and ranks the values by how far they move the metrics:
    the median day of day metrics (level 10, level 20), the mean of the others (total XP,
    evolutions, quests, clamp share). A value whose place takes whole numbers only moves to the
    nearest whole number 10% away (or by 1); values at 0 are not moved; a value the pack refuses
    is listed with the reason.
    'fitquest report --sensitivity' draws the same numbers as tornado charts.
    """
  static let footer = "Exit codes: 0 done · 64 usage · 65 invalid rules or scenario. See docs/balancing.md."
  static let formats: [OutputFormat] = [.text, .csv, .json]
  struct Options: RunOptionsDeclaring {
    let value = Option.repeated(
      "--value", "PATH", "a rule value to move (repeatable; default: every number of the pack)")
    let metrics = Option.value(
      "--metrics", "LIST",
      "comma-separated metrics (default: \(SensitivityAnalysis.defaultMetrics.joined(separator: ",")))")
    let rankBy = Option.value(
      "--rank-by", "METRIC", "rank by this metric's move alone (default: the largest relative move)")
    let top = Option.integer("--top", "N", "rows of the text table (default 20)", default: 20, in: 1...100_000)
    let runs = RunOptions.runs(default: 200)
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let set = RunOptions.set
    let format = Option.format(formats)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let options = try RunOptions(arguments)
    let files = try ScenarioArguments.files(arguments.positionals)
    var metrics = try MetricList.parse(arguments.metrics, defaults: SensitivityAnalysis.defaultMetrics)
    if let rankBy = arguments.rankBy, !metrics.contains(rankBy) {
      throw UsageError(message: "--rank-by '\(rankBy)' is not among the metrics (\(metrics.joined(separator: ",")))")
    }
    let packs = PackCache(overrides: options.overrides.rules)
    let probes = try ScenarioArguments.load(files, overrides: options.overrides, packs: packs)
    for probe in probes where arguments.metrics == nil {
      // The default level milestones are kept to those every pack has.
      let engine = try packs.engine(for: probe.rulesPath)
      metrics = metrics.filter { Metrics.problem(with: $0, pack: engine.pack, days: probe.days) == nil }
    }
    for probe in probes {
      let engine = try packs.engine(for: probe.rulesPath)
      for metric in metrics {
        if let problem = Metrics.problem(with: metric, pack: engine.pack, days: probe.days) {
          throw UsageError(message: "--metrics: \(problem)")
        }
      }
    }
    guard let first = probes.first else { return ExitCode.success }
    let analysis = try Self.analysis(
      arguments.positionals, first: first, packs: packs, named: arguments.value, metrics: metrics,
      rankedBy: arguments.rankBy,
      options: options)
    switch arguments.format {
    case .csv: Console.output.line(analysis.csv)
    case .json: Console.output.line(analysis.json)
    default: Console.output.line(analysis.text(top: arguments.top))
    }
    return ExitCode.success
  }

  /// The analysis of the scenarios named (the rule values of the first one's pack, or those
  /// named), with progress; `report --sensitivity` uses it too.
  static func analysis(
    _ paths: [String], first: Scenario, packs: PackCache, named: [String], metrics: [String], rankedBy: String?,
    options: RunOptions
  ) throws -> SensitivityAnalysis {
    let files = try ScenarioArguments.files(paths)
    let pack = try packs.engine(for: first.rulesPath).pack
    let values =
      named.isEmpty
      ? SensitivityAnalysis.ruleValues(of: pack) : try SensitivityAnalysis.ruleValues(of: pack, named: named)
    let progress = Progress.start(total: values.count * 2 * options.runs * files.count, label: "sensitivity")
    defer { progress?.finish() }
    return try SensitivityAnalysis(
      values: values, metrics: metrics, runs: options.runs, threads: options.threads, rankedBy: rankedBy,
      load: SweepCommand.loader(files, options), progress: progress?.callback)
  }
}
