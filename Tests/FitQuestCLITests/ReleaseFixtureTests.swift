import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

/// A state file and a store written by the release before engine core v3 (Fixtures/release-2,
/// made by its make.sh with that release and never regenerated) load and continue exactly: the
/// same events then give the awards that release printed, and the state it kept.
@Suite struct ReleaseFixtureTests {
  static let fixtures = CLIFixture.directory.appendingPathComponent("release-2")
  static let today = ["--today", "2026-12-31"]

  func file(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  @Test func aStateFileOfThePreviousReleaseContinuesExactly() throws {
    let work = Paths.temporaryDirectory("release-state")
    defer { try? FileManager.default.removeItem(at: work) }
    try FileManager.default.copyItem(atPath: file("state"), toPath: work.file("state"))
    let state = work.file("state/player.json")
    let run = try CommandRunner.fitquest(
      ["award", "--state", state, "--rules", file("rules")] + Self.today + [file("second.ndjson")])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == (try String(contentsOfFile: file("second.awards.ndjson"), encoding: .utf8)))
    let continued = try FileStore(path: state).load(player: "")
    let expected = try FileStore(path: file("final-state/player.json")).load(player: "")
    #expect(continued != nil && continued == expected)
  }

  @Test func aStoreOfThePreviousReleaseContinuesExactly() throws {
    let work = Paths.temporaryDirectory("release-store")
    defer { try? FileManager.default.removeItem(at: work) }
    let store = work.file("players.sqlite")
    try FileManager.default.copyItem(atPath: file("players.sqlite"), toPath: store)
    let run = try CommandRunner.fitquest(
      ["award", "--store", store, "--rules", file("rules")] + Self.today + [file("players-second.ndjson")])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == (try String(contentsOfFile: file("players-second.awards.ndjson"), encoding: .utf8)))
    for player in ["beginner-3x", "dieter", "consistent-5x-lifter"] {
      let shown = try CommandRunner.fitquest(["players", "--store", store, "show", player, "--format", "json"])
      #expect(shown.status == 0, "\(shown.stderr)")
      let expected = try PlayerState(
        data: Data(contentsOf: Self.fixtures.appendingPathComponent("final-\(player).json")))
      #expect(try PlayerState(data: Data(shown.stdout.utf8)) == expected, "\(player)")
    }
  }
}
