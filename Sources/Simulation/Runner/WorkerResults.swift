import Foundation
import RuleLanguage

/// What parallel workers produce: one value per worker, merged in worker order, and the failure
/// of the lowest run index (so the error reported does not depend on thread timing).
final class WorkerResults<Value>: @unchecked Sendable {
  private var values: [Value?]
  private var failure: (index: Int, error: DiagnosticError)?
  private var done = 0
  private let lock = NSLock()

  init(workers: Int) { values = Array(repeating: nil, count: workers) }

  func store(_ worker: Int, _ value: Value) {
    lock.lock()
    values[worker] = value
    lock.unlock()
  }

  func fail(_ index: Int, _ error: DiagnosticError) {
    lock.lock()
    if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
    lock.unlock()
  }

  /// Counts a finished run; the number finished so far.
  func completeOne() -> Int {
    lock.lock()
    defer { lock.unlock() }
    done += 1
    return done
  }

  /// The workers' values merged into `initial`, or the first failure.
  func merged(into initial: Value, _ merge: (inout Value, Value) -> Void) throws(DiagnosticError) -> Value {
    if let failure { throw failure.error }
    var total = initial
    for value in values {
      guard let value else { throw DiagnosticError(Diagnostic(message: "a worker did not finish")) }
      merge(&total, value)
    }
    return total
  }
}
