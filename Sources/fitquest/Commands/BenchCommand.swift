import Benchmarks
import Foundation
import RuleLanguage

/// `fitquest bench`: measures the engine on the four workloads (use a release build).
enum BenchCommand: Command {
  static let name = "bench"
  static let summary = "Measure performance on the benchmark workloads (swift run -c release fitquest bench)"
  static let usage =
    "fitquest bench [--quick] [--json] [--only W1,W2,montecarlo,award,store,progress,tune,sensitivity,import,replay,liveops] [--repetitions N]"
  static let about = """
    Runs the workloads of docs/performance.md and prints median figures over repetitions:
      W1          ../shared/bench/W1.md through the engine (rules/w1) and hand-written, same process
      W2          the default rule pack on a long stream from the scenario generator
      montecarlo  1,000 runs of the default scenario on 1 thread and on all cores
      tune        tune one rule value to one p50 target on the default scenario, 200 runs per candidate
      sensitivity ±10% of every numeric value of the default pack, 200 runs each
      award       a long NDJSON file through 'fitquest award' (MB/s, events/s, peak RSS), and pack load time
      store       'award --store' of 10,000 players × 30 days in one process and in two partitions at once;
                  100,000 players through --cache-mb 256; 'players show' of one of them; a player's save+load
      progress    one player's progress saved and loaded: its binary form against Codable (compact, JSON)
      import      'fitquest import' of a Strong export of 100,000 sets and of Apple Health exports (plain and
                  zipped) of 64 and 256 MB, with peak RSS
      replay      10,000 players × 90 days replayed under two packs and compared, in memory
      liveops     'replay' and 'migrate' on a store of 10,000 players × 90 days filled by 'award --store'
    """
  struct Options: CommandOptions {
    let quick = Option.flag("--quick", "small sizes, a few seconds in all (CI runs this so the benchmark never rots)")
    let json = Option.flag("--json", "one JSON object per workload instead of the table")
    let only = Option.value("--only", "LIST", "comma-separated workloads to run")
    let repetitions = Option.integer(
      "--repetitions", "N", "repetitions per workload (default 3; the median is reported)", in: 1...100)
    let w1Events = Option.integer("--w1-events", "N", "W1 size (default 1,000,000)", in: 1_000...100_000_000)
    let awardLines = Option.integer(
      "--award-lines", "N", "award input size (default 1,000,000)", in: 1_000...100_000_000)
    let storePlayers = Option.integer(
      "--store-players", "N", "players of the award --store workload (default 10,000; 30 days each)", in: 1...10_000_000
    )
    let liveopsPlayers = Option.integer(
      "--liveops-players", "N", "players of the liveops workload's store (default 10,000; 90 days each)",
      in: 1...10_000_000)
    let importSets = Option.integer(
      "--import-sets", "N", "sets of the Strong export imported (default 100,000)", in: 1_000...100_000_000)
    let healthMegabytes = Option.integer(
      "--health-mb", "N", "size of the Apple Health export imported (default 256)", in: 4...16_384)
    let keep = Option.output(
      "--keep", "DIR", "keep the generated inputs and stores of award, store and liveops in DIR")
  }

