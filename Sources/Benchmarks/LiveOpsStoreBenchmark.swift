import Engine
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store

/// `replay` and `migrate` on a real store: `players` players × `days` days (as the `store`
/// workload generates them) applied by `fitquest award --store`, then replayed in process under
/// a candidate (a steeper level curve) against each player's own pack on 1 thread and on
/// `threads`, and migrated to the candidate with `never-demote` (on a copy of the store each
/// time). `keep`: the directory that keeps the stream (`liveops.ndjson`) and the store
/// (`liveops.sqlite`) afterwards, for profiling (the migrated copies are removed).
public enum LiveOpsStoreBenchmark {
  public static func run(
    players: Int, days: Int, threads: Int, repetitions: Int, scenarios: String, rules: String, executable: String,
    keep: String? = nil
  ) throws -> [BenchResult] {
    let directory =
      keep.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("fitquest-liveops-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
    let stream = directory.appendingPathComponent("liveops.ndjson").path
    _ = try StoreBenchmark.writeStream(players: players, days: days, to: stream, scenarios: scenarios)
    let base = directory.appendingPathComponent("liveops.sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: base + suffix) }
    _ = try AwardBenchmark.spawn(
      executable, ["award", "--rules", rules, "--today", "9999-12-30", "--store", base, stream])
    let candidate = try Engine(
      rulesDirectory: rules, overrides: [try JSONOverride(parsing: "pack.constants.levelBase=210")])
    let size = "\(BenchFormat.grouped(Double(players))) players × \(days) days"
    var results: [BenchResult] = []
    for threadCount in Set([1, threads]).sorted() {
      var times: [Double] = []
      var summary = ImpactSummary()
      for _ in 0..<repetitions {
        let store = try SQLiteStore(path: base, access: .readOnly)
        let start = Clock.now()
        summary = try StoreReplay.run(store: store, players: nil, candidate: candidate, base: nil, threads: threadCount)
        { _ in }
        times.append(Clock.now() - start)
      }
      let seconds = Clock.median(times)
      var result = BenchResult(
        name: "replay --store, \(threadCount) thread\(threadCount == 1 ? "" : "s")",
        size: "\(size), \(BenchFormat.grouped(Double(summary.events))) events",
        seconds: seconds, throughput: Double(summary.events) / seconds, unit: "events/s",
        peakBytes: Clock.peakResidentBytes())
      result.notes = ["\(summary.compared) compared, \(summary.demoted) demoted"]
      results.append(result)
    }
    var times: [Double] = []
    var counts = StoreMigration.Counts()
    for repetition in 0..<repetitions {
      let copy = directory.appendingPathComponent("migrate-\(repetition).sqlite").path
      defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
      try FileManager.default.copyItem(atPath: base, toPath: copy)
      let store = try SQLiteStore(path: copy, access: .existing)
      let start = Clock.now()
      counts = try StoreMigration.run(
        store: store, players: nil, engine: candidate, policy: .neverDemote, threads: threads
      ) { _ in }
      times.append(Clock.now() - start)
    }
    let seconds = Clock.median(times)
    var migrate = BenchResult(
      name: "migrate --store, \(threads) thread\(threads == 1 ? "" : "s")",
      size: "\(size), \(BenchFormat.grouped(Double(counts.events))) events",
      seconds: seconds, throughput: Double(counts.events) / seconds, unit: "events/s",
      peakBytes: Clock.peakResidentBytes())
    migrate.notes = ["never-demote: \(counts.migrated) migrated, \(counts.changed) changed, one transaction each"]
    results.append(migrate)
    return results
  }
}
