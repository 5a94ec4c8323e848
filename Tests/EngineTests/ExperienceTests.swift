import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// XP, caps, levels and streaks on the `bare` pack: strength (base 10, ×2), cardio (base 5, ×1),
/// XP = (base + minutes) × multiplier, +3 for the first workout of a week, +streak when the
/// streak is at least 3; caps 100 per workout and 150 per day; levels at 50, 120 and 200 XP;
/// streak grace 1 day, a freeze earned every 3 training days (at most 1).
@Suite struct ExperienceTests {
  let engine: Engine
  let monday = Fixture.monday

  init() throws {
    engine = try Fixture.engine("bare")
  }

  /// A player who trained on `lastDay` and has the given streak.
  func trained(on lastDay: Day, streak: Int, best: Int, freezes: Int, workouts: Int) -> PlayerProgress {
    var state = engine.newProgress()
    state.totals.workouts = workouts
    state.totals.minutes = 30 * Double(workouts)
    state.totals.activeDays = workouts
    state.categories[0].workouts = workouts
    state.categories[0].minutes = 30 * Double(workouts)
    state.streak = StreakState()
    state.streak.current = streak
    state.streak.best = best
    state.streak.freezes = freezes
    state.streak.lastDay = lastDay
    state.today.day = lastDay
    state.today.workouts = 1
    state.week.week = lastDay.week
    state.week.workouts = 1
    state.firstWeek = lastDay.week
    return state
  }

