import Foundation

/// A thread of its own that handles items one by one in the order they are posted, started
/// with the first and ended once closed with nothing waiting (``AwardLineWriter``,
/// ``Disposal``). Not Dispatch's pool: a caller waits for what it does while it holds a store, and a pool with no
/// thread left would never run it.
///
/// Items may carry a weight: a post that would make the weight waiting pass its limit is
/// refused (the caller keeps the item).
final class WorkerThread<Item: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var waiting: [(item: Item, weight: Int)] = []
  private var weight = 0
  private var weightPosted = 0
  private var isClosed = false
  private var isStarted = false
  /// Handles an item on the thread; it is destroyed there after.
  private let handle: @Sendable (Item) -> Void

  init(_ handle: @escaping @Sendable (Item) -> Void) {
    self.handle = handle
  }

  /// The weight of every item taken so far.
  var posted: Int {
    condition.lock()
    defer { condition.unlock() }
    return weightPosted
  }

  /// Posts an item counted as `weight`; false when the weight waiting would pass `limit` (the
  /// item is then not taken: the caller's to destroy).
  @discardableResult
  func post(_ item: consuming Item, weight: Int = 0, limit: Int = .max) -> Bool {
    condition.lock()
    guard self.weight + weight <= limit else {
      condition.unlock()
      return false
    }
    waiting.append((consume item, weight))
    self.weight += weight
    weightPosted += weight
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

  /// Ends the thread once what waits is handled.
  func close() {
    condition.lock()
    isClosed = true
    condition.signal()
    condition.unlock()
  }

  /// Handles what comes, outside the lock, until closed with nothing waiting.
  private func run() {
    while true {
      condition.lock()
      while waiting.isEmpty && !isClosed { condition.wait() }
      guard !waiting.isEmpty else {
        condition.unlock()
        return
      }
      var taken: (item: Item, weight: Int)? = waiting.removeFirst()
      condition.unlock()
      if let item = taken?.item { handle(item) }
      let takenWeight = taken?.weight ?? 0
      taken = nil
      condition.lock()
      weight -= takenWeight
      condition.unlock()
    }
  }
}
