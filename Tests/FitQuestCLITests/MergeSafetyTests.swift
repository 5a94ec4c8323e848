import FitQuestTestSupport
import Foundation
import Testing

/// `fitquest merge` re-derives and never obeys: a part is data checked against the command's own
/// arguments and the files on disk, never a command to run or a path to write.
@Suite struct MergeSafetyTests {
  /// A workspace with the default rules and the beginner scenario (`scenarios/beginner-3x.json`).
  func workspace(_ name: String) throws -> URL {
    let work = Paths.temporaryDirectory(name)
    try FileManager.default.createDirectory(
      at: work.appendingPathComponent("scenarios/snapshots"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Paths.rules, toPath: work.file("rules"))
    for file in ["beginner-3x.json", "snapshots/beginner-3x.json"] {
      try FileManager.default.copyItem(atPath: Paths.scenarios + "/" + file, toPath: work.file("scenarios/" + file))
    }
    return work
  }

  /// Runs shard `index` of `shards` in `work` and saves its part as `name`.
  @discardableResult
  func shard(_ arguments: [String], _ index: Int, of shards: Int, in work: URL, as name: String) throws -> String {
    let result = try CommandRunner.fitquest(arguments + ["--shard", "\(index)/\(shards)"], in: work)
    #expect(result.status == 0, "\(result.stderr)")
    try result.stdout.write(toFile: work.file(name), atomically: true, encoding: .utf8)
    return result.stdout
  }

  @Test func partsNamingOtherCommandsRunNothingAndWriteNothing() throws {
    let work = try workspace("merge-obeys")
    defer { try? FileManager.default.removeItem(at: work) }
    let snapshot = try Data(contentsOf: URL(fileURLWithPath: work.file("scenarios/snapshots/beginner-3x.json")))
    let cases: [(String, [String])] = [
      ("award", ["--store", "store.sqlite", "--today", "2026-02-01", "events.ndjson"]),
      ("players", ["--store", "store.sqlite", "import", "state.json", "--player", "x"]),
      ("simulate", ["--runs", "2", "--svg", "chart.svg"]),
      ("report", ["--runs", "2", "--output", "report.html"]),
      ("check", ["--update", "--runs", "2"]),
      ("check", ["--runs", "2", "--junit", "check.xml"]),
      ("merge", ["part.json"]),
    ]
    try #"{"type":"workout","id":"a","player":"p","date":"2026-01-05","category":"strength","durationMin":30}"#
      .write(toFile: work.file("events.ndjson"), atomically: true, encoding: .utf8)
    for (command, arguments) in cases {
      try PartFiles.part(command: command, arguments: arguments).write(
        toFile: work.file("part.json"), atomically: true, encoding: .utf8)
      let merged = try CommandRunner.fitquest(["merge", "part.json"], in: work)
      #expect(merged.status == 65, "\(command) \(arguments): \(merged.stderr)")
      #expect(merged.stderr.hasPrefix("part.json: error: "), "\(merged.stderr)")
      for written in ["store.sqlite", "chart.svg", "report.html", "check.xml"] {
        #expect(!FileManager.default.fileExists(atPath: work.file(written)), "\(command) wrote \(written)")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: work.file("scenarios/snapshots/beginner-3x.json"))) == snapshot)
  }

  @Test func partsMadeWithOtherRulesOrScenariosAreRefused() throws {
    let work = try workspace("merge-digests")
    defer { try? FileManager.default.removeItem(at: work) }
    // Text, which labels the rules by name and version (JSON also prints the digest on disk).
    let arguments = ["simulate", "--runs", "6"]
    let unsharded = try CommandRunner.fitquest(arguments, in: work)
    try shard(arguments, 0, of: 2, in: work, as: "a0.json")
    try shard(arguments, 1, of: 2, in: work, as: "a1.json")
    // A rules edit between the shards: the parts do not fit together.
    let xp = work.file("rules/xp.json")
    let original = try String(contentsOfFile: xp, encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: #""strength": { "multiplier": 1.2"#, with: #""strength": { "multiplier": 2.0"#)
    #expect(edited != original)
    try edited.write(toFile: xp, atomically: true, encoding: .utf8)
    try shard(arguments, 1, of: 2, in: work, as: "b1.json")
    // (The edit moves the outcome, so an output equal to the unsharded one below is the parts'.)
    #expect(try CommandRunner.fitquest(arguments, in: work).stdout != unsharded.stdout)
    let mixed = try CommandRunner.fitquest(["merge", "a0.json", "b1.json"], in: work)
    #expect(mixed.status == 65)
    #expect(mixed.stderr.hasPrefix("b1.json: error: batch 1's inputs, seed, runs or metrics ("), "\(mixed.stderr)")
    // Both shards before the edit, merged after it: the rules on disk are not the parts' rules.
    let stale = try CommandRunner.fitquest(["merge", "a0.json", "a1.json"], in: work)
    #expect(stale.status == 65)
    #expect(
      stale.stderr.hasPrefix("rules: error: the rule pack differs from the one the parts were made with (digest "),
      "\(stale.stderr)")
    #expect(stale.stdout.isEmpty)
    // Trusted, the counts are the parts': the unsharded output of the rules they were made with.
    let trusted = try CommandRunner.fitquest(["merge", "a0.json", "a1.json", "--trust-parts"], in: work)
    #expect(trusted.status == 0, "\(trusted.stderr)")
    #expect(trusted.stderr.contains("rules: warning: the rule pack differs"))
    #expect(trusted.stdout == unsharded.stdout)
    // A scenario edited after the shards ran.
    try original.write(toFile: xp, atomically: true, encoding: .utf8)
    let scenario = work.file("scenarios/beginner-3x.json")
    try (try String(contentsOfFile: scenario, encoding: .utf8) + " ").write(
      toFile: scenario, atomically: true, encoding: .utf8)
    let changed = try CommandRunner.fitquest(["merge", "a0.json", "a1.json"], in: work)
    #expect(changed.status == 65)
    #expect(
      changed.stderr.hasPrefix("scenarios/beginner-3x.json: error: the scenario file differs"), "\(changed.stderr)")
  }

  @Test func aScenarioDigestCoversTheFilesItExtends() throws {
    let work = try workspace("merge-extends")
    defer { try? FileManager.default.removeItem(at: work) }
    try #"{ "extends": "beginner-3x.json", "seed": 7 }"#.write(
      toFile: work.file("scenarios/variant.json"), atomically: true, encoding: .utf8)
    let arguments = ["simulate", "--runs", "4", "scenarios/variant.json"]
    try shard(arguments, 0, of: 2, in: work, as: "p0.json")
    try shard(arguments, 1, of: 2, in: work, as: "p1.json")
    #expect(try CommandRunner.fitquest(["merge", "p0.json", "p1.json"], in: work).status == 0)
    // The parent changes; the variant's own bytes do not.
    let parent = work.file("scenarios/beginner-3x.json")
    try (try String(contentsOfFile: parent, encoding: .utf8) + "\n").write(
      toFile: parent, atomically: true, encoding: .utf8)
    let merged = try CommandRunner.fitquest(["merge", "p0.json", "p1.json"], in: work)
    #expect(merged.status == 65)
    #expect(
      merged.stderr.hasPrefix(
        "scenarios/variant.json: error: the scenario file differs from the one the parts were made with"),
      "\(merged.stderr)")
  }

