import FitQuestTestSupport
import Foundation
import Testing

/// `fitquest replay` end to end on a store filled by `award --store`: the JSON the issue
/// specifies, text and CSV, a list of players, a sample, and located errors.
@Suite struct ReplayCommandTests {
  /// A store of the three players of docs/examples/players.ndjson, in a new directory.
  static func store() throws -> URL {
    let directory = Paths.temporaryDirectory("replay-cli")
    let award = try CommandRunner.fitquest([
      "award", "--store", directory.appendingPathComponent("p.sqlite").path, "docs/examples/players.ndjson",
    ])
    #expect(award.status == 0, "\(award.stderr)")
    return directory
  }

  @Test func jsonListsEveryPlayerInByteOrderThenTheSummary() throws {
    let directory = try Self.store()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = directory.appendingPathComponent("p.sqlite").path
    // levelBase 210 instead of 150 (curve floor(base × (level − 1)^1.6)): level 2 needs 210 XP
    // (was 150), level 3 ⌊210 × 2^1.6⌋ = 636 (was 454). ana's 507 XP: level 3 → 2; bo's 163:
    // 2 → 1; chen's 115 stays at level 1.
    let result = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--set", "pack.constants.levelBase=210", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let players = try #require(object["players"] as? [[String: Any]])
    #expect(players.map { $0["player"] as? String } == ["ana", "bo", "chen"])
    #expect(players.map { $0["demoted"] as? Bool } == [true, true, false])
    let levels = players.map {
      (($0["base"] as? [String: Any])?["level"] as? Int, ($0["candidate"] as? [String: Any])?["level"] as? Int)
    }
    #expect(levels.map(\.0) == [3, 2, 1] && levels.map(\.1) == [2, 1, 1])
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["players"] as? Int == 3)
    #expect((summary["demoted"] as? [String: Any])?["count"] as? Int == 2)
    // The same pack changes nothing; the CSV has a header and a row per player.
    let same = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--format", "csv", "--threads", "2",
    ])
    let rows = same.stdout.split(separator: "\n")
    #expect(rows.count == 4)
    #expect(rows.dropFirst().allSatisfy { $0.contains(",compared,") && $0.contains(",false,") })
  }

  @Test func listedPlayersAndSamples() throws {
    let directory = try Self.store()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = directory.appendingPathComponent("p.sqlite").path
    let list = directory.appendingPathComponent("players.txt")
    try Data("chen\r\n\nana\n".utf8).write(to: list)
    let listed = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--players", list.path, "--format", "csv",
    ])
    #expect(listed.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first } == ["ana", "chen"])
    let sample = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--sample", "2", "--format", "csv",
    ])
    let again = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--sample", "2", "--format", "csv",
    ])
    #expect(sample.stdout.split(separator: "\n").count == 3)
    #expect(sample.stdout == again.stdout)
    try Data("ana\nzed\n".utf8).write(to: list)
    let unknown = try CommandRunner.fitquest([
      "replay", "--store", store, "--candidate", "rules", "--players", list.path,
    ])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.hasPrefix("\(list.path):2:1: error: the store has no player 'zed'"))
  }
}
