import Foundation
import Testing

@testable import LiveOps

@Suite struct OrderedPipelineTests {
  struct PipelineCase: Sendable, CustomTestStringConvertible {
    var workers: Int
    var window: Int
    var testDescription: String { "\(workers) workers, window \(window)" }
  }

  /// Items finish out of order (later ones often first); the caller still gets 0², 1², 2², …
  @Test(arguments: [
    PipelineCase(workers: 1, window: 4), PipelineCase(workers: 2, window: 1), PipelineCase(workers: 2, window: 3),
    PipelineCase(workers: 3, window: 7), PipelineCase(workers: 4, window: 256),
  ])
  func handsOutputsBackInItemOrder(_ c: PipelineCase) throws {
    let workers = (0..<c.workers).map { _ in
      { (item: Int) -> Int in
        // Items whose number ends in 0 take longest, so their successors finish before them.
        if item % 10 == 0 { Thread.sleep(forTimeInterval: 0.000_2) }
        return item * item
      }
    }
    var next = 0
    var outputs: [Int] = []
    try OrderedPipeline.run(
      workers: workers, window: c.window,
      next: { () -> Int? in
        guard next < 500 else { return nil }
        defer { next += 1 }
        return next
      },
      consume: { outputs.append($0) })
    #expect(outputs.count == 500)
    #expect(outputs.first == 0)
    #expect(outputs[1] == 1)
    #expect(outputs[7] == 49)
    #expect(outputs.last == 249_001)
    #expect(outputs == (0..<500).map { $0 * $0 })
  }

  struct Stop: Error, Equatable {}

  /// A consumer that throws stops the run: the error comes out, after the workers stopped.
  @Test func stopsWhenTheConsumerThrows() {
    var next = 0
    var consumed: [Int] = []
    #expect(throws: Stop.self) {
      try OrderedPipeline.run(
        workers: [{ $0 + 1 }, { $0 + 1 }], window: 4,
        next: { () -> Int? in
          defer { next += 1 }
          return next < 100 ? next : nil
        },
        consume: { (output: Int) throws in
          if output == 11 { throw Stop() }
          consumed.append(output)
        })
    }
    #expect(consumed == Array(1...10))
    // At most the window's items were read ahead of the one that threw.
    #expect(next <= 10 + 4 + 1)
  }
}
