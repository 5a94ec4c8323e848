import Engine
import RuleLanguage

/// Every run's value of every metric (`simulate --per-run`): what a spreadsheet or pandas wants
/// instead of percentiles. Memory grows with runs × metrics.
public struct PerRunValues: Sendable, Equatable {
  /// The metrics, in report order.
  public let metrics: [String]
  /// Run i's value of each metric (run 0 uses the scenario's seed, run i ``SplitMix64/runSeed(_:run:)``), in the order of ``metrics`` (nil: it never happened).
  public let values: [[Double?]]
}

extension MonteCarlo {
  /// Runs `count` seeds on `threads` threads and keeps each run's value of `metrics` (default:
  /// the standard metrics of the engine's pack), in run order whatever the threads.
  public static func perRun(
    _ scenario: Scenario, engine: Engine, count: Int, threads: Int, metrics: [String]? = nil,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) -> PerRunValues {
    let names = RunAggregate(metrics: metrics ?? MetricSet.standard(for: engine.pack)).metrics
    let keys = names.map(MetricKey.init)
    let workers = try fold(
      scenario, engine: engine, indexes: Array(0..<count), threads: threads, engines: nil, progress: progress,
      start: { [(index: Int, values: [Double?])]() },
      add: { rows, index, summary in rows.append((index, keys.map { $0.flatMap { summary.value(of: $0) } })) })
    let rows = workers.flatMap { $0 }.sorted { $0.index < $1.index }
    return PerRunValues(metrics: names, values: rows.map(\.values))
  }
}
