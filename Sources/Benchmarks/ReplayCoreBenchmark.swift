import Engine
import Foundation
import LiveOps
import RuleLanguage
import Simulation

/// The replay's core without the store: `players` players × `days` days (player i follows shipped
/// scenario i mod 7 with seed i + 1), held as canonical lines, replayed under the default pack
/// and under a candidate (a steeper level curve) and compared, on 1 thread and on `threads`.
public enum ReplayCoreBenchmark {
  public static func run(players: Int, days: Int, threads: Int, repetitions: Int, scenarios: String, rules: String)
    throws -> [BenchResult]
  {
    let histories = try makeHistories(players: players, days: days, scenarios: scenarios)
    let events = histories.reduce(0) { $0 + $1.eventCount }
    let base = try Engine(rulesDirectory: rules)
    let candidate = try Engine(
      rulesDirectory: rules, overrides: [try JSONOverride(parsing: "pack.constants.levelBase=210")])
    var results: [BenchResult] = []
    for threadCount in Set([1, threads]).sorted() {
      var times: [Double] = []
      var demoted = 0
      for _ in 0..<repetitions {
        let workers = (0..<threadCount).map { _ in
          let (b, c) = threadCount == 1 ? (base, candidate) : (base.isolatedCopy(), candidate.isolatedCopy())
          var replayer = ImpactReplayer(candidate: c)
          return { (index: Int) -> PlayerImpact in
            replayer.impact(player: "p\(index)", history: histories[index], base: b)
          }
        }
        var summary = ImpactSummary()
        var next = 0
        let seconds = try Clock.measure {
          try OrderedPipeline.run(
            workers: workers, window: 256,
            next: { () -> Int? in
              defer { next += 1 }
              return next < histories.count ? next : nil
            }, consume: { summary.add($0) })
        }.seconds
        times.append(seconds)
        demoted = summary.demoted
      }
      let seconds = Clock.median(times)
      var result = BenchResult(
        name: "replay core, \(threadCount) thread\(threadCount == 1 ? "" : "s")",
        size: "\(BenchFormat.grouped(Double(events))) events",
        seconds: seconds, throughput: Double(events) / seconds, unit: "events/s", peakBytes: Clock.peakResidentBytes())
      result.notes = ["\(players) players × \(days) days in memory, base and candidate replayed; \(demoted) demoted"]
      results.append(result)
    }
    return results
  }

  /// Each player's events as one chunk of canonical lines.
  static func makeHistories(players: Int, days: Int, scenarios directory: String) throws -> [EventHistory] {
    let packs = PackCache()
    let loaded = try ScenarioLoader.files(in: directory).map { try ScenarioLoader.load(path: $0, packs: packs) }
    return try (0..<players).map { index in
      let scenario = loaded[index % loaded.count]
      let engine = try packs.engine(for: scenario.rulesPath)
      let run = try SimulationRunner.run(
        scenario, engine: engine, seed: UInt64(index + 1), recording: RecordingOptions(events: true))
      let last = scenario.day(1).adding(days - 1)
      return EventHistory(lines: run.events.filter { $0.day <= last }.map(\.jsonLine))
    }
  }
}
