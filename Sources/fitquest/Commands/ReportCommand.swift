import Engine
import RuleLanguage
import Simulation

/// `fitquest report`: one self-contained HTML balance report.
enum ReportCommand: Command {
  static let name = "report"
  static let summary = "Write a self-contained HTML balance report: fan charts, milestones, overlays, sweeps"
  static let usage = """
    fitquest report [SCENARIO…] [--runs N] [--seed N] [--set PATH=VALUE]… [--base DIR (--candidate DIR | --set-candidate PATH=VALUE…)]
                    [--sweep PATH=FROM..TO:STEP] [--sensitivity] [--output FILE.html]
           fitquest report --replay REPLAY.json [--output FILE.html]
    """
  static let about = """
    Runs each scenario --runs times (default 200) and writes one HTML file — inline SVG and CSS,
    nothing loaded from the network, so it can be mailed, attached to a CI run or opened offline —
    read top-down: a headline with the answer (with --base/--candidate what moved most, with
    --sweep the medians at each value, else each scenario's headline milestones), contents, the
    run's identity (scenarios, rules with their digests, seeds, runs, overrides, version), the
    sweep's charts, then per scenario what moved, every milestone as one chart (p10–p90 of the day
    it happened, the median, the share of runs; identical milestones share a row) and, folded when
    there are several scenarios, fan charts over the days of total XP, player level and companion
    level and of XP per week (with each pack's median day of level 10 and of the first evolution),
    the nutrition adjustments and clamp hits, and the load progression of each lift. With
    --sensitivity, tornado charts of the rule values that move each headline metric most at ±10%
    (as 'fitquest sensitivity' ranks them). Every chart has a table with its numbers; the
    milestone numbers are those 'simulate --runs N --format json' prints for the same arguments.
    """
  static let footer =
    "Exit codes: 0 written · 64 usage · 65 invalid rules or scenario · 66 unreadable input · 74 cannot write. See docs/balancing.md."
  struct Options: RunOptionsDeclaring {
    let runs = RunOptions.runs(default: 200)
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let set = RunOptions.set
    let base = Option.value("--base", "DIR", "overlay two rule packs: the current one")
    let candidate = Option.value("--candidate", "DIR", "the edited rule pack (or --set-candidate on --base)")
    let setCandidate = Option.repeated("--set-candidate", "PATH=VALUE", "a rule change of the candidate (repeatable)")
    let sweep = Option.value(
      "--sweep", "PATH=FROM..TO:STEP", "sweep one value (or PATH=A,B,C) and chart the headline metrics against it")
    let sensitivity = Option.flag(
      "--sensitivity", "add tornado charts: how ±10% of each rule value moves the headline metrics")
    let sensitivityValue = Option.repeated(
      "--sensitivity-value", "PATH", "with --sensitivity, move only these rule values (repeatable)")
    let output = Option.output(
      "--output", "FILE", "where to write the report (default: report.html)", default: "report.html")
    let replay = Option.value(
      "--replay", "FILE", "render a replay of a store's players ('fitquest replay --format json') instead")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    if let replay = arguments.replay { return try runReplay(replay, arguments) }
    let options = try RunOptions(arguments)
    let output = arguments.output
    let candidateChanges = try Overrides.rulesOnly(arguments.setCandidate)
    let basePath = arguments.base
    let candidatePath = arguments.candidate ?? (candidateChanges.isEmpty ? nil : basePath)
    if (basePath == nil) != (candidatePath == nil) {
      throw UsageError(
        message: basePath == nil
          ? "--candidate and --set-candidate need --base DIR"
          : "--base needs --candidate DIR or --set-candidate PATH=VALUE")
    }
    var sweepParameter: SweepParameter?
    if let text = arguments.sweep {
      do {
        sweepParameter = try SweepParameter(parsing: text)
      } catch {
        throw UsageError(message: "--sweep \(error.diagnostics.first?.message ?? text)")
      }
    }
    let packs = PackCache(overrides: options.overrides.rules)
    let scenarios = try ScenarioArguments.load(arguments.positionals, overrides: options.overrides, packs: packs).map(
      options.seeded)
    let progress = Progress.start(total: scenarios.count * options.runs * (basePath == nil ? 1 : 2), label: "report")
    var done = 0
    var parts: [HTMLReport.Part] = []
    for scenario in scenarios {
      var sides: [(label: String, source: String, engine: Engine)] = []
      if let basePath, let candidatePath {
        sides.append(("base", basePath, try packs.engine(for: basePath)))
        let changes = candidateChanges.isEmpty ? "" : " with " + candidateChanges.map(\.text).joined(separator: ", ")
        sides.append(
          (
            "candidate", candidatePath + changes,
            try PackCache(overrides: options.overrides.rules + candidateChanges).engine(for: candidatePath)
          ))
      } else {
        sides.append((scenario.rulesPath, scenario.rulesPath, try packs.engine(for: scenario.rulesPath)))
      }
      var runSides: [HTMLReport.Side] = []
      for side in sides {
        let outcome = try ReportRunner.run(scenario, engine: side.engine, runs: options.runs, threads: options.threads)
        runSides.append(HTMLReport.Side(label: side.label, engine: side.engine, outcome: outcome, source: side.source))
        done += options.runs
        progress?.update(done)
      }
      parts.append(HTMLReport.Part(scenario: scenario, sides: runSides))
    }
    progress?.finish()
    var sweepPart: HTMLReport.SweepPart?
    if let parameter = sweepParameter {
      let files = try ScenarioArguments.files(arguments.positionals)
      let sweep = try Sweep(
        parameters: [parameter], metrics: ["totalXP", "finalLevel", "level.10", "evolution.first", "xpPerWeek.median"],
        runs: options.runs, threads: options.threads,
        load: SweepCommand.loader(files, options))
      let values = parameter.values.enumerated().map { Double($0.element) ?? Double($0.offset) }
      var byScenario: [(scenario: Scenario, aggregates: [RunAggregate])] = []
      for row in sweep.rows {
        if let index = byScenario.firstIndex(where: { $0.scenario.path == row.scenario.path }) {
          byScenario[index].aggregates.append(row.aggregate)
        } else {
          byScenario.append((row.scenario, [row.aggregate]))
        }
      }
      sweepPart = HTMLReport.SweepPart(path: parameter.path, values: values, scenarios: byScenario)
    }
    var report = HTMLReport(
      parts: parts, sweep: sweepPart, runs: options.runs,
      overrides: options.overrides.rules.map(\.text) + options.overrides.scenario.map(\.text),
      candidateOverrides: candidateChanges.map(\.text), version: FitQuestCommand.version)
    if arguments.sensitivity, let first = scenarios.first {
      report.sensitivity = try SensitivityCommand.analysis(
        arguments.positionals, first: first, packs: packs, named: arguments.sensitivityValue,
        metrics: SensitivityAnalysis.defaultMetrics, rankedBy: nil, options: options)
    }
    try OutputFile.write(report.html(), to: output)
    Console.error.line("wrote \(output): \(parts.count) scenario(s), \(options.runs) run(s) each")
    return ExitCode.success
  }
}