  @Test func aShardCopiedUnderAnotherIndexIsRefused() throws {
    let work = try workspace("merge-copy")
    defer { try? FileManager.default.removeItem(at: work) }
    let arguments = ["simulate", "--runs", "6"]
    let part0 = try shard(arguments, 0, of: 2, in: work, as: "p0.json")
    // The copy claims shard 1 (checksum fixed, as an attacker would) but holds runs 0, 2, 4.
    try PartFiles.resealed(part0, replacing: "\"shard\":0,", with: "\"shard\":1,")
      .write(toFile: work.file("copy.json"), atomically: true, encoding: .utf8)
    let merged = try CommandRunner.fitquest(["merge", "p0.json", "copy.json"], in: work)
    #expect(merged.status == 65)
    #expect(
      merged.stderr.hasPrefix(
        "copy.json: error: batch 1 holds the runs from 0 every 2, which are not those of shard 1/2"))
    // Without the checksum fixed, the edit itself is caught.
    try part0.replacingOccurrences(of: "\"shard\":0,", with: "\"shard\":1,").write(
      toFile: work.file("copy.json"), atomically: true, encoding: .utf8)
    let edited = try CommandRunner.fitquest(["merge", "p0.json", "copy.json"], in: work)
    #expect(edited.status == 65)
    #expect(edited.stderr.contains("the part was changed after it was written"))
  }

  @Test func hostileCountsAreErrorsNotCrashes() throws {
    let work = try workspace("merge-counts")
    defer { try? FileManager.default.removeItem(at: work) }
    let arguments = ["simulate", "--runs", "4"]
    let part0 = try shard(arguments, 0, of: 2, in: work, as: "p0.json")
    let part1 = try shard(arguments, 1, of: 2, in: work, as: "p1.json")
    // 1e300 runs that never reached a milestone; counts of 6e18 in both parts (their sum overflows).
    let never = try #require(part0.range(of: #""never":0"#))
    try PartFiles.resealed(part0, replacing: String(part0[never]), with: #""never":1e300"#)
      .write(toFile: work.file("never.json"), atomically: true, encoding: .utf8)
    for (name, text) in [("big0.json", part0), ("big1.json", part1)] {
      try PartFiles.resealed(text, replacing: "\"runs\":4,", with: "\"runs\":6000000000000000000,")
        .write(toFile: work.file(name), atomically: true, encoding: .utf8)
    }
    for files in [["never.json", "p1.json"], ["big0.json", "big1.json"]] {
      let merged = try CommandRunner.fitquest(["merge"] + files, in: work)
      #expect(merged.status == 65, "\(files): \(merged.stderr)")
      #expect(merged.stderr.contains(": error: 'batches[0]."), "\(merged.stderr)")
    }
  }
}
