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
  private let mailbox = Mailbox()

  init() {}

  deinit { mailbox.close() }

  /// Hands something over to be destroyed on the thread, counted as `events` events; false when
  /// too much waits already (it is destroyed here then, on the caller's thread).
  @discardableResult
  func dispose(_ item: consuming Garbage, events: Int) -> Bool {
    mailbox.post(consume item, events: events)
  }

  /// The events handed over and taken so far (for tests: what the run did not free itself).
  var eventsTaken: Int { mailbox.taken }

  /// What the thread destroys: any value, moved in (the thread is the only one to hold it).
  struct Garbage: @unchecked Sendable {
    fileprivate var value: Any
    init(_ value: consuming Any) { self.value = value }
  }

  private final class Mailbox: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [Garbage] = []
    private var events = 0
    private var isClosed = false
    private var isStarted = false
    private var takenEvents = 0

    var taken: Int {
      condition.lock()
      defer { condition.unlock() }
      return takenEvents
    }

    func post(_ item: consuming Garbage, events count: Int) -> Bool {
      condition.lock()
      guard events + count <= Disposal.limit else {
        condition.unlock()
        return false
      }
      waiting.append(consume item)
      events += count
      takenEvents += count
      let start = !isStarted
      isStarted = true
      condition.signal()
      condition.unlock()
      guard start else { return true }
      let thread = Thread { [self] in run() }
      thread.stackSize = 8 << 20
      thread.start()
      return true
    }

    func close() {
      condition.lock()
      isClosed = true
      condition.signal()
      condition.unlock()
    }

    /// Destroys what comes, outside the lock, until closed with nothing waiting.
    private func run() {
      while true {
        condition.lock()
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !waiting.isEmpty else {
          condition.unlock()
          return
        }
        var taken: [Garbage] = []
        swap(&taken, &waiting)
        let count = events
        condition.unlock()
        taken.removeAll()
        condition.lock()
        events -= count
        condition.unlock()
      }
    }
  }
}
