import Dispatch
import Engine
import Foundation
import RuleLanguage

/// Runs a scenario over many seeds in parallel. Run i uses ``SplitMix64/runSeed(_:run:)``; each
/// result goes to its own slot, so the outcome is identical for any number of threads.
public enum MonteCarlo {
  /// Runs `count` seeds on `threads` threads; `progress` is called with the number done.
  public static func run(
    _ scenario: Scenario, engine: Engine, count: Int, threads: Int, progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) -> [RunSummary] {
    let slots = ResultSlots(count: count)
    let workers = max(1, min(threads, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      // Each worker uses its own engine and scenario, so threads share no reference counts.
      let engine = workers > 1 ? engine.isolatedCopy() : engine
      let scenario = workers > 1 ? scenario.isolatedCopy(packs: PackCache(overrides: engine.pack.overrides)) : scenario
      var index = worker
      while index < count {
        let seed = SplitMix64.runSeed(scenario.seed, run: index)
        do throws(DiagnosticError) {
          slots.store(index, .success(try SimulationRunner.run(scenario, engine: engine, seed: seed).summary))
        } catch {
          slots.store(index, .failure(error))
        }
        if let progress { progress(slots.completed) }
        index += workers
      }
    }
    return try slots.results()
  }
}

/// One slot per run, written by exactly one thread each.
private final class ResultSlots: @unchecked Sendable {
  private var values: [Result<RunSummary, DiagnosticError>?]
  private let lock = NSLock()
  private var done = 0

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func store(_ index: Int, _ result: Result<RunSummary, DiagnosticError>) {
    lock.lock()
    values[index] = result
    done += 1
    lock.unlock()
  }

  var completed: Int {
    lock.lock()
    defer { lock.unlock() }
    return done
  }

  func results() throws(DiagnosticError) -> [RunSummary] {
    var summaries: [RunSummary] = []
    summaries.reserveCapacity(values.count)
    for value in values {
      switch value {
      case .success(let summary)?: summaries.append(summary)
      case .failure(let error)?: throw error
      case nil: throw DiagnosticError(Diagnostic(message: "a Monte Carlo run did not finish"))
      }
    }
    return summaries
  }
}
