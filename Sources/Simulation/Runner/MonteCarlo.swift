import Dispatch
import Engine
import Foundation
import RuleLanguage

/// Runs a scenario over many seeds in parallel. Run i uses ``SplitMix64/runSeed(_:run:)``; each
/// worker folds its runs into its own ``RunAggregate`` and the aggregates are merged, so the
/// outcome is identical for any number of threads and memory does not grow with the runs.
public enum MonteCarlo {
  /// Runs `count` seeds on `threads` threads and aggregates `metrics` (default: the standard
  /// metrics of the engine's pack); `progress` is called with the number of runs done.
  ///
  /// - Parameter runs: which run indexes to do (default: all of `0..<count`); a shard does a
  ///   subset with unchanged seeds.
  ///
  /// - Parameter engines: one engine per worker (``Engine/isolatedCopy()``, made before a timed
  ///   run); by default the workers make their own.
  public static func run(
    _ scenario: Scenario, engine: Engine, count: Int, threads: Int, metrics: [String]? = nil,
    runs: [Int]? = nil, engines: [Engine]? = nil, progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) -> RunAggregate {
    var indexes = runs ?? Array(0..<count)
    let names = metrics ?? MetricSet.standard(for: engine.pack)
    let session = ShardSession.current
    switch session?.mode {
    case .merge?:
      return try session?.take(scenario, engine: engine, count: count, metrics: names) ?? RunAggregate(metrics: names)
    case .shard(let index, let shards)?:
      precondition(runs == nil, "a sharded Monte Carlo call does its share of every run of 0..<count")
      indexes = indexes.filter { $0 % shards == index }
      let aggregate = try aggregate(
        scenario, engine: engine, indexes: indexes, threads: threads, metrics: names, engines: engines,
        progress: progress)
      session?.record(
        ShardBatch(
          scenario: try .of(scenario), rules: .of(engine.pack), seed: scenario.seed, runs: count, first: index,
          step: shards, result: aggregate))
      return aggregate
    case nil: break
    }
    return try aggregate(
      scenario, engine: engine, indexes: indexes, threads: threads, metrics: names, engines: engines, progress: progress
    )
  }

  private static func aggregate(
    _ scenario: Scenario, engine: Engine, indexes: [Int], threads: Int, metrics names: [String], engines: [Engine]?,
    progress: (@Sendable (Int) -> Void)?
  ) throws(DiagnosticError) -> RunAggregate {
    let results = try fold(
      scenario, engine: engine, indexes: indexes, threads: threads, engines: engines, progress: progress,
      start: { RunAggregate(metrics: names) }, add: { aggregate, _, summary in aggregate.add(summary) })
    var total = RunAggregate(metrics: names)
    for aggregate in results { total.merge(aggregate) }
    return total
  }

  /// Runs the run indexes given on up to `threads` workers, each folding the summaries of its
  /// runs (with their indexes) into a value of its own; the workers' values, in worker order, or
  /// the failure of the lowest run index.
  static func fold<Value>(
    _ scenario: Scenario, engine: Engine, indexes: [Int], threads: Int, engines: [Engine]?,
    progress: (@Sendable (Int) -> Void)?, start: @Sendable () -> Value,
    add: @Sendable (inout Value, Int, RunSummary) -> Void
  ) throws(DiagnosticError) -> [Value] {
    let workers = max(1, min(threads, indexes.count))
    let results = WorkerResults<[Value]>(workers: workers)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      // Each worker has its own engine and scenario (formula objects, arrays), so threads share
      // no reference counts: an atomic count bouncing between cores costs more than the runs.
      let engine =
        workers == 1 ? engine : engines.flatMap { worker < $0.count ? $0[worker] : nil } ?? engine.isolatedCopy()
      let scenario = workers > 1 ? scenario.isolatedCopy(packs: PackCache(overrides: engine.pack.overrides)) : scenario
      var value = start()
      var position = worker
      while position < indexes.count {
        let index = indexes[position]
        let seed = SplitMix64.runSeed(scenario.seed, run: index)
        do throws(DiagnosticError) {
          add(&value, index, try SimulationRunner.run(scenario, engine: engine, seed: seed).summary)
        } catch {
          results.fail(index, error)
          return
        }
        let done = results.completeOne()
        progress?(done)
        position += workers
      }
      results.store(worker, [value])
    }
    return try results.merged(into: []) { $0 += $1 }
  }
}