  /// This executable, to run 'fitquest award' as a child process.
  static func executablePath() -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return CommandLine.arguments[0]
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let quick = arguments.quick
    let repetitions = arguments.repetitions ?? (quick ? 1 : 3)
    let w1Events = arguments.w1Events ?? (quick ? 50_000 : 1_000_000)
    let awardLines = arguments.awardLines ?? (quick ? 20_000 : 1_000_000)
    let only = arguments.only?.split(separator: ",").map { $0.lowercased() }
    let known = [
      "w1", "w2", "montecarlo", "award", "store", "progress", "tune", "sensitivity", "replay", "import", "liveops",
    ]
    for name in only ?? [] where !known.contains(name) {
      throw UsageError(message: "--only: unknown workload '\(name)'\(Suggestion.hint(for: name, among: known))")
    }
    func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }
    #if DEBUG
      Console.error.line("note: this is a debug build; measure with 'swift run -c release fitquest bench'")
    #endif
    var results: [BenchResult] = []
    let announce = Progress.isEnabled
    func starting(_ workload: String) {
      if announce { Console.error.line("bench: running \(workload)…") }
      Console.error.flush()
    }
    func report(_ result: BenchResult) {
      results.append(result)
      if arguments.json { Console.output.line(result.json) }
      Console.output.flush()
    }
    // Each workload's peak memory is its own (Clock.resetPeak before it).
    if wanted("w1") {
      starting("W1")
      Clock.resetPeak()
      report(try W1Benchmark.run(count: w1Events, repetitions: repetitions, rules: "rules/w1"))
    }
    if wanted("w2") {
      starting("W2")
      Clock.resetPeak()
      report(
        try W2Benchmark.run(minimumEvents: quick ? 50_000 : 1_000_000, repetitions: repetitions, scenarios: "scenarios")
      )
    }
    if wanted("montecarlo") {
      starting("Monte Carlo")
      Clock.resetPeak()
      let threads = ProcessInfo.processInfo.activeProcessorCount
      for result in try MonteCarloBenchmark.run(
        runs: quick ? 100 : 1_000, threads: threads, repetitions: repetitions, scenario: "scenarios/beginner-3x.json")
      {
        report(result)
      }
    }
    for workload in ["tune", "sensitivity"] where wanted(workload) {
      starting(workload)
      Clock.resetPeak()
      let (runs, threads) = (quick ? 20 : 200, ProcessInfo.processInfo.activeProcessorCount)
      let run = workload == "tune" ? BalanceBenchmark.tune : BalanceBenchmark.sensitivity
      report(try run(runs, threads, workload == "sensitivity" ? 1 : repetitions, "scenarios/beginner-3x.json"))
    }
    if wanted("award") {
      starting("award")
      Clock.resetPeak()
      for result in try AwardBenchmark.run(
        lines: awardLines, repetitions: repetitions, scenario: "scenarios/consistent-5x-lifter.json", rules: "rules",
        executable: executablePath(), keep: arguments.keep)
      {
        report(result)
      }
    }
    if wanted("store") {
      starting("player save+load")
      for result in try PlayerCodecBenchmark.run(
        rounds: quick ? 200 : 2_000, repetitions: repetitions, scenario: "scenarios/beginner-3x.json")
      {
        report(result)
      }
      starting("award --store")
      let players = arguments.storePlayers ?? (quick ? 300 : 10_000)
      for result in try StoreBenchmark.run(
        players: players, days: 30, showPlayers: quick ? 1_000 : 100_000, repetitions: repetitions,
        scenarios: "scenarios",
        rules: "rules", executable: executablePath(), keep: arguments.keep)
      {
        report(result)
      }
    }
    if wanted("progress") {
      starting("progress save+load")
      for result in try ProgressCodecBenchmark.run(
        rounds: quick ? 200 : 5_000, repetitions: repetitions, events: 150, scenario: "scenarios/beginner-3x.json")
      {
        report(result)
      }
    }
    if wanted("replay") {
      starting("replay")
      Clock.resetPeak()
      let threads = ProcessInfo.processInfo.activeProcessorCount
      for result in try ReplayCoreBenchmark.run(
        players: quick ? 300 : 10_000, days: 90, threads: threads, repetitions: repetitions, scenarios: "scenarios",
        rules: "rules")
      {
        report(result)
      }
    }
    if wanted("import") {
      starting("import")
      for result in try ImportBenchmark.run(
        sets: arguments.importSets ?? (quick ? 10_000 : 100_000),
        healthMegabytes: arguments.healthMegabytes ?? (quick ? 8 : 256),
        repetitions: repetitions, rules: "rules", executable: executablePath())
      {
        report(result)
      }
    }
    if wanted("liveops") {
      starting("replay and migrate on a store")
      Clock.resetPeak()
      for result in try LiveOpsStoreBenchmark.run(
        players: arguments.liveopsPlayers ?? (quick ? 300 : 10_000), days: 90,
        threads: ProcessInfo.processInfo.activeProcessorCount, repetitions: repetitions,
        scenarios: "scenarios", rules: "rules", executable: executablePath(), keep: arguments.keep)
      {
        report(result)
      }
    }
    if !arguments.json { Console.output.line(BenchFormat.table(results)) }
    return ExitCode.success
  }
}
