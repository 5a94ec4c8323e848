import FitQuestTestSupport
import Foundation
import Testing

/// `--shard I/N` and `fitquest merge`: the merged output is byte for byte the unsharded one, for
/// every command and format, and parts that do not belong together are refused.
@Suite struct ShardTests {
  /// Runs a command unsharded and as `shards` shards merged; both results.
  func both(_ arguments: [String], shards: Int, work: URL) throws -> (one: CommandResult, merged: CommandResult) {
    let one = try CommandRunner.fitquest(arguments)
    var parts: [String] = []
    for index in 0..<shards {
      let part = try CommandRunner.fitquest(arguments + ["--shard", "\(index)/\(shards)"])
      #expect(part.status == 0, "shard \(index): \(part.stderr)")
      #expect(part.stdout.hasPrefix("{\"fitquestShard\":2,"))
      let file = work.appendingPathComponent("part-\(index).json")
      try part.stdout.write(to: file, atomically: true, encoding: .utf8)
      parts.append(file.path)
    }
    // Any order of the parts.
    let merged = try CommandRunner.fitquest(["merge"] + parts.reversed())
    return (one, merged)
  }

  func expectSame(_ arguments: [String], shards: Int) throws {
    let work = Paths.temporaryDirectory("shards")
    defer { try? FileManager.default.removeItem(at: work) }
    let (one, merged) = try both(arguments, shards: shards, work: work)
    #expect(one.status == merged.status, "\(arguments): \(merged.stderr)")
    #expect(!one.stdout.isEmpty)
    #expect(one.stdout == merged.stdout, "\(arguments)")
  }

  @Test(arguments: ["text", "json", "csv"])
  func simulateRunsMergeToTheUnshardedReport(format: String) throws {
    try expectSame(
      ["simulate", "--runs", "12", "--format", format, "scenarios/beginner-3x.json", "scenarios/dieter.json"], shards: 4
    )
  }

  @Test func moreShardsThanRunsStillMerge() throws {
    try expectSame(["simulate", "--runs", "3", "--format", "json"], shards: 5)
  }

  @Test(arguments: ["text", "csv"])
  func sweepMergesToTheUnshardedTable(format: String) throws {
    try expectSame(
      [
        "sweep", "--runs", "8", "--format", format, "--set", "xp.categories.strength.multiplier=1.0,1.5",
        "scenarios/beginner-3x.json",
      ], shards: 3)
  }

  @Test func compareMergesToTheUnshardedComparison() throws {
    try expectSame(
      ["compare", "--base", "rules", "--set-candidate", "xp.caps.perDay=600", "--runs", "10", "--format", "json"],
      shards: 2)
  }

  @Test func checkMergesTextExitCodeAndJUnit() throws {
    let work = Paths.temporaryDirectory("shards-check")
    defer { try? FileManager.default.removeItem(at: work) }
    let junit = work.appendingPathComponent("check.xml")
    let arguments = ["check", "--runs", "12", "scenarios/beginner-3x.json", "scenarios/on-and-off.json"]
    let one = try CommandRunner.fitquest(arguments + ["--junit", junit.path])
    let unshardedJUnit = try Data(contentsOf: junit)
    try FileManager.default.removeItem(at: junit)
    var parts: [String] = []
    for index in 0..<3 {
      let part = try CommandRunner.fitquest(arguments + ["--shard", "\(index)/3"])
      #expect(part.status == 0, "\(part.stderr)")
      let file = work.appendingPathComponent("part-\(index).json")
      try part.stdout.write(to: file, atomically: true, encoding: .utf8)
      parts.append(file.path)
    }
    // The merge writes the files its own options name; a part names none.
    let merged = try CommandRunner.fitquest(["merge"] + parts + ["--junit", junit.path])
    #expect(merged.status == one.status)
    #expect(merged.stdout == one.stdout)
    #expect(try Data(contentsOf: junit) == unshardedJUnit)
  }

  @Test func partsThatDoNotBelongTogetherAreRefused() throws {
    let work = Paths.temporaryDirectory("shards-bad")
    defer { try? FileManager.default.removeItem(at: work) }
    func part(_ arguments: [String], _ name: String) throws -> String {
      let result = try CommandRunner.fitquest(arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let file = work.appendingPathComponent(name)
      try result.stdout.write(to: file, atomically: true, encoding: .utf8)
      return file.path
    }
    let a0 = try part(["simulate", "--runs", "6", "--shard", "0/2"], "a0.json")
    let a1 = try part(["simulate", "--runs", "6", "--shard", "1/2"], "a1.json")
    let b1 = try part(["simulate", "--runs", "7", "--shard", "1/2"], "b1.json")

    let missing = try CommandRunner.fitquest(["merge", a0])
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("missing shard(s) 1/2"))
    let twice = try CommandRunner.fitquest(["merge", a0, a1, a1])
    #expect(twice.status == 65)
    #expect(twice.stderr.contains("a1.json: error: shard 1/2 is also in"))
    let other = try CommandRunner.fitquest(["merge", a0, b1])
    #expect(other.status == 65)
    #expect(other.stderr.contains("b1.json: error: the arguments differ from those of"))

    let notAPart = work.appendingPathComponent("x.json")
    try "{\"runs\": 3}".write(to: notAPart, atomically: true, encoding: .utf8)
    let foreign = try CommandRunner.fitquest(["merge", notAPart.path])
    #expect(foreign.status == 65)
    #expect(foreign.stderr.contains("not a partial result"))
    #expect(try CommandRunner.fitquest(["merge", work.appendingPathComponent("none.json").path]).status == 66)
    #expect(try CommandRunner.fitquest(["simulate", "--runs", "6", "--shard", "2/2"]).status == 64)
    #expect(try CommandRunner.fitquest(["check", "--update", "--shard", "0/2"]).status == 64)
  }
}
