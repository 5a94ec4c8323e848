import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Seasons on the `seasons` pack: XP = (base + minutes) × multiplier (strength 10 and ×2, cardio
/// 5 and ×1), levels at 50, 120 and 200 XP; "January" (2026-01-01…31, points = minutes +
/// XP / 10; Bronze at 50 +20 XP, Silver at 100 +40 XP and the badge "jan-silver") and "February"
/// (points = minutes; Bronze at 30, no reward). Every number below is worked out by hand.
@Suite struct SeasonTests {
  let engine: Engine
  let monday = Fixture.monday

  init() throws {
    engine = try Fixture.engine("seasons")
  }

  func apply(_ event: Event, to state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(event, to: &state).filter { $0.typeName != "streak" }
  }

  func xp(_ xp: Int64, base: Double, minutes: Double, multiplier: Double) -> XPAward {
    XPAward(
      xp: xp, raw: Double(xp), rounded: xp, terms: [Contribution("base", base), Contribution("duration", minutes)],
      factors: [Contribution("category", multiplier)], uncapped: xp)
  }

  static func january(_ tier: Int, points: Int64) -> SeasonTierReached {
    tier == 1
      ? SeasonTierReached(
        season: "jan", seasonName: "January", tier: 1, tierName: "Bronze", at: 50, points: points, rewardXP: 20)
      : SeasonTierReached(
        season: "jan", seasonName: "January", tier: 2, tierName: "Silver", at: 100, points: points, rewardXP: 40,
        badge: "jan-silver")
  }

  @Test func pointsReachTiersAndEachSeasonCountsItsOwn() throws {
    var state = engine.newProgress()
    let tuesday = Fixture.day(1)
    let wednesday = Fixture.day(2)
    // Mon 5 Jan, 20 strength minutes: (10 + 20) × 2 = 60 XP, level 2; January: 20 + 60 / 10 = 26.
    #expect(
      try apply(Fixture.workout("w1", monday, minutes: 20), to: &state) == [
        Award("w1", monday, xp(60, base: 10, minutes: 20, multiplier: 2)),
        Award("w1", monday, LevelUp(level: 2, threshold: 50, xp: 60)),
      ])
    #expect(state.seasons.seasons.map(\.points) == [26, 0])
    // Tue: 60 more XP (120, level 3); 26 more points (52 ≥ 50): Bronze, +20 XP → 140.
    #expect(
      try apply(Fixture.workout("w2", tuesday, minutes: 20), to: &state) == [
        Award("w2", tuesday, xp(60, base: 10, minutes: 20, multiplier: 2)),
        Award("w2", tuesday, LevelUp(level: 3, threshold: 120, xp: 120)),
        Award("w2", tuesday, Self.january(1, points: 52)),
      ])
    #expect(state.xp == 140)
    // Wed, 45 cardio minutes: (5 + 45) × 1 = 50 XP → 190; 45 + 5 = 50 points → 102 ≥ 100: Silver,
    // +40 → 230, which crosses level 4's 200 after the tier.
    #expect(
      try apply(Fixture.workout("w3", wednesday, "cardio", minutes: 45), to: &state) == [
        Award("w3", wednesday, xp(50, base: 5, minutes: 45, multiplier: 1)),
        Award("w3", wednesday, Self.january(2, points: 102)),
        Award("w3", wednesday, LevelUp(level: 4, threshold: 200, xp: 230)),
      ])
    // February counts from 0, with its own formula: Mon 2 Feb, 20 minutes → 20 (no tier yet);
    // Tue 3 Feb, 10 cardio minutes → 30: Bronze, no reward. January keeps its 102.
    let february = Day(year: 2026, month: 2, day: 2)!
    #expect(
      try apply(Fixture.workout("w4", february, minutes: 20), to: &state) == [
        Award("w4", february, xp(60, base: 10, minutes: 20, multiplier: 2))
      ])
    let next = february.adding(1)
    #expect(
      try apply(Fixture.workout("w5", next, "cardio", minutes: 10), to: &state) == [
        Award("w5", next, xp(15, base: 5, minutes: 10, multiplier: 1)),
        Award(
          "w5", next,
          SeasonTierReached(
            season: "feb", seasonName: "February", tier: 1, tierName: "Bronze", at: 30, points: 30, rewardXP: 0)),
      ])
    #expect(state.seasons.seasons.map(\.points) == [102, 30])
    #expect(state.seasons.seasons.map(\.tier) == [2, 1])
    #expect(state.seasons.tiers == 3)
    #expect(state.xp == 230 + 60 + 15)
    // The run metrics read the final state.
    let metrics = Dictionary(uniqueKeysWithValues: engine.pack.runMetrics.map { ($0.name, $0.value(state)) })
    #expect(metrics["season.jan.tier"] == 2 && metrics["season.jan.points"] == 102 && metrics["season.feb.tier"] == 1)
  }

  @Test func theAwardExplainsItselfAndWritesItsFields() throws {
    var state = engine.newProgress()
    _ = try engine.apply(Fixture.workout("w1", monday, minutes: 20), to: &state)
    let awards = try engine.apply(Fixture.workout("w2", Fixture.day(1), minutes: 20), to: &state)
    let tier = try #require(awards.first { $0.typeName == "seasonTier" })
    #expect(tier.id == "w2/seasonTier/jan/1")
    #expect(tier.explanation == "season 'January' tier 1 'Bronze' reached: 52 points ≥ 50 +20 XP")
    #expect(tier.token == "season jan tier 1")
    #expect(
      tier.jsonLine
        == #"{"type":"seasonTier","event":"w2","date":"2026-01-06","season":"jan","seasonName":"January","tier":1,"tierName":"Bronze","at":50,"points":52,"rewardXP":20}"#
    )
    #expect(try Award(jsonLine: tier.jsonLine) == tier)
    #expect(engine.pack.summary == "seasons 0.1.0: 2 categories, 0 exercises, 4 levels, 0 achievements, 2 seasons")
  }

  struct BadSeason: Sendable, CustomTestStringConvertible {
    var file: String
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    BadSeason(
      file:
        #"{"seasons":[{"id":"a","name":"A","from":"2026-02-01","to":"2026-01-01","points":"1","tiers":[{"at":1,"name":"T"}]}]}"#,
      message: "a season ends on or after it starts; this one starts 2026-02-01 and ends 2026-01-01"),
    BadSeason(
      file:
        #"{"seasons":[{"id":"a","name":"A","from":"2026-01-01","to":"2026-13-01","points":"1","tiers":[{"at":1,"name":"T"}]}]}"#,
      message: "'seasons[0].to' must be an ISO date such as \"2026-03-01\"; found \"2026-13-01\""),
    BadSeason(
      file:
        #"{"seasons":[{"id":"a","name":"A","from":"2026-01-01","to":"2026-01-31","points":"1","tiers":[{"at":5,"name":"T"},{"at":5,"name":"U"}]}]}"#,
      message: "tiers must be in increasing order of 'at'; 5 follows 5"),
    BadSeason(
      file:
        #"{"seasons":[{"id":"a","name":"A","from":"2026-01-01","to":"2026-01-31","points":"player.nope","tiers":[{"at":1,"name":"T"}]}]}"#,
      message: "unknown variable 'player.nope'"),
  ])
  func badSeasonsAreLocated(_ bad: BadSeason) throws {
    var files: [String: [UInt8]] = [:]
    for name in ["pack", "xp", "levels"] {
      files["\(name).json"] = Array(
        try Data(contentsOf: Fixture.directory.appendingPathComponent("seasons/\(name).json")))
    }
    files["seasons.json"] = Array(bad.file.utf8)
    let error = #expect(throws: DiagnosticError.self) { _ = try RulePackLoader.load(files: files) }
    #expect(
      error?.diagnostics.first?.message.hasPrefix(bad.message) == true, "\(error?.diagnostics.first?.message ?? "")")
  }
}
