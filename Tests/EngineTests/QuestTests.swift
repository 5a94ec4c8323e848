import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Quests on the `quests` pack: XP = (base + minutes) × multiplier (strength 10 and ×2, cardio 5
/// and ×1), levels at 50, 120 and 200 XP; "Iron Week" (3 strength workouts in an ISO week, +100)
/// and "Move Today" (30 minutes in a day, +10). Every number below is worked out by hand.
@Suite struct QuestTests {
  let engine: Engine
  let monday = Fixture.monday

  init() throws {
    engine = try Fixture.engine("quests")
  }

  static let ironWeek = QuestCompletion(id: "iron-week", name: "Iron Week", period: .week, rewardXP: 100)
  static let dailyMove = QuestCompletion(id: "daily-move", name: "Move Today", period: .day, rewardXP: 10)

  /// The awards of an event, without streak updates (streaks run with their defaults here).
  func apply(_ event: Event, to state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(event, to: &state).filter { $0.typeName != "streak" }
  }

  func xp(_ xp: Int64, base: Double, minutes: Double, multiplier: Double) -> XPAward {
    XPAward(
      xp: xp, raw: Double(xp), rounded: xp, terms: [Contribution("base", base), Contribution("duration", minutes)],
      factors: [Contribution("category", multiplier)], uncapped: xp)
  }

  @Test func questsCompleteOncePerPeriodAtTheWorkoutThatMeetsThem() throws {
    var state = engine.newProgress()
    let tuesday = Fixture.day(1)
    let wednesday = Fixture.day(2)
    let nextMonday = Fixture.day(7)

    // Monday, 20 strength minutes: (10 + 20) × 2 = 60 XP, level 2; 20 minutes is not 30.
    #expect(
      try apply(Fixture.workout("w1", monday, minutes: 20), to: &state) == [
        Award("w1", monday, xp(60, base: 10, minutes: 20, multiplier: 2)),
        Award("w1", monday, LevelUp(level: 2, threshold: 50, xp: 60)),
      ])
    // 15 cardio minutes: 5 + 15 = 20 XP; the day has 35 minutes: Move Today, +10 → 90 XP.
    #expect(
      try apply(Fixture.workout("w2", monday, "cardio", minutes: 15), to: &state) == [
        Award("w2", monday, xp(20, base: 5, minutes: 15, multiplier: 1)),
        Award("w2", monday, Self.dailyMove),
      ])
    // 30 more cardio minutes: 35 XP → 125, level 3; Move Today is done for today.
    #expect(
      try apply(Fixture.workout("w3", monday, "cardio", minutes: 30), to: &state) == [
        Award("w3", monday, xp(35, base: 5, minutes: 30, multiplier: 1)),
        Award("w3", monday, LevelUp(level: 3, threshold: 120, xp: 125)),
      ])
    // Tuesday, 30 strength minutes: 80 XP → 205, level 4, then a new day's Move Today → 215.
    #expect(
      try apply(Fixture.workout("w4", tuesday, minutes: 30), to: &state) == [
        Award("w4", tuesday, xp(80, base: 10, minutes: 30, multiplier: 2)),
        Award("w4", tuesday, LevelUp(level: 4, threshold: 200, xp: 205)),
        Award("w4", tuesday, Self.dailyMove),
      ])
    // Wednesday, 10 strength minutes: 40 XP → 255; the week's third strength workout: Iron Week
    // +100 → 355.
    #expect(
      try apply(Fixture.workout("w5", wednesday, minutes: 10), to: &state) == [
        Award("w5", wednesday, xp(40, base: 10, minutes: 10, multiplier: 2)),
        Award("w5", wednesday, Self.ironWeek),
      ])
    // The next Monday starts a new week (one strength workout so far) and a new day.
    #expect(
      try apply(Fixture.workout("w6", nextMonday, minutes: 40), to: &state) == [
        Award("w6", nextMonday, xp(100, base: 10, minutes: 40, multiplier: 2)),
        Award("w6", nextMonday, Self.dailyMove),
      ])
    #expect(state.xp == 465)
    #expect(state.quests.completions == 4)
    #expect(state.quests.quests.map(\.completions) == [1, 3])
    #expect(state.quests.quests.map(\.lastPeriod) == [monday.week, nextMonday.number])
    #expect(state.quests.periods.map(\.workouts) == [1, 1])
    #expect(state.quests.periods.map(\.minutes) == [40, 40])
    #expect(state.quests.periods[1].categoryWorkouts == [1, 0])
  }

  @Test func questProgressIsSavedAndRestored() throws {
    var state = engine.newProgress()
    _ = try engine.apply(Fixture.workout("w1", monday, minutes: 20), to: &state)
    _ = try engine.apply(Fixture.workout("w2", Fixture.day(1), minutes: 20), to: &state)
    let data = try JSONEncoder().encode(state)
    var restored = try JSONDecoder().decode(PlayerProgress.self, from: data)
    #expect(restored == state)
    // The third strength workout of the week completes Iron Week on the restored state too.
    // 60 + 60 + 60 = 180 XP, +100 → 280: the reward crosses level 4's 200.
    let wednesday = Fixture.day(2)
    #expect(
      try apply(Fixture.workout("w3", wednesday, minutes: 20), to: &restored) == [
        Award("w3", wednesday, xp(60, base: 10, minutes: 20, multiplier: 2)),
        Award("w3", wednesday, Self.ironWeek),
        Award("w3", wednesday, LevelUp(level: 4, threshold: 200, xp: 280)),
      ])
  }

  @Test func theAwardExplainsItselfAndWritesItsFields() throws {
    var state = engine.newProgress()
    let awards = try engine.apply(Fixture.workout("w1", monday, minutes: 30), to: &state)
    let quest = try #require(awards.first { $0.typeName == "questCompleted" })
    #expect(quest.id == "w1/questCompleted/daily-move")
    #expect(quest.explanation == "quest 'Move Today' completed for the day +10 XP")
    #expect(
      quest.jsonLine
        == #"{"type":"questCompleted","event":"w1","date":"2026-01-05","id":"daily-move","name":"Move Today","period":"day","rewardXP":10}"#
    )
    #expect(try Award(jsonLine: quest.jsonLine) == quest)
  }

  @Test func questRulesAreValidatedWithPositions() throws {
    let directory = try Fixture.copy("quests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("quests.json")
    let text = MarkedText(
      #"""
      { "quests": [
        { "id": "a", "name": "A", "period": 1️⃣"month", "goal": "period.workouts >= 1" },
        { "id": "b", "name": "B", "period": "day", "goal": "2️⃣period.workout >= 1" },
        { "id": "c", "name": "C", "period": "day", "goal": "3️⃣period.minutes" },
        { "id": 4️⃣"b", "name": "B again", "period": "week", "goal": "period.sets > 0", "rewardXP": 5️⃣-1 }
      ] }
      """#)
    try text.text.write(to: url, atomically: true, encoding: .utf8)
    let error = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    let expected = try [
      ("1️⃣", "unknown quest period 'month'; expected one of 'day', 'week'"),
      ("2️⃣", "unknown variable 'period.workout'; did you mean 'period.workouts'?"),
      ("3️⃣", "this formula must compute true or false, but it computes a number"),
      ("4️⃣", "duplicate quest id 'b'; it is first defined on line 3"),
      ("5️⃣", "'quests[3].rewardXP' must be between 0 and 1000000; found -1"),
    ].map { marker, message in
      let position = try #require(text.position(marker))
      return "\(url.path):\(position.line):\(position.column): error: \(message)"
    }
    #expect(error.diagnostics.map(\.headline) == expected)
  }
}
