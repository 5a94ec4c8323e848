import Engine
import RuleLanguage
import Simulation

/// `fitquest sweep`: scenarios for each value of one or two parameters.
enum SweepCommand: Command {
  static let name = "sweep"
  static let summary = "Run scenarios for each value of one or two rule or scenario parameters"
  static let usage =
    "fitquest sweep --set PATH=FROM..TO:STEP|A,B,C [--set PATH=…] [SCENARIO...] [--runs N] [--metrics LIST] [--format text|json|csv]"
  static let about = """
    Runs each scenario (default: \(ScenarioArguments.defaultScenario); a directory runs every scenario in it)
    once per value of the swept parameter, or per combination of two (a grid), and prints the key
    metrics, so that you can pick, say, the multiplier that puts level 10 at week 8. With --runs N,
    each point shows p10/p50/p90 and how often milestones happened.

    A value is swept by a range (xp.categories.strength.multiplier=1.0..1.5:0.1) or a list
    (xp.rounding=halfAwayFromZero,halfEven); other --set values are fixed. Formula constants are
    swept through the pack's 'constants' (pack.constants.levelBase=80..120:10; docs/rules.md).
    """
  static let formats: [OutputFormat] = [.text, .json, .csv]
  struct Options: RunOptionsDeclaring {
    let set = Option.repeated(
      "--set", "PATH=VALUES",
      "a swept value (FROM..TO:STEP or A,B,C; one or two of them), or a fixed\noverride (PATH=VALUE) of a rule or scenario value"
    )
    let runs = RunOptions.runs
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let format = Option.format(formats)
    let metrics = Option.value(
      "--metrics", "LIST", "comma-separated metrics (default: \(Sweep.defaultMetrics.joined(separator: ",")))")
    let shard = Sharding.option
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let format = arguments.format
    let options = try RunOptions(arguments, sweeping: true)
    let swept = arguments.set.filter(SweepParameter.isSweep)
    guard !swept.isEmpty, swept.count <= 2 else {
      throw UsageError(
        message: swept.isEmpty
          ? "sweep needs --set PATH=FROM..TO:STEP or PATH=A,B,C" : "sweep at most two parameters at a time (a grid)")
    }
    var parameters: [SweepParameter] = []
    for text in swept {
      do {
        parameters.append(try SweepParameter(parsing: text))
      } catch {
        throw UsageError(message: "--set \(error.diagnostics.first?.message ?? text)")
      }
    }
    if parameters.count == 2, parameters[0].path == parameters[1].path {
      throw UsageError(message: "both swept values change '\(parameters[0].path)'")
    }
    let files = try ScenarioArguments.files(arguments.positionals)
    let metrics = try MetricList.parse(arguments.metrics, defaults: Sweep.defaultMetrics)
    // Check the metrics (and every scenario) once with the fixed overrides, before any run.
    let probePacks = PackCache(overrides: options.overrides.rules)
    let probes = try ScenarioArguments.load(files, overrides: options.overrides, packs: probePacks)
    for probe in probes {
      let engine = try probePacks.engine(for: probe.rulesPath)
      for metric in metrics {
        if let problem = Metrics.problem(with: metric, pack: engine.pack, days: probe.days) {
          throw UsageError(message: "--metrics: \(problem)")
        }
      }
    }
    let points = Sweep.points(parameters).count
    let progress = Progress.start(total: points * files.count * options.runs, label: "sweeping")
    let sweep = try Sweep(
      parameters: parameters, metrics: metrics, runs: options.runs, threads: options.threads,
      load: loader(files, options), progress: progress?.callback)
    progress?.finish()
    switch format {
    case .json: Console.output.line(sweep.json)
    case .csv: Console.output.line(sweep.csv)
    default: Console.output.line(sweep.text())
    }
    return ExitCode.success
  }

  /// The scenarios of `files` with their engines at one point of a sweep (its overrides added to
  /// the fixed ones).
  static func loader(_ files: [String], _ options: RunOptions)
    -> @Sendable ([JSONOverride]) throws(DiagnosticError) -> [(Scenario, Engine)]
  {
    { point throws(DiagnosticError) in
      let overrides: Overrides
      do {
        overrides = try options.overrides.adding(point)
      } catch {
        throw DiagnosticError(Diagnostic(message: "\(error)"))
      }
      let packs = PackCache(overrides: overrides.rules)
      return try ScenarioArguments.load(files, overrides: overrides, packs: packs).map {
        scenario throws(DiagnosticError) in
        (options.seeded(scenario), try packs.engine(for: scenario.rulesPath))
      }
    }
  }
}
