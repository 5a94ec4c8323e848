import Foundation

/// Maps a stream of items on worker threads and hands the results back in the items' order,
/// with at most `window` items in flight: memory is bounded by the window, not by the stream,
/// and the results (so the output) are the same for any number of workers.
///
/// The caller's thread produces the items (`next`) and consumes the results (`consume`); each
/// worker runs its own function (its own engines, its own database connection).
package final class OrderedPipeline<Item: Sendable, Output: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  /// A ring of `window` slots: item `sequence` lives in slot `sequence % window` — its item until
  /// a worker takes it, then its output until the caller takes that. Nothing outlives its turn.
  private var items: [Item?]
  private var outputs: [Output?]
  /// Items pushed, and items taken by workers.
  private var produced = 0
  private var taken = 0
  /// Workers waiting for an item, and the item whose output the caller waits for (-1: none):
  /// a push wakes one worker only when one waits, a result wakes the caller only when it waits
  /// for that one.
  private var idleWorkers = 0
  private var awaited = -1
  private var isClosed = false

  private init(window: Int) {
    items = Array(repeating: nil, count: window)
    outputs = Array(repeating: nil, count: window)
  }

  /// Runs the stream; with one worker (or none), on the caller's thread alone.
  /// - Throws: what `next` or `consume` throws (the workers are stopped first).
  package static func run(
    workers: [(Item) -> Output], window: Int, next: () throws -> Item?, consume: (Output) throws -> Void
  ) throws {
    guard workers.count > 1 else {
      guard let work = workers.first else { return }
      while let item = try next() { try consume(work(item)) }
      return
    }
    let window = Swift.max(1, window)
    let pipeline = OrderedPipeline(window: window)
    let group = DispatchGroup()
    for work in workers {
      let box = WorkerBox(work: work)
      group.enter()
      let thread = Thread {
        pipeline.serve(box.work)
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    defer {
      pipeline.close()
      group.wait()
    }
    var produced = 0
    var consumed = 0
    var isExhausted = false
    while true {
      while !isExhausted && produced - consumed < window {
        if let item = try next() {
          pipeline.push(produced, item)
          produced += 1
        } else {
          isExhausted = true
        }
      }
      guard consumed < produced else { return }
      let output = pipeline.take(consumed)
      consumed += 1
      try consume(output)
    }
  }

  private func push(_ sequence: Int, _ item: Item) {
    condition.lock()
    items[sequence % items.count] = item
    produced = sequence + 1
    if idleWorkers > 0 { condition.signal() }
    condition.unlock()
  }

  /// Waits for the output of item `sequence`.
  private func take(_ sequence: Int) -> Output {
    let slot = sequence % outputs.count
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let output = outputs[slot].take() {
        awaited = -1
        return output
      }
      awaited = sequence
      condition.wait()
    }
  }

  private func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// A worker's loop: take the oldest item not taken, map it, put its output in its slot.
  private func serve(_ work: (Item) -> Output) {
    while true {
      condition.lock()
      while taken == produced && !isClosed {
        idleWorkers += 1
        condition.wait()
        idleWorkers -= 1
      }
      guard taken < produced else {
        condition.unlock()
        return
      }
      let sequence = taken
      taken += 1
      let slot = sequence % items.count
      guard let item = items[slot].take() else { preconditionFailure("an item in flight has no slot") }
      condition.unlock()
      let output = work(item)
      condition.lock()
      outputs[slot] = output
      if awaited == sequence { condition.broadcast() }
      condition.unlock()
    }
  }
}

/// A worker's function, handed to its thread (used by that thread alone).
private struct WorkerBox<Item, Output>: @unchecked Sendable {
  let work: (Item) -> Output
}
