import Engine
import FitQuestTestSupport
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
}
