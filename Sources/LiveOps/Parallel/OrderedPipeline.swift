import Foundation

/// Maps a stream of items on worker threads and hands the results back in the items' order,
/// with at most `window` items in flight: memory is bounded by the window, not by the stream,
/// and the results (so the output) are the same for any number of workers.
///
/// The caller's thread produces the items (`next`) and consumes the results (`consume`); each
/// worker runs its own function (its own engines, its own database connection).
package final class OrderedPipeline<Item: Sendable, Output: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending: [(Int, Item)] = []
  private var pendingHead = 0
  private var results: [Int: Output] = [:]
  private var isClosed = false

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
    let pipeline = OrderedPipeline()
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
    pending.append((sequence, item))
    condition.signal()
    condition.unlock()
  }

  /// Waits for the result of item `sequence`.
  private func take(_ sequence: Int) -> Output {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let output = results.removeValue(forKey: sequence) { return output }
      condition.wait()
    }
  }

  private func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// A worker's loop: take the oldest pending item, map it, store the result.
  private func serve(_ work: (Item) -> Output) {
    while true {
      condition.lock()
      while pendingHead == pending.count && !isClosed { condition.wait() }
      guard pendingHead < pending.count else {
        condition.unlock()
        return
      }
      let (sequence, item) = pending[pendingHead]
      pendingHead += 1
      if pendingHead > 1024 && pendingHead * 2 > pending.count {
        pending.removeFirst(pendingHead)
        pendingHead = 0
      }
      condition.unlock()
      let output = work(item)
      condition.lock()
      results[sequence] = output
      condition.broadcast()
      condition.unlock()
    }
  }
}

/// A worker's function, handed to its thread (used by that thread alone).
private struct WorkerBox<Item, Output>: @unchecked Sendable {
  let work: (Item) -> Output
}