  @Test func severalLevelUpsFromOneCappedWorkout() throws {
    var state = engine.newProgress()
    state.xp = 40
    let awards = try engine.apply(Fixture.workout("w1", monday, minutes: 60), to: &state)
    // (10 + 60) × 2 = 140, + 3 first of week = 143, capped to 100; 40 + 100 = 140 crosses 50 and 120.
    #expect(
      awards == [
        Award("w1", monday, StreakUpdate(change: .started, current: 1, best: 1)),
        Award(
          "w1", monday,
          XPAward(
            xp: 100, raw: 140, rounded: 140,
            terms: [Contribution("base", 10), Contribution("duration", 60)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("week", 3)], cap: .perWorkout, uncapped: 143)),
        Award("w1", monday, LevelUp(level: 2, threshold: 50, xp: 140)),
        Award("w1", monday, LevelUp(level: 3, threshold: 120, xp: 140)),
      ])
    var expected = engine.newProgress()
    expected.xp = 140
    expected.level = 3
    expected.totals.workouts = 1
    expected.totals.minutes = 60
    expected.totals.activeDays = 1
    expected.streak.current = 1
    expected.streak.best = 1
    expected.streak.lastDay = monday
    expected.today.day = monday
    expected.today.xp = 100
    expected.today.workouts = 1
    expected.week.week = monday.week
    expected.week.workouts = 1
    expected.firstWeek = monday.week
    expected.categories[0].workouts = 1
    expected.categories[0].minutes = 60
    #expect(state == expected)
  }

  @Test func dailyCapLimitsASecondWorkout() throws {
    var state = trained(on: monday, streak: 1, best: 1, freezes: 0, workouts: 1)
    state.xp = 100
    state.level = 2
    state.today.xp = 120
    let awards = try engine.apply(Fixture.workout("w2", monday, "cardio", minutes: 30), to: &state)
    // (5 + 30) × 1 = 35, not the first of the week; the day has 150 − 120 = 30 left.
    #expect(
      awards == [
        Award(
          "w2", monday,
          XPAward(
            xp: 30, raw: 35, rounded: 35,
            terms: [Contribution("base", 5), Contribution("duration", 30)], factors: [Contribution("category", 1)],
            cap: .perDay, uncapped: 35)),
        Award("w2", monday, LevelUp(level: 3, threshold: 120, xp: 130)),
      ])
    var expected = trained(on: monday, streak: 1, best: 1, freezes: 0, workouts: 1)
    expected.xp = 130
    expected.level = 3
    expected.today.xp = 150
    expected.today.workouts = 2
    expected.week.workouts = 2
    expected.totals.workouts = 2
    expected.totals.minutes = 60
    expected.categories[1].workouts = 1
    expected.categories[1].minutes = 30
    #expect(state == expected)
  }

  @Test func graceDayExtendsTheStreakAndEarnsAFreeze() throws {
    var state = trained(on: monday, streak: 2, best: 5, freezes: 0, workouts: 2)
    state.xp = 43
    let wednesday = Fixture.day(2)
    let awards = try engine.apply(Fixture.workout("w3", wednesday), to: &state)
    // One rest day is within the grace: 2 → 3, a multiple of 3, so a freeze is earned.
    // XP: (10 + 30) × 2 = 80, + streak bonus 3 = 83; 43 + 83 = 126 crosses 50 and 120.
    #expect(
      awards == [
        Award("w3", wednesday, StreakUpdate(change: .extended, current: 3, best: 5, freezeEarned: true, freezes: 1)),
        Award(
          "w3", wednesday,
          XPAward(
            xp: 83, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("streak", 3)], uncapped: 83)),
        Award("w3", wednesday, LevelUp(level: 2, threshold: 50, xp: 126)),
        Award("w3", wednesday, LevelUp(level: 3, threshold: 120, xp: 126)),
      ])
    var expected = trained(on: monday, streak: 3, best: 5, freezes: 1, workouts: 3)
    expected.xp = 126
    expected.level = 3
    expected.streak.lastDay = wednesday
    expected.today = DayState()
    expected.today.day = wednesday
    expected.today.xp = 83
    expected.today.workouts = 1
    expected.week.workouts = 2
    #expect(state == expected)
  }

  @Test func freezeBridgesAMissedDay() throws {
    var state = trained(on: monday, streak: 4, best: 4, freezes: 1, workouts: 4)
    let thursday = Fixture.day(3)
    let awards = try engine.apply(Fixture.workout("w4", thursday), to: &state)
    // Two rest days: one within the grace, one bridged by the freeze: 4 → 5.
    #expect(
      awards == [
        Award("w4", thursday, StreakUpdate(change: .extended, current: 5, best: 5, freezesUsed: 1)),
        Award(
          "w4", thursday,
          XPAward(
            xp: 85, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("streak", 5)], uncapped: 85)),
        Award("w4", thursday, LevelUp(level: 2, threshold: 50, xp: 85)),
      ])
    var expected = trained(on: monday, streak: 5, best: 5, freezes: 0, workouts: 5)
    expected.xp = 85
    expected.level = 2
    expected.streak.lastDay = thursday
    expected.today = DayState()
    expected.today.day = thursday
    expected.today.xp = 85
    expected.today.workouts = 1
    expected.week.workouts = 2
    #expect(state == expected)
  }

  @Test func tooManyRestDaysBreakTheStreak() throws {
    var state = trained(on: monday, streak: 4, best: 4, freezes: 0, workouts: 4)
    let friday = Fixture.day(4)
    let awards = try engine.apply(Fixture.workout("w5", friday), to: &state)
    // Three rest days exceed grace 1 + 0 freezes: the calendar breaks the streak, the workout starts a new one.
    #expect(
      awards == [
        Award("w5", friday, StreakUpdate(change: .broken, current: 0, best: 4)),
        Award("w5", friday, StreakUpdate(change: .started, current: 1, best: 4)),
        Award(
          "w5", friday,
          XPAward(
            xp: 80, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            uncapped: 80)),
        Award("w5", friday, LevelUp(level: 2, threshold: 50, xp: 80)),
      ])
    var expected = trained(on: monday, streak: 1, best: 4, freezes: 0, workouts: 5)
    expected.xp = 80
    expected.level = 2
    expected.streak.lastDay = friday
    expected.today = DayState()
    expected.today.day = friday
    expected.today.xp = 80
    expected.today.workouts = 1
    expected.week.workouts = 2
    #expect(state == expected)
  }

  @Test func refusesOutOfOrderEventsWithoutChangingState() throws {
    var state = trained(on: monday, streak: 1, best: 1, freezes: 0, workouts: 1)
    let before = state
    #expect(throws: EngineError.outOfOrder(day: Fixture.day(-1), openDay: monday, isClosed: false)) {
      try engine.apply(Fixture.workout("old", Fixture.day(-1)), to: &state)
    }
    #expect(throws: EngineError.invalidEvent(message: "unknown category 'cardo'; did you mean 'cardio'?")) {
      try engine.apply(Fixture.workout("x", monday, "cardo"), to: &state)
    }
    #expect(state == before)
  }

  @Test func roundingModesAreExplicit() {
    #expect(RoundingMode.halfAwayFromZero.round(2.5) == 3)
    #expect(RoundingMode.halfAwayFromZero.round(-2.5) == -3)
    #expect(RoundingMode.halfEven.round(2.5) == 2)
    #expect(RoundingMode.halfEven.round(3.5) == 4)
    #expect(RoundingMode.down.round(2.9) == 2)
    #expect(RoundingMode.up.round(2.1) == 3)
    // The largest Double below one half stays 0; halves step away from zero; beyond 2^52 every
    // Double is whole already.
    #expect(RoundingMode.halfAwayFromZero.round(0.49999999999999994) == 0)
    #expect(RoundingMode.halfAwayFromZero.round(-0.5) == -1)
    #expect(RoundingMode.halfAwayFromZero.round(4_503_599_627_370_495.5) == 4_503_599_627_370_496)
    #expect(RoundingMode.halfAwayFromZero.round(-0.25).sign == .minus)
    #expect(RoundingMode.halfAwayFromZero.round(9_007_199_254_740_994) == 9_007_199_254_740_994)
  }

  @Test func halfAwayFromZeroAgreesWithTheStandardLibraryEverywhere() {
    var random = TestRandom(seed: 5)
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, .ulpOfOne, -.ulpOfOne, 1e15 + 0.5, -(1e15 + 0.5), .infinity, -.infinity,
      0.49999999999999994, -0.49999999999999994, 2_251_799_813_685_247.5, -2_251_799_813_685_248.5,
      4_503_599_627_370_495.5, -4_503_599_627_370_494.5, 4_503_599_627_370_496, .leastNonzeroMagnitude,
      -.leastNormalMagnitude, .greatestFiniteMagnitude,
    ]
    // Every half between 2^51 and 2^52, where a Double's fraction is a half or nothing.
    for _ in 0..<10_000 {
      let whole = Double(Int64.random(in: 2_251_799_813_685_248..<4_503_599_627_370_495, using: &random))
      values += [whole + 0.5, -(whole + 0.5), whole]
    }
    for _ in 0..<100_000 {
      let magnitude = Double.random(in: -60...60, using: &random)
      values.append(Double.random(in: -1...1, using: &random) * Foundation.pow(2, magnitude))
      values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 2)
    }
    for value in values {
      let expected = value.rounded(.toNearestOrAwayFromZero)
      let actual = RoundingMode.halfAwayFromZero.round(value)
      #expect(actual == expected && actual.sign == expected.sign, "\(value)")
    }
    #expect(RoundingMode.halfAwayFromZero.round(.nan).isNaN)
  }
}
