import Engine
import Foundation

/// A thread that writes players' award lines (``AwardLines/write()``) while the batch applies
/// its other players: a batch of many players hands their lines over in groups
/// (``AwardLineGroup``) and takes them back, written, before it delivers them. The bytes are
/// those the engine would write itself; only where they are written changes.
///
/// The thread is started with the first group and ends when the writer is released.
final class AwardLineWriter: Sendable {
  private let thread = WorkerThread<AwardLineGroup> { group in group.write() }

  init() {}

  deinit { thread.close() }

  /// Hands a group over; written in the order handed over.
  func write(_ group: AwardLineGroup) {
    thread.post(group)
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
