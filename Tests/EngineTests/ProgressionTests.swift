import Engine
import Testing

/// Load suggestions and personal records on the `lifting` pack: bands RPE ≤ 6 → +5% ("easy"),
/// ≤ 8 → +2.5% ("solid"), ≤ 10 → −2.5% ("hard"); plates of 2.5 kg; a deload every 4th training
/// week at 90% load; estimated 1RM = weight × (1 + reps / 30) for sets of up to 10 reps.
@Suite struct ProgressionTests {
  let engine: Engine
  let monday = Fixture.monday

  init() throws {
    engine = try Fixture.engine("lifting")
  }

  func squat(_ sets: [ExerciseSet]) -> [Exercise] { [Exercise(name: "Squat", sets: sets)] }

  struct BandCase: Sendable, CustomTestStringConvertible {
    var rpe: Double
    var band: String
    var change: Double
    var next: Double
    var testDescription: String { "RPE \(rpe)" }
  }

  @Test(arguments: [
    BandCase(rpe: 6, band: "easy", change: 0.05, next: 105),
    BandCase(rpe: 6.5, band: "solid", change: 0.025, next: 102.5),
    BandCase(rpe: 7, band: "solid", change: 0.025, next: 102.5),
    BandCase(rpe: 8, band: "solid", change: 0.025, next: 102.5),
    BandCase(rpe: 9, band: "hard", change: -0.025, next: 97.5),
  ])
  func bandEdges(_ band: BandCase) throws {
    var state = engine.newProgress()
    let event = Fixture.workout("w", monday, exercises: squat([ExerciseSet(reps: 5, weightKg: 100, rpe: band.rpe)]))
    let awards = try engine.apply(event, to: &state)
    #expect(
      awards == [
        Award("w", monday, StreakUpdate(change: .started, current: 1, best: 1)),
        Award(
          "w", monday,
          LoadSuggestion(
            exercise: "Squat", loadKg: 100, rpe: band.rpe, band: band.band, change: band.change,
            nextKg: band.next, isDeloadWeek: false)),
        Award(
          "w", monday,
          XPAward(
            xp: 83, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("week", 3)], uncapped: 83)),
        Award("w", monday, LevelUp(level: 2, threshold: 50, xp: 83)),
      ])
    var expected = engine.newProgress()
    expected.xp = 83
    expected.level = 2
    expected.totals.workouts = 1
    expected.totals.minutes = 30
    expected.totals.sets = 1
    expected.totals.reps = 5
    expected.totals.volumeKg = 500
    expected.totals.activeDays = 1
    expected.categories[0].workouts = 1
    expected.categories[0].minutes = 30
    expected.categories[0].volumeKg = 500
    expected.streak.current = 1
    expected.streak.best = 1
    expected.streak.lastDay = monday
    expected.today.day = monday
    expected.today.xp = 83
    expected.today.workouts = 1
    expected.week.week = monday.week
    expected.week.workouts = 1
    expected.firstWeek = monday.week
    // The first session sets the records without awarding them.
    expected.records[0].sessions = 1
    expected.records[0].heaviestKg = 100
    expected.records[0].bestEstimatedOneRepMaxKg = 100 * (1 + 5.0 / 30)
    expected.records[0].repsAtWeight = [RepsAtWeight(weightKg: 100, reps: 5)]
    expected.loads[0].lastKg = 100
    expected.loads[0].nextKg = band.next
    expected.loads[0].lastRPE = band.rpe
    #expect(state == expected)
  }

  @Test(arguments: [
    // 41 × 1.025 = 42.025 → nearest plate multiple 42.5.
    (41.0, 8.0, 42.5),
    // 40 × 1.025 = 41 rounds back to 40: rounding never cancels progress, so one plate up.
    (40.0, 7.0, 42.5),
    // 60 × 0.975 = 58.5 → 57.5.
    (60.0, 9.0, 57.5),
    // 20 × 1.05 = 21 → 20 → one plate up.
    (20.0, 5.0, 22.5),
    // 102.5 × 1.025 = 105.0625 → 105.
    (102.5, 7.5, 105.0),
  ])
  func plateRounding(load: Double, rpe: Double, next: Double) throws {
    var state = engine.newProgress()
    let event = Fixture.workout("w", monday, exercises: squat([ExerciseSet(reps: 5, weightKg: load, rpe: rpe)]))
    let suggestions = try engine.apply(event, to: &state).compactMap { award -> LoadSuggestion? in
      if let suggestion = award.payload(as: LoadSuggestion.self) { return suggestion }
      return nil
    }
    #expect(suggestions.map(\.nextKg) == [next])
  }

  @Test func deloadWeekPausesProgression() throws {
    var state = engine.newProgress()
    // Training started three weeks ago, so this Monday begins training week 4: a deload week.
    state.firstWeek = monday.week - 3
    state.loads[0].lastKg = 107.5
    state.loads[0].nextKg = 110
    state.loads[0].lastRPE = 8
    #expect(engine.isDeloadWeek(monday, state))
    #expect(!engine.isDeloadWeek(monday.adding(7), state))
    #expect(engine.plannedLoad(for: "Squat", on: monday, state) == 100)  // 110 × 0.9 = 99 → 100
    #expect(engine.plannedLoad(for: "Squat", on: monday.adding(7), state) == 110)
    let event = Fixture.workout("d", monday, exercises: squat([ExerciseSet(reps: 5, weightKg: 100, rpe: 6)]))
    let awards = try engine.apply(event, to: &state)
    #expect(
      awards.contains(
        Award(
          "d", monday,
          LoadSuggestion(
            exercise: "Squat", loadKg: 100, rpe: 6, band: "deload", change: 0, nextKg: 110,
            isDeloadWeek: true))))
    #expect(state.loads[0] == LoadState(exercise: "Squat", lastKg: 100, nextKg: 110, lastRPE: 6))
  }

  @Test func personalRecordsAfterTheFirstSession() throws {
    var state = engine.newProgress()
    _ = try engine.apply(
      Fixture.workout("a", monday, exercises: squat([ExerciseSet(reps: 5, weightKg: 100)])), to: &state)
    let thursday = Fixture.day(3)
    let second = Fixture.workout(
      "b", thursday,
      exercises: squat([
        ExerciseSet(reps: 10, weightKg: 60, kind: .warmUp),
        ExerciseSet(reps: 6, weightKg: 100, rpe: 8),
        ExerciseSet(reps: 3, weightKg: 102.5),
      ]))
    let awards = try engine.apply(second, to: &state)
    let records = awards.compactMap { award -> PersonalRecord? in
      if let record = award.payload(as: PersonalRecord.self) { return record }
      return nil
    }
    // Heaviest 102.5 (was 100); best estimate 100 × (1 + 6/30) = 120 (was 116.67); 6 reps at 100 kg
    // (was 5). 102.5 kg is a new weight, which is not a reps record. The warm-up never counts.
    #expect(
      records == [
        PersonalRecord(exercise: "Squat", kind: .heaviestWeight, value: 102.5, previous: 100),
        PersonalRecord(
          exercise: "Squat", kind: .estimatedOneRepMax, value: 120,
          previous: 100 * (1 + 5.0 / 30)),
        PersonalRecord(exercise: "Squat", kind: .repsAtWeight, value: 6, previous: 5, weightKg: 100),
      ])
    #expect(state.totals.prs == 3)
    #expect(
      state.records[0].repsAtWeight == [RepsAtWeight(weightKg: 100, reps: 6), RepsAtWeight(weightKg: 102.5, reps: 3)])
    #expect(state.records[0].sessions == 2)
    #expect(state.totals.sets == 3)
    #expect(state.totals.volumeKg == 500 + 600 + 307.5)
  }
}
