import Foundation
import RuleLanguage

/// `award --store` on two cores as docs/scale.md advises: the stream split once by
/// `fitquest split --partitions 2`, then `award --store --partition I/2` of each part at once,
/// each process with its own store (issue 21: ≥ 250k events/s together).
enum PartitionBenchmark {
  /// The two processes' wall time from the first start to the last end (the median of
  /// `repetitions`), over the events of both; `size` names the workload.
  static func run(
    events path: String, lines: Int, size: String, in directory: URL, repetitions: Int, rules: String,
    executable: String
  ) throws -> BenchResult {
    let parts = directory.appendingPathComponent("parts").path
    let split = try BenchChildProcess(executable, ["split", "--partitions", "2", "--output-dir", parts, path]).finish()
    var times: [Double] = []
    var peak = 0
    for repetition in 0..<repetitions {
      let stores = (0..<2).map { directory.appendingPathComponent("partition-\($0)-of-2-\(repetition).sqlite").path }
      for store in stores { try StoreBenchmark.removeStore(store) }
      let start = Clock.now()
      var children: [BenchChildProcess] = []
      var failure: (any Error)?
      for (index, store) in stores.enumerated() where failure == nil {
        do {
          children.append(
            try BenchChildProcess(
              executable,
              [
                "award", "--rules", rules, "--today", "9999-12-30", "--store", store, "--partition", "\(index)/2",
                "\(parts)/part-\(index)-of-2.ndjson",
              ]))
        } catch {
          failure = error
        }
      }
      // Every child started is waited for, even when another failed (none is left running).
      for child in children {
        do {
          peak = max(peak, try child.finish().peakBytes)
        } catch {
          failure = failure ?? error
        }
      }
      if let failure { throw failure }
      times.append(Clock.now() - start)
    }
    let seconds = Clock.median(times)
    var result = BenchResult(
      name: "award --store, 2 partitions", size: size, seconds: seconds, throughput: Double(lines) / seconds,
      unit: "events/s", peakBytes: peak)
    result.extra = [("splitSeconds", JSONValue(.double(split.seconds)))]
    result.notes = [
      "split once (\(NumberText.format(split.seconds, decimals: 2)) s, not timed), then 'award --store --partition I/2' of both parts at once, a store each; peak RSS of the larger process"
    ]
    return result
  }
}
