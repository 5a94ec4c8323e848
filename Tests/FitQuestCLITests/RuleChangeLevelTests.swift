import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// A player whose rules change to a gentler level curve. docs/events.md: "the rules have
/// changed …, so awards from now on follow the current rules"; a state `award` saved must load
/// again.
@Suite struct RuleChangeLevelTests {
  func award(_ arguments: [String], _ lines: [String], in directory: URL) throws -> CommandResult {
    try CommandRunner.fitquest(
      ["award", "--rules", Paths.rules, "--today", "2026-12-31", "--state", "state.json"] + arguments,
      stdin: lines.joined(separator: "\n") + "\n", in: directory)
  }

  /// Level thresholds are floor(levelBase × (level − 1)^1.6): level 6 starts at
  /// floor(210 × 5^1.6) = 2757 XP with `levelBase` 210 and at floor(150 × 5^1.6) = 1969 XP with
  /// the shipped 150. Twelve daily hour-long cardio workouts under 210 give 2320 XP: level 5.
  /// Under the shipped rules 2320 XP is level 6. A day closure (no XP) applied under the shipped
  /// rules saves the state with the shipped pack but level 5, and the next run refuses the
  /// state file it saved itself: exit 65, "the saved state makes no sense under its rules:
  /// 'progress.level' is 5, but 2320 XP is level 6". (The same with `award --store`: a player
  /// snapshotted between its pack change and its next level-up can never be loaded again —
  /// found as `award --store --cache-mb 1` of a store whose cohorts ended stopping with exit 65
  /// while the build before this session's eviction changes finished.)
  @Test func aStateSavedAfterARuleChangeLoadsAgain() throws {
    let directory = Paths.temporaryDirectory("rule-change-level")
    defer { try? FileManager.default.removeItem(at: directory) }
    let start = try #require(Day(year: 2026, month: 3, day: 2))
    let workouts = (0..<12).map {
      #"{"type":"workout","id":"w\#($0)","date":"\#(start.adding($0).iso)","category":"cardio","durationMin":60}"#
    }
    let first = try award(["--set", "pack.constants.levelBase=210"], workouts, in: directory)
    #expect(first.status == 0)
    #expect(first.stderr.contains("(level 5, 2320 XP)"), "\(first.stderr)")
    let closure = try award([], [#"{"type":"dayClosed","id":"c1","date":"2026-03-14"}"#], in: directory)
    #expect(closure.status == 0)
    // Under the shipped rules 2320 XP is level 6.
    #expect(closure.stderr.contains("(level 6, 2320 XP)"), "\(closure.stderr)")
    let next = try award(
      [], [#"{"type":"workout","id":"w12","date":"2026-03-15","category":"cardio","durationMin":60}"#], in: directory)
    #expect(next.status == 0, "\(next.stderr)")
  }
}

extension RuleChangeLevelTests {
  /// The other way: under the shipped rules the twelve workouts' 2320 XP is level 6 (1969 ≤ 2320
  /// < floor(150 × 6^1.6) = 2637); with `levelBase` 210 level 6 needs floor(210 × 5^1.6) = 2757 XP.
  /// The player keeps level 6 and its XP is raised to 2757, so the saved state loads again.
  @Test func aSteeperCurveNeverDemotes() throws {
    let directory = Paths.temporaryDirectory("rule-change-steeper")
    defer { try? FileManager.default.removeItem(at: directory) }
    let start = try #require(Day(year: 2026, month: 3, day: 2))
    let workouts = (0..<12).map {
      #"{"type":"workout","id":"w\#($0)","date":"\#(start.adding($0).iso)","category":"cardio","durationMin":60}"#
    }
    let first = try award([], workouts, in: directory)
    #expect(first.stderr.contains("(level 6, 2320 XP)"), "\(first.stderr)")
    let steeper = ["--set", "pack.constants.levelBase=210"]
    let closure = try award(steeper, [#"{"type":"dayClosed","id":"c1","date":"2026-03-14"}"#], in: directory)
    #expect(closure.status == 0, "\(closure.stderr)")
    #expect(closure.stderr.contains("(level 6, 2757 XP)"), "\(closure.stderr)")
    let next = try award(
      steeper, [#"{"type":"workout","id":"w12","date":"2026-03-15","category":"cardio","durationMin":60}"#],
      in: directory)
    #expect(next.status == 0, "\(next.stderr)")
  }
}
