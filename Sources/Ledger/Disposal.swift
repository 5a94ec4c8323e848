import Foundation

/// A thread that destroys what a run no longer needs: a batch's queued events after their
/// commit, and the events a player's window dropped (``KeptEvents/droppedInto``). Freeing
/// them, every line, id and resolved form, was a sixth of the thread that applies
/// `award --state`'s events, the run's slowest; on this thread it overlaps the next batch.
///
/// What is handed over is only destroyed: no output and no state depends on when, so the run
/// stays deterministic. At most ``limit`` events wait; beyond that the caller destroys what it
/// hands over itself (a thread that falls behind never holds more than that much memory).
/// The thread is started with the first item and ends when the disposal is released.
final class Disposal: Sendable {
  /// Events (of queues and of windows) waiting to be destroyed at most.
  static let limit = 1 << 16
  /// Destroys what it takes (``WorkerThread`` destroys the items after handling them: nothing
  /// more to do).
  private let thread = WorkerThread<Garbage> { _ in }

  init() {}

  deinit { thread.close() }

  /// Hands something over to be destroyed on the thread, counted as `events` events; false when
  /// too much waits already (it is destroyed here then, on the caller's thread).
  @discardableResult
  func dispose(_ item: consuming Garbage, events: Int) -> Bool {
    thread.post(consume item, weight: events, limit: Self.limit)
  }

  /// The events handed over and taken so far (for tests: what the run did not free itself).
  var eventsTaken: Int { thread.posted }

  /// What the thread destroys: any value, moved in (the thread is the only one to hold it).
  struct Garbage: @unchecked Sendable {
    fileprivate var value: Any
    init(_ value: consuming Any) { self.value = value }
  }
}
