import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Weekly goals on the `goals` pack: a week met gives 30 XP; no default goal; next week's goal is
/// suggested as the average of the last 2 weeks + 1, within ±50% of the current goal (workouts
/// 1–10, minutes 10–600); pauses of up to 30 days a quarter. Monday 2026-01-05 is day 0 (ISO week
/// W1); every number is worked out by hand.
@Suite struct GoalTests {
  let engine: Engine

  init() throws {
    engine = try Fixture.engine("goals")
  }

  func day(_ offset: Int) -> Day { Fixture.day(offset) }

  /// The weekly goal awards of an event.
  func apply(_ event: Event, to state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(event, to: &state).filter { $0.typeName.hasPrefix("goal") }
  }

  func cardio(_ id: String, _ offset: Int, _ minutes: Double = 10) -> Event {
    Fixture.workout(id, day(offset), "cardio", minutes: minutes)
  }

  @Test func aWeekMetExtendsTheStreakAndAWeekMissedEndsIt() throws {
    var state = engine.newProgress()
    // W1: the goal is 2 workouts; the second workout (Wed) meets it, once.
    #expect(try apply(.goal(id: "g1", day: day(0), WeeklyGoal(kind: .workouts, target: 2)), to: &state).isEmpty)
    #expect(try apply(cardio("w1", 0), to: &state).isEmpty)
    let met = try engine.apply(cardio("w2", 2), to: &state)
    #expect(
      met.filter { $0.typeName.hasPrefix("goal") } == [
        Award(
          "w2", day(2), GoalMet(week: day(0), kind: .workouts, goal: 2, target: 2, achieved: 2, streak: 1, rewardXP: 30)
        )
      ])
    // (5 + 10) × 1 = 15 XP a workout, + 30: 60, level 2 at 50.
    #expect(met.contains(Award("w2", day(2), LevelUp(level: 2, threshold: 50, xp: 60))))
    #expect(try apply(cardio("w3", 3), to: &state).isEmpty)
    // W2 opens: W1 held 3 workouts. Suggested: 3 + 1 = 4, above 2 × 1.5 = 3: clamped to 3.
    #expect(
      try apply(cardio("w4", 8), to: &state) == [
        Award(
          "w4", day(8),
          GoalSuggested(
            week: day(7), kind: .workouts, target: 2, suggested: 3, raw: 4, average: 3, weeks: 1, isClamped: true,
            isAdopted: false))
      ])
    // W4 opens after an empty W3: W2 (1 workout of 2) ends the streak of 1. Suggested from W2
    // and W3: (1 + 0) / 2 + 1 = 1.5, within 1…3, rounded half away from zero: 2.
    #expect(
      try apply(cardio("w5", 21), to: &state) == [
        Award("w5", day(21), GoalMissed(week: day(7), kind: .workouts, target: 2, achieved: 1, lostStreak: 1)),
        Award(
          "w5", day(21),
          GoalSuggested(
            week: day(21), kind: .workouts, target: 2, suggested: 2, raw: 1.5, average: 0.5, weeks: 2, isClamped: false,
            isAdopted: false)),
      ])
    #expect(state.goals.streak == 0 && state.goals.best == 1 && state.goals.weeksMet == 1)
    // A goal of 30 minutes from Tuesday: 10 so far; Wednesday's 35 reach it (45).
    #expect(try apply(.goal(id: "g2", day: day(22), WeeklyGoal(kind: .minutes, target: 30)), to: &state).isEmpty)
    #expect(
      try apply(cardio("w6", 23, 35), to: &state) == [
        Award(
          "w6", day(23),
          GoalMet(week: day(21), kind: .minutes, goal: 30, target: 30, achieved: 45, streak: 1, rewardXP: 30))
      ])
    // W5 is paused whole (asked for on Friday of W4): it has no goal. W6 has 4 paused days of 7:
    // its target is 30 × 3 / 7 = 12.86, rounded up to 13.
    _ = try apply(.pause(id: "p1", day: day(25), from: day(28), to: day(34)), to: &state)
    let w6 = day(35)
    // W6 opens (the pause is granted before the day opens): W4 was met and W5 neither breaks nor
    // extends the streak. Suggested from W4 (45 minutes) and W5 (0): 22.5 + 1 = 23.5 → 24,
    // within 15…45.
    #expect(
      try apply(.pause(id: "p2", day: w6, from: w6.adding(3), to: w6.adding(6)), to: &state) == [
        Award(
          "p2", w6,
          GoalSuggested(
            week: w6, kind: .minutes, target: 30, suggested: 24, raw: 23.5, average: 22.5, weeks: 2, isClamped: false,
            isAdopted: false))
      ])
    #expect(
      try apply(cardio("w7", 36, 15), to: &state) == [
        Award(
          "w7", w6.adding(1),
          GoalMet(week: w6, kind: .minutes, goal: 30, target: 13, achieved: 15, streak: 2, rewardXP: 30))
      ])
    #expect(state.goals.best == 2 && state.goals.weeksMet == 3)
    let metrics = Dictionary(uniqueKeysWithValues: engine.pack.runMetrics.map { ($0.name, $0.value(state)) })
    #expect(metrics["goals.weeksMet"] == 3 && metrics["goals.bestStreak"] == 2)
  }

  @Test func theAwardsExplainThemselves() throws {
    let met = GoalMet(week: day(0), kind: .workouts, goal: 3, target: 2, achieved: 2, streak: 4, rewardXP: 30)
    #expect(
      met.explanation
        == "weekly goal met: 2 of 2 workouts in the week of 2026-01-05 (goal 3, lowered for paused days), 4 weeks in a row +30 XP"
    )
    let suggested = GoalSuggested(
      week: day(7), kind: .minutes, target: 150, suggested: 172, raw: 200, average: 190, weeks: 4, isClamped: true,
      isAdopted: false)
    #expect(
      suggested.explanation == "next week: 172 minutes (+14.7%, clamped from +33.3%); average 190 over the last 4 weeks"
    )
    let award = Award(eventID: "w9", day: day(7), payload: suggested)
    #expect(award.id == "w9/goalSuggested/2026-01-12")
    #expect(
      award.jsonLine
        == #"{"type":"goalSuggested","event":"w9","date":"2026-01-12","week":"2026-01-12","kind":"minutes","target":150,"suggested":172,"raw":200,"average":190,"weeks":4,"clamped":true,"adopted":false}"#
    )
    #expect(try Award(jsonLine: award.jsonLine) == award)
  }

  @Test func theGoalEventReadsWritesAndChecksItsLine() throws {
    let line = #"{"type":"goal","id":"g1","date":"2026-01-05","minutes":150}"#
    let event = try Event(jsonLine: line)
    #expect(event == .goal(id: "g1", day: day(0), WeeklyGoal(kind: .minutes, target: 150)))
    #expect(event.jsonLine == line)
    #expect(throws: DiagnosticError.self) {
      try Event(jsonLine: #"{"type":"goal","id":"g1","date":"2026-01-05","minutes":150,"workouts":3}"#)
    }
    var state = engine.newProgress()
    // Outside the pack's limits (minutes 10–600).
    #expect(throws: EngineError.invalidEvent(message: "'minutes' must be between 10 and 600; found 700")) {
      try engine.apply(.goal(id: "g", day: day(0), WeeklyGoal(kind: .minutes, target: 700)), to: &state)
    }
  }
}
