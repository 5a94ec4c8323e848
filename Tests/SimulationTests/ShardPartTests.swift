import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation
import Testing

/// Partial results as the library writes, reads and combines them (the CLI's merge is tested end
/// to end in MergeSafetyTests and ShardTests).
@Suite struct ShardPartTests {
  /// The parts of `shards` shards of 9 runs of the lifter, as `--shard I/N` records them.
  func parts(_ shards: Int) throws -> [ShardMerge.NamedPart] {
    let (scenario, engine) = try SimulationFixture.load("lifter.json")
    return try (0..<shards).map { index in
      let session = ShardSession(.shard(index: index, count: shards))
      try ShardSession.$current.withValue(session) {
        _ = try MonteCarlo.run(scenario, engine: engine, count: 9, threads: 2, metrics: ["totalXP", "level.5"])
      }
      return (
        "part-\(index)",
        ShardPart(
          version: "1.0.0", command: "simulate", arguments: ["--runs", "9"], shard: index, shards: shards,
          batches: session.partials)
      )
    }
  }

  @Test func aPartReadsBackEqualAndShardsAddUpToTheUnshardedRun() throws {
    let (scenario, engine) = try SimulationFixture.load("lifter.json")
    let whole = try MonteCarlo.run(scenario, engine: engine, count: 9, threads: 1, metrics: ["totalXP", "level.5"])
    let parts = try parts(4)
    // Shard 1 of 4 holds runs 1 and 5 of 0…8.
    #expect(parts[1].part.batches.map(\.heldCount) == [2])
    #expect(parts[1].part.batches[0].result.runs == 2)
    for (file, part) in parts {
      let again = try ShardPart(reading: SourceFile(name: file, bytes: part.json))
      #expect(again == part)
    }
    let merged = try ShardMerge.combine(parts.reversed(), version: "1.0.0")
    #expect(merged.map(\.result) == [whole])
    #expect(merged[0].first == 0 && merged[0].step == 1)
  }

  @Test func partsThatDoNotCoverEveryRunOnceAreRefused() throws {
    let parts = try parts(3)
    func refusal(_ list: [ShardMerge.NamedPart], version: String = "1.0.0") -> String? {
      do {
        _ = try ShardMerge.combine(list, version: version)
        return nil
      } catch {
        return error.diagnostics.first.map { "\($0.file ?? ""): \($0.message)" }
      }
    }
    #expect(refusal([parts[0], parts[1]]) == ": missing shard(s) 2/3: merge needs all 3")
    #expect(refusal(parts + [parts[2]]) == "part-2: shard 2/3 is also in part-2; give each shard once")
    var renamed = parts[0]
    renamed.part.shard = 2
    #expect(
      refusal([parts[0], parts[1], renamed])
        == "part-0: batch 1 holds the runs from 0 every 3, which are not those of shard 2/3")
    #expect(
      refusal(parts, version: "2.0.0")
        == "part-0: made by FitQuest 1.0.0; this is FitQuest 2.0.0: make the parts and merge them with one version")
  }

  @Test func countsThatDoNotAddUpAreLocatedErrors() throws {
    let part = try parts(3)[0].part
    var text = String(decoding: part.json, as: UTF8.self)
    // Shard 0 of 3 holds runs 0, 3, 6: three runs; claim one more of level 5 never happening.
    let never = try #require(text.range(of: #""metric":"level.5","never":"#))
    let digit = never.upperBound
    let old = Int(String(text[digit])) ?? 0
    text.replaceSubrange(digit...digit, with: String(old + 1))
    let error = try #require(throws: DiagnosticError.self) {
      try ShardPart(reading: SourceFile(name: "p", bytes: Array(text.utf8)))
    }
    let expected =
      old + 1 <= 3
      ? "the counts of metric 'level.5' add up to 4 run(s); the batch holds 3"
      : "'batches[0].metrics[1].never' must be between 0 and 3; found 4"
    #expect(error.diagnostics.first?.message == expected)
  }

  /// A batch holding no runs (shard 1 of 3 of 2 runs) whose metric still lists a count (found by
  /// the merge-parts fuzzer) once trapped on the range `1...0` of the counts allowed.
  @Test func aCountInABatchOfNoRunsIsALocatedError() throws {
    let path = Paths.repository.appendingPathComponent(
      "Tests/Fuzz/Regressions/merge-parts/metric-counts-in-a-batch-of-no-runs")
    let bytes = Array(try Data(contentsOf: path))
    let error = try #require(throws: DiagnosticError.self) {
      try ShardPart(reading: SourceFile(name: "p", bytes: bytes))
    }
    #expect(
      error.diagnostics.map(\.message).contains("the counts of metric 'totalXP' add up to more than the 0 run(s) held"),
      "\(error.diagnostics.map(\.message))")
  }

  /// A metric name with no achievement id ("achievement..", found by the merge-parts fuzzer) once
  /// trapped on `pieces[0]` when a part's aggregate parsed it, and when a scenario named it.
  @Test func anAchievementMetricWithoutAnIdIsUnknownNotACrash() throws {
    #expect(MetricKey("achievement..") == nil)
    #expect(MetricKey("achievement.") == nil)
    #expect(MetricKey("achievement.first-steps.0") == nil)
    #expect(MetricKey("achievement.first-steps.x.2") == nil)
    #expect(MetricKey("achievement.first-steps") == .achievement("first-steps", tier: 1))
    #expect(MetricKey("achievement.first-steps.3") == .achievement("first-steps", tier: 3))
    for name in ["achievement..", "achievement.x.2.3"] {
      #expect(
        Metrics.problem(with: name, pack: nil, days: 90) == "'\(name)': write achievement.ID or achievement.ID.TIER")
    }
    // A part whose metric is such a name reads (the name is data, never evaluated) and combines
    // alone into its own counts.
    let part = try parts(1)[0].part
    var text = String(decoding: part.json, as: UTF8.self)
    text = text.replacingOccurrences(of: #""metric":"level.5""#, with: #""metric":"achievement..""#)
    let marker = try #require(text.range(of: #","checksum":""#, options: .backwards))
    let payload = Array(text[..<marker.lowerBound].utf8) + [UInt8(ascii: "}")]
    text = String(text[..<marker.lowerBound]) + #","checksum":"\#(ShardPart.checksum(ofPayload: payload))"}"#
    let renamed = try ShardPart(reading: SourceFile(name: "p", bytes: Array(text.utf8)))
    #expect(renamed.batches[0].result.metrics == ["totalXP", "achievement.."])
    let merged = try ShardMerge.combine([("p", renamed)], version: "1.0.0")
    #expect(merged[0].result.histogram(of: "achievement..") == part.batches[0].result.histogram(of: "level.5"))
  }
}
