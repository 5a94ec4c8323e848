import Engine
import Foundation
import RuleLanguage

/// Monte Carlo work split over processes or machines. A command run with `--shard i/n` does, in
/// every ``MonteCarlo/run(_:engine:count:threads:metrics:runs:engines:progress:)`` it calls, only
/// the runs whose index is i modulo n (seeds unchanged) and records a ``ShardBatch`` per call;
/// `fitquest merge` adds the shards' batches together (``ShardMerge``) and runs the command again
/// with them in place of the simulations. A histogram of counts adds exactly, so the merged
/// output is byte for byte the unsharded one.
public final class ShardSession: @unchecked Sendable {
  /// What the session does to Monte Carlo calls.
  public enum Mode: Sendable {
    /// Do runs `index`, `index + count`, … of every Monte Carlo call.
    case shard(index: Int, count: Int)
    /// Answer the Monte Carlo calls, in order, with these merged batches; each call must be the
    /// one the batch records (scenario and rule pack paths, seed, runs, metrics) and, when
    /// `checkingDigests`, read the same bytes.
    case merge([ShardBatch], checkingDigests: Bool)
  }

  /// Sharding or merging.
  public let mode: Mode
  private let lock = NSLock()
  private var recorded: [ShardBatch] = []
  private var next = 0

  /// The session of the command running on this task, if it is sharded or merging.
  @TaskLocal public static var current: ShardSession?

  /// Creates a session; run the command inside `ShardSession.$current.withValue(session) { … }`.
  public init(_ mode: Mode) { self.mode = mode }

  /// The batches a shard recorded, in call order.
  public var partials: [ShardBatch] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  /// Merged batches a merge did not use (the parts came from another command).
  public var unused: Int {
    guard case .merge(let all, _) = mode else { return 0 }
    lock.lock()
    defer { lock.unlock() }
    return all.count - next
  }

  func record(_ batch: ShardBatch) {
    lock.lock()
    recorded.append(batch)
    lock.unlock()
  }

  /// The next merged batch's counts, checked against the call that wants them.
  func take(_ scenario: Scenario, engine: Engine, count: Int, metrics: [String]) throws(DiagnosticError) -> RunAggregate
  {
    guard case .merge(let all, let checkingDigests) = mode else {
      throw DiagnosticError(Diagnostic(message: "not merging"))
    }
    lock.lock()
    defer { lock.unlock() }
    guard next < all.count else {
      throw DiagnosticError(
        Diagnostic(
          message:
            "the parts hold \(all.count) Monte Carlo batch(es) but the command needs more; were they made by this command?"
        ))
    }
    let batch = all[next]
    var call = batch
    call.scenario =
      checkingDigests ? try InputDigest.of(scenario) : InputDigest(path: scenario.path, digest: batch.scenario.digest)
    call.rules =
      checkingDigests ? InputDigest.of(engine.pack) : InputDigest(path: engine.pack.source, digest: batch.rules.digest)
    call.seed = scenario.seed
    call.runs = count
    call.result = RunAggregate(metrics: metrics)
    guard call.recordsSameCall(as: batch) else {
      throw DiagnosticError(
        Diagnostic(
          message:
            "Monte Carlo batch \(next + 1) of the parts is \(batch.runs) run(s) of \(batch.scenario.path) (seed \(batch.seed)) under \(batch.rules.path); the command runs \(count) of \(scenario.path) (seed \(scenario.seed)) under \(engine.pack.source), or other metrics or files: were the parts made with these arguments and files?"
        ))
    }
    next += 1
    return batch.result
  }
}
