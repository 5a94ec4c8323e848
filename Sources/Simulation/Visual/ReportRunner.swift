import Dispatch
import Engine
import RuleLanguage

/// Runs a scenario's seeds for the report: each run's summary goes into the same
/// ``RunAggregate`` `simulate --runs` prints (so the numbers agree), and its timeline and events
/// into a ``SeriesAggregate``. Run i uses the seed Monte Carlo gives it; workers merge their
/// aggregates, so the result does not depend on the number of threads.
public enum ReportRunner {
  public struct Outcome: Sendable {
    public var aggregate: RunAggregate
    public var series: SeriesAggregate
  }

  public static func run(_ scenario: Scenario, engine: Engine, runs: Int, threads: Int) throws(DiagnosticError)
    -> Outcome
  {
    let names = MetricSet.standard(for: engine.pack)
    let workers = max(1, min(threads, runs))
    let box = WorkerResults<Outcome>(workers: workers)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let engine = workers == 1 ? engine : engine.isolatedCopy()
      let scenario = workers > 1 ? scenario.isolatedCopy(packs: PackCache(overrides: engine.pack.overrides)) : scenario
      var outcome = Outcome(aggregate: RunAggregate(metrics: names), series: SeriesAggregate())
      var index = worker
      while index < runs {
        do throws(DiagnosticError) {
          let result = try SimulationRunner.run(
            scenario, engine: engine, seed: SplitMix64.runSeed(scenario.seed, run: index),
            recording: RecordingOptions(timeline: true, events: true))
          outcome.aggregate.add(result.summary)
          outcome.series.add(result)
        } catch {
          box.fail(index, error)
          return
        }
        index += workers
      }
      box.store(worker, outcome)
    }
    return try box.merged(into: Outcome(aggregate: RunAggregate(metrics: names), series: SeriesAggregate())) {
      total, outcome in
      total.aggregate.merge(outcome.aggregate)
      total.series.merge(outcome.series)
    }
  }
}
