import Engine
import RuleLanguage
import Simulation

/// `fitquest tune`: searches rule values that meet targets on the scenarios' Monte Carlo runs.
enum TuneCommand: Command {
  static let name = "tune"
  static let summary = "Find rule values that meet targets (goal-seeking over Monte Carlo runs)"
  static let usage = """
    fitquest tune --target 'METRIC STAT =|<=|>= VALUE [±TOL]'... --param PATH=LOW..HIGH... [SCENARIO...]
                  [--runs N] [--seed N] [--set PATH=VALUE]... [--max-evaluations N] [--format text|json]
    """
  static let about = """
    Searches values of --param (any path --set takes, formula constants through pack.constants.NAME,
    scenario values through scenario.…) within their ranges until every --target holds on the
    scenarios (default: \(ScenarioArguments.defaultScenario)), each candidate run --runs times with the same
    seeds (common random numbers). One parameter and one target: bisection; otherwise
    Nelder–Mead's simplex method. Prints the values, each target's statistic and whether it is met
    (or how far off), the evaluations made, and the --set line to paste.

    A target is METRIC STAT OP VALUE [±TOLERANCE]: METRIC any metric of docs/scenarios.md, STAT
    p10, p50, p90 (any pN), mean or happened, OP =, <= or >=, e.g. 'level.10 p50 = day 42 ±2',
    'level.20 happened >= 90%', 'totalXP mean <= 25000'. 'NAME: …' limits it to one scenario.
    """
  static let footer =
    "Exit codes: 0 every target met · 1 a target not met (the closest is shown) · 64 usage · 65 invalid rules or scenario. See docs/balancing.md."
  static let formats: [OutputFormat] = [.text, .json]
  struct Options: RunOptionsDeclaring {
    let target = Option.repeated("--target", "TARGET", "a goal: 'level.10 p50 = day 42 ±2' (repeatable)")
    let param = Option.repeated("--param", "PATH=LOW..HIGH", "a value to search within a range (repeatable)")
    let runs = RunOptions.runs(default: 200)
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let set = RunOptions.set
    let maximumEvaluations = Option.integer(
      "--max-evaluations", "N", "stop after N candidates (default \(Tuner.defaultMaximumEvaluations))",
      default: Tuner.defaultMaximumEvaluations, in: 1...10_000)
    let format = Option.format(formats)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let options = try RunOptions(arguments)
    let maximum = arguments.maximumEvaluations
    var targets: [TuneTarget] = []
    for text in arguments.target {
      do { targets.append(try TuneTarget(parsing: text)) } catch {
        throw UsageError(message: "--target \(error.diagnostics.first?.message ?? text)")
      }
    }
    var parameters: [TuneParameter] = []
    for text in arguments.param {
      do { parameters.append(try TuneParameter(parsing: text)) } catch {
        throw UsageError(message: "--param \(error.diagnostics.first?.message ?? text)")
      }
    }
    guard !targets.isEmpty, !parameters.isEmpty else {
      throw UsageError(
        message: targets.isEmpty ? "tune needs at least one --target" : "tune needs at least one --param PATH=LOW..HIGH"
      )
    }
    let fixed = (options.overrides.rules + options.overrides.scenario).map { String($0.text.prefix { $0 != "=" }) }
    for (index, parameter) in parameters.enumerated() {
      if parameters[..<index].contains(where: { $0.path == parameter.path }) {
        throw UsageError(message: "--param \(parameter.path) is given twice")
      }
      if fixed.contains(parameter.path) {
        throw UsageError(message: "'\(parameter.path)' is both searched (--param) and fixed (--set)")
      }
    }
    let files = try ScenarioArguments.files(arguments.positionals)
    // Check the targets' metrics and find the values before tuning, before any run.
    let packs = PackCache(overrides: options.overrides.rules)
    let probes = try ScenarioArguments.load(files, overrides: options.overrides, packs: packs)
    for target in targets {
      if let name = target.scenario, !probes.contains(where: { $0.name == name }) {
        throw UsageError(
          message:
            "--target '\(target.text)': no scenario '\(name)' among those tuned\(Suggestion.hint(for: name, among: probes.map(\.name)))"
        )
      }
    }
    for probe in probes {
      let engine = try packs.engine(for: probe.rulesPath)
      for target in targets where target.scenario == nil || target.scenario == probe.name {
        if let problem = Metrics.problem(with: target.metric, pack: engine.pack, days: probe.days) {
          throw UsageError(message: "--target '\(target.text)': \(problem)")
        }
      }
    }
    if let first = probes.first {
      let engine = try packs.engine(for: first.rulesPath)
      parameters = try parameters.map { parameter throws(DiagnosticError) in
        try parameter.resolved(for: first, engine: engine)
      }
    }
    let progress = Progress.start(total: maximum, label: "tuning (candidates)")
    let tuner = Tuner(
      parameters: parameters, targets: targets, runs: options.runs, threads: options.threads,
      maximumEvaluations: maximum,
      load: SweepCommand.loader(files, options), progress: progress.map { progress in { progress.update($0) } })
    let result = try tuner.run()
    progress?.finish()
    Console.output.line(arguments.format == .json ? result.json : result.text())
    return result.allMet ? ExitCode.success : ExitCode.failure
  }
}
