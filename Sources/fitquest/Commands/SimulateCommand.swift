import Engine
import RuleLanguage
import Simulation

/// `fitquest simulate`: runs scenarios and reports what players experience.
enum SimulateCommand: Command {
  static let name = "simulate"
  static let summary = "Run scenarios and report what players experience (the main job)"
  static let usage =
    "fitquest simulate [SCENARIO...] [--runs N [--percentiles LIST | --per-run]] [--seed N] [--format FORMAT] [--svg FILE] [--set PATH=VALUE]..."
  static let about = """
    Simulates the training life a scenario describes (default: \(ScenarioArguments.defaultScenario)) under its rule
    pack and reports levels, evolutions, achievements, streaks, records, XP per week and nutrition.
    SCENARIO may be a file or a directory of scenario files.

    One run prints the report (text), the summary (json), the day-by-day timeline (csv), every
    award (ndjson) or the generated events (events, which 'fitquest award --today' accepts).
    With --runs N, every metric becomes a distribution (p10/p50/p90, min, max and how often it
    happened; "never" ranks after every day) in text, json or csv; --percentiles 5,25,50,75,95
    shows other percentiles (nearest rank, 0 to 100, at most 2 decimals). With --per-run, the
    csv lists every run's value instead: one row per run and metric (scenario,run,metric,value;
    runs from 0, run 0 being the single run of the seed; an empty value is "never"), for
    spreadsheets and pandas.
    """
  static let formats: [OutputFormat] = [.text, .json, .csv, .ndjson, .events]
  struct Options: RunOptionsDeclaring {
    let format = Option.format(formats)
    let runs = RunOptions.runs
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let set = RunOptions.set
    let svg = Option.output("--svg", "FILE", "also write a chart of the run as SVG")
    let scale = Option.value(
      "--scale", "XP,LEVEL", "fix the SVG's axes (maximum XP and level) so that two charts compare",
      parse: SVGScaleArgument.parse)
    let percentiles = Option.value(
      "--percentiles", "LIST", "with --runs: the percentiles shown (default 10,50,90), e.g. 5,25,50,75,95",
      parse: SimulateCommand.parsePercentiles)
    let perRun = Option.flag("--per-run", "with --runs and --format csv: one row per run and metric")
    let shard = Sharding.option
  }
  static let footer = "See docs/scenarios.md for scenario files and metrics, docs/balancing.md for a walkthrough."

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let format = arguments.format
    let options = try RunOptions(arguments)
    let svg = arguments.svg
    let scale = arguments.scale
    if options.runs > 1 && (format == .ndjson || format == .events || svg != nil) {
      throw UsageError(
        message: "--format \(format.rawValue) and --svg describe one run; drop --runs or use text, json or csv")
    }
    if scale != nil && svg == nil { throw UsageError(message: "--scale applies to --svg") }
    let percentiles = arguments.percentiles ?? .standard
    if options.runs == 1 && (arguments.percentiles != nil || arguments.perRun) {
      throw UsageError(message: "--\(arguments.perRun ? "per-run" : "percentiles") describes many runs; add --runs N")
    }
    if arguments.perRun {
      if format != .csv { throw UsageError(message: "--per-run writes csv; add --format csv") }
      if arguments.percentiles != nil { throw UsageError(message: "--per-run lists every run; drop --percentiles") }
      if arguments.shard != nil { throw UsageError(message: "--per-run lists every run in one process; drop --shard") }
    }
    let packs = PackCache(overrides: options.overrides.rules)
    let scenarios = try ScenarioArguments.load(arguments.positionals, overrides: options.overrides, packs: packs)
      .map(options.seeded)
    if scenarios.count > 1 && (format == .ndjson || format == .events || svg != nil) {
      throw UsageError(message: "--format \(format.rawValue) and --svg describe one scenario; name a single scenario")
    }
    var outputs: [String] = []
    for scenario in scenarios {
      let engine = try packs.engine(for: scenario.rulesPath)
      if arguments.perRun {
        let progress = Progress.start(total: options.runs, label: "simulating \(scenario.name)")
        let runs = try MonteCarlo.perRun(
          scenario, engine: engine, count: options.runs, threads: options.threads, progress: progress?.callback)
        progress?.finish()
        outputs += CSVReport.perRun(scenario, runs)
        continue
      }
      if options.runs > 1 {
        let progress = Progress.start(total: options.runs, label: "simulating \(scenario.name)")
        let aggregate = try MonteCarlo.run(
          scenario, engine: engine, count: options.runs, threads: options.threads, progress: progress?.callback)
        progress?.finish()
        switch format {
        case .json: outputs.append(JSONReport.distribution(scenario, engine, aggregate, percentiles: percentiles))
        case .csv: outputs += CSVReport.distribution(scenario, aggregate, percentiles: percentiles)
        default: outputs.append(TextReport.distribution(scenario, engine, aggregate, percentiles: percentiles))
        }
        continue
      }
      let recording = RecordingOptions(
        timeline: format == .csv || svg != nil, awards: format == .ndjson, digests: true, events: format == .events)
      let result = try SimulationRunner.run(scenario, engine: engine, recording: recording)
      if let svg {
        let overrides = options.overrides.rules.map(\.text) + options.overrides.scenario.map(\.text)
        try OutputFile.write(
          SVGChart.render(
            scenario, engine, result, scale: scale, overrides: overrides, version: FitQuestCommand.version), to: svg)
      }
      switch format {
      case .json: outputs.append(JSONReport.single(scenario, engine, result))
      case .csv: outputs += CSVReport.timeline(scenario.name, result.timeline)
      case .ndjson: outputs.append(result.awardLines.joined(separator: "\n"))
      case .events: outputs.append(result.events.map(\.jsonLine).joined(separator: "\n"))
      case .text: outputs.append(TextReport.single(scenario, engine, result))
      }
    }
    switch format {
    case .json: Console.output.line(JSONReport.document(outputs))
    case .csv:
      Console.output.line(
        arguments.perRun
          ? CSVReport.perRunHeader
          : options.runs > 1 ? CSVReport.distributionHeader(percentiles) : CSVReport.timelineHeader)
      for line in outputs { Console.output.line(line) }
    case .text: Console.output.line(outputs.joined(separator: "\n\n"))
    case .ndjson, .events: Console.output.line(outputs.joined(separator: "\n"))
    }
    return ExitCode.success
  }
}

extension SimulateCommand {
  /// `--percentiles LIST`.
  @Sendable static func parsePercentiles(_ text: String) throws(UsageError) -> PercentileColumns {
    switch PercentileColumns.parse(text) {
    case .success(let columns): return columns
    case .failure(let failure): throw UsageError(message: "--percentiles: \(failure.message)")
    }
  }
}

/// `--scale XP,LEVEL`: fixed maxima for the SVG's axes.
enum SVGScaleArgument {
  @Sendable static func parse(_ text: String) throws(UsageError) -> SVGChart.Scale {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let xp = parts[0], let level = parts[1], xp > 0, level > 0, xp.isFinite, level.isFinite
    else {
      throw UsageError(message: "--scale needs XP,LEVEL, two positive numbers such as 25000,30; found '\(text)'")
    }
    return SVGChart.Scale(maxXP: xp, maxLevel: level)
  }
}
