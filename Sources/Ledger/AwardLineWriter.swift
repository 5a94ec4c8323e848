import Engine
import Foundation

/// A thread that writes players' award lines (``AwardLines/write()``) while the batch applies
/// its other players: a batch of many players hands their lines over in groups
/// (``AwardLineGroup``) and takes them back, written, before it delivers them. The bytes are
/// those the engine would write itself; only where they are written changes.
///
/// The thread is started with the first group and ends when the writer is released.
final class AwardLineWriter: Sendable {
  private let mailbox = Mailbox()

  init() {}

  deinit { mailbox.close() }

  /// Hands a group over; written in the order handed over.
  func write(_ group: AwardLineGroup) {
    mailbox.post(group)
  }

  /// The groups waiting for the thread, and the thread's life.
  private final class Mailbox: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [AwardLineGroup] = []
    private var isClosed = false
    private var isStarted = false

    func post(_ group: AwardLineGroup) {
      condition.lock()
      waiting.append(group)
      let start = !isStarted
      isStarted = true
      condition.signal()
      condition.unlock()
      // A thread of its own, not Dispatch's pool: the caller waits for it while it holds the
      // store, and a pool with no thread left would never run it.
      guard start else { return }
      let thread = Thread { [self] in run() }
      thread.stackSize = 8 << 20
      thread.start()
    }

    func close() {
      condition.lock()
      isClosed = true
      condition.signal()
      condition.unlock()
    }

    /// Writes the groups as they come, until closed with none waiting.
    private func run() {
      while true {
        condition.lock()
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !waiting.isEmpty else {
          condition.unlock()
          return
        }
        let group = waiting.removeFirst()
        condition.unlock()
        group.write()
      }
    }
  }
}

/// Players' award lines handed to an ``AwardLineWriter`` together: each with the batch's slot of
/// its player.
final class AwardLineGroup: @unchecked Sendable {
  /// Written by the writer's thread, read by the batch only after ``wait()``.
  private var items: [(slot: Int, lines: AwardLines)]
  private let done = DispatchSemaphore(value: 0)

  init(_ items: consuming [(slot: Int, lines: AwardLines)]) {
    self.items = items
  }

  /// On the writer's thread.
  fileprivate func write() {
    for index in items.indices { items[index].lines.write() }
    done.signal()
  }

  /// The group's lines, written (once: the group is emptied).
  func wait() -> [(slot: Int, lines: AwardLines)] {
    done.wait()
    defer { items = [] }
    return items
  }
}
