import Engine
import Foundation
import RuleLanguage
import Simulation

/// `fitquest simulate`: runs scenarios and reports what players experience.
enum SimulateCommand: Command {
  static let name = "simulate"
  static let summary = "Run scenarios and report what players experience (the main job)"
  static let usage = "fitquest simulate [SCENARIO...] [--runs N] [--format text|json|csv|ndjson|events] [--svg FILE] [--set PATH=VALUE]..."
  static let help = """
    Simulates the training life a scenario describes (default: \(ScenarioArguments.defaultScenario)) under its rule
    pack and reports levels, evolutions, achievements, streaks, records, XP per week and nutrition.
    SCENARIO may be a file or a directory of scenario files.

    OPTIONS:
      --format FORMAT    text (default), json (the summary), csv (the day-by-day timeline),
                         ndjson (every award of the run), events (the generated events, which
                         'fitquest award' accepts)
      --svg FILE         also write a chart of the run as SVG
      --runs N           Monte Carlo: run N seeds derived from the scenario's seed and report
                         p10/p50/p90/min/max of every metric (text or json)
      --threads N        threads for --runs (default: all cores); results do not depend on it
      --seed N           run with this seed instead of the scenario's
      --set PATH=VALUE   override a rule value (xp.categories.strength.multiplier=1.5) or a
                         scenario value (scenario.adherence.probability=0.7) for this run
      -h, --help         show this help

    See docs/scenarios.md for scenario files and metrics, docs/balancing.md for a walkthrough.
    """
  static let options = OptionSpec(values: ["--format", "--svg", "--runs", "--threads", "--seed"], repeated: ["--set"])

  static func run(_ arguments: Arguments) throws -> Int32 {
    let format = arguments.value("--format") ?? "text"
    guard ["text", "json", "csv", "ndjson", "events"].contains(format) else {
      throw UsageError(message: "--format must be text, json, csv, ndjson or events; found '\(format)'")
    }
    let runs = try arguments.integer("--runs", default: 1, in: 1...1_000_000)
    let threads = try arguments.integer("--threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
    let seed = try arguments.value("--seed").map { text throws(UsageError) -> UInt64 in
      guard let value = UInt64(text) else { throw UsageError(message: "--seed needs a whole number; found '\(text)'") }
      return value
    }
    let singleRun = ["csv", "ndjson", "events"].contains(format) || arguments.value("--svg") != nil
    if runs > 1 && singleRun {
      throw UsageError(message: "--format \(format) and --svg describe one run; drop --runs or use --format text or json")
    }
    let overrides = try Overrides(arguments.all("--set"))
    let packs = PackCache(overrides: overrides.rules, explain: runs == 1)
    let scenarios = try ScenarioArguments.load(arguments.positionals, overrides: overrides, packs: packs)
    if scenarios.count > 1 && singleRun {
      throw UsageError(message: "--format \(format) and --svg describe one scenario; name a single scenario")
    }
    var outputs: [String] = []
    for scenario in scenarios {
      let engine = try packs.engine(for: scenario.rulesPath)
      if runs > 1 {
        let summaries = try MonteCarlo.run(scenario, engine: engine, count: runs, threads: threads, progress: progress(runs))
        if Console.error.isTerminal && runs >= 200 { Console.error.write("\r\u{1B}[K") }
        outputs.append(format == "json"
          ? JSONReport.distribution(scenario, engine, summaries) : TextReport.distribution(scenario, engine, summaries))
        continue
      }
      let recording = RecordingOptions(
        timeline: format == "csv" || arguments.value("--svg") != nil, awards: format == "ndjson", digests: true,
        events: format == "events")
      let result = try SimulationRunner.run(scenario, engine: engine, seed: seed, recording: recording)
      if let svg = arguments.value("--svg") {
        try write(SVGChart.render(scenario, engine, result), to: svg)
      }
      switch format {
      case "json": outputs.append(JSONReport.single(scenario, engine, result))
      case "csv": outputs.append(CSVTimeline.render(result.timeline))
      case "ndjson": outputs.append(result.awardLines.joined(separator: "\n"))
      case "events": outputs.append(result.events.map(\.jsonLine).joined(separator: "\n"))
      default: outputs.append(TextReport.single(scenario, engine, result))
      }
    }
    if format == "json" && outputs.count > 1 {
      Console.output.line("[\n" + outputs.joined(separator: ",\n") + "\n]")
    } else {
      Console.output.line(outputs.joined(separator: format == "text" ? "\n\n" : "\n"))
    }
    return ExitCode.success
  }

  static func progress(_ total: Int) -> (@Sendable (Int) -> Void)? {
    guard Console.error.isTerminal, total >= 200 else { return nil }
    let step = max(1, total / 50)
    return { done in
      if done % step == 0 || done == total {
        Console.error.write("\rsimulating: \(done)/\(total) runs")
        Console.error.flush()
      }
    }
  }

  static func write(_ text: String, to path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure(code: ExitCode.ioError, message: "\(path): cannot write: \(error.localizedDescription)")
    }
  }
}
