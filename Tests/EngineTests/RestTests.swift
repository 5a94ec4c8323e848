import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Rest days and pauses on the `rest` pack: streaks without grace days or freezes, Sundays are
/// planned rest days, and a quarter holds at most 5 paused days (a pause may start up to 3 days
/// back and end up to 30 days ahead). Monday 2026-01-05 is day 0; every number is worked out by
/// hand.
@Suite struct RestTests {
  let engine: Engine

  init() throws {
    engine = try Fixture.engine("rest")
  }

  func day(_ offset: Int) -> Day { Fixture.day(offset) }

  /// The streak and pause awards of an event.
  func apply(_ event: Event, to state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(event, to: &state).filter { $0.typeName == "streak" || $0.typeName == "pause" }
  }

  @Test func pausesAndRestDaysKeepTheStreakWithinTheLimits() throws {
    var state = engine.newProgress()
    _ = try apply(Fixture.workout("w1", day(0)), to: &state)
    #expect(
      try apply(Fixture.workout("w2", day(1)), to: &state) == [
        Award("w2", day(1), StreakUpdate(change: .extended, current: 2, best: 2))
      ])
    // Wed 7 Jan: paused Wed–Fri, 3 days, 3 of the quarter's 5.
    #expect(
      try apply(.pause(id: "p1", day: day(2), from: day(2), to: day(4)), to: &state) == [
        Award("p1", day(2), PauseGranted(from: day(2), to: day(4), days: 3, refused: 0, quarterDays: 3, limit: 5))
      ])
    // Sat 10 Jan: Wed–Fri were paused, not missed: the streak goes on (without the pause, 3
    // missed days and no grace would have started it again at 1).
    #expect(
      try apply(Fixture.workout("w3", day(5)), to: &state) == [
        Award("w3", day(5), StreakUpdate(change: .extended, current: 3, best: 3))
      ])
    // Mon 12 Jan: Sunday is a planned rest day.
    #expect(
      try apply(Fixture.workout("w4", day(7)), to: &state) == [
        Award("w4", day(7), StreakUpdate(change: .extended, current: 4, best: 4))
      ])
    // Tue–Fri asked for: only 2 days are left in the quarter, so Tue and Wed are paused, Thu and
    // Fri refused.
    let second = try apply(.pause(id: "p2", day: day(7), from: day(8), to: day(11)), to: &state)
    #expect(
      second == [
        Award("p2", day(7), PauseGranted(from: day(8), to: day(11), days: 2, refused: 2, quarterDays: 5, limit: 5))
      ])
    #expect(
      second.first?.explanation
        == "paused 2026-01-13 to 2026-01-16: 2 days (5 of 5 this quarter); 2 days over the limit of 5 a quarter not paused"
    )
    // Sat 17 Jan: Thu and Fri were missed, so the streak breaks when the day opens, and starts again.
    #expect(
      try apply(Fixture.workout("w5", day(12)), to: &state) == [
        Award("w5", day(12), StreakUpdate(change: .broken, current: 0, best: 4)),
        Award("w5", day(12), StreakUpdate(change: .started, current: 1, best: 4)),
      ])
    #expect(state.rest.paused == [DayRange(from: day(2), to: day(4)), DayRange(from: day(8), to: day(9))])
    #expect(state.rest.pausedDays == 5 && state.rest.pauses == 2)
    #expect(state.rest.quarters == [QuarterDays(quarter: 2026 * 4, days: 5)])
    // A new quarter has room again: 1–3 April, all granted.
    let april = Day(year: 2026, month: 4, day: 1)!
    #expect(
      try apply(.pause(id: "p3", day: april, from: april, to: april.adding(2)), to: &state) == [
        Award(
          "p3", april, PauseGranted(from: april, to: april.adding(2), days: 3, refused: 0, quarterDays: 3, limit: 5)),
        Award("p3", april, StreakUpdate(change: .broken, current: 0, best: 4)),
      ])
    let metrics = Dictionary(uniqueKeysWithValues: engine.pack.runMetrics.map { ($0.name, $0.value(state)) })
    #expect(metrics["rest.pausedDays"] == 8 && metrics["rest.pauses"] == 3)
  }

  @Test func aPausedDayIsNotCountedTwice() throws {
    var state = engine.newProgress()
    _ = try apply(.pause(id: "p1", day: day(0), from: day(0), to: day(2)), to: &state)
    // Mon–Wed again, then Thu: only Thu is new.
    #expect(
      try apply(.pause(id: "p2", day: day(1), from: day(0), to: day(3)), to: &state) == [
        Award("p2", day(1), PauseGranted(from: day(0), to: day(3), days: 1, refused: 0, quarterDays: 4, limit: 5))
      ])
    #expect(state.rest.paused == [DayRange(from: day(0), to: day(3))])
  }

  @Test func thePauseEventReadsAndWritesItsLine() throws {
    let line = #"{"type":"pause","id":"p1","date":"2026-01-07","from":"2026-01-07","to":"2026-01-09"}"#
    let event = try Event(jsonLine: line)
    #expect(event == .pause(id: "p1", day: day(2), from: day(2), to: day(4)))
    #expect(event.jsonLine == line)
    #expect(event.typeName == "pause")
  }

  struct BadPause: Sendable, CustomTestStringConvertible {
    var from: Int
    var to: Int
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    BadPause(from: 3, to: 2, message: "'to' (2026-01-07) must be on or after 'from' (2026-01-08)"),
    BadPause(
      from: -4, to: 0,
      message: "a pause may start at most 3 days before the event's date (2026-01-02); found 2026-01-01"),
    BadPause(
      from: 0, to: 31, message: "a pause may end at most 30 days after the event's date (2026-02-04); found 2026-02-05"),
    BadPause(from: 0, to: 400, message: "a pause lasts at most 366 days; this one lasts 401"),
  ])
  func aPauseOutsideTheLimitsIsRefused(_ bad: BadPause) throws {
    var state = engine.newProgress()
    let before = state
    #expect(throws: EngineError.invalidEvent(message: bad.message)) {
      try engine.apply(.pause(id: "p", day: day(0), from: day(bad.from), to: day(bad.to)), to: &state)
    }
    #expect(state == before)
  }

  @Test func aPackWithoutPausesRefusesThem() throws {
    let quests = try Fixture.engine("quests")
    var state = quests.newProgress()
    #expect(
      throws: EngineError.invalidEvent(message: "this rule pack allows no pauses (its rest.json has no 'pauses')")
    ) {
      try quests.apply(.pause(id: "p", day: day(0), from: day(0), to: day(1)), to: &state)
    }
  }
}
