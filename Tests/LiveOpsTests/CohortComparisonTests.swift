import Engine
import LiveOps
import RuleLanguage
import Testing

/// Cohort outcomes with their 95% intervals, on samples small enough to work out by hand.
@Suite struct CohortComparisonTests {
  static func day(_ iso: String) -> Day { Day(iso: iso) ?? Day(0) }

  @Test func meanAndIntervalByHand() throws {
    var mean = RunningMean()
    for value in [1.0, 2, 3, 4] { mean.add(value) }
    // Mean 2.5; variance ((1.5² + 0.5²) × 2) / 3 = 5/3; standard error √(5/3 / 4) = 0.6455;
    // half-width 1.959964 × 0.6455 = 1.2652.
    let estimate = try #require(mean.estimate)
    #expect(estimate.value == 2.5)
    #expect(abs(mean.variance - 5.0 / 3) < 1e-12)
    #expect(abs(estimate.low - (2.5 - 1.959963984540054 * (5.0 / 12).squareRoot())) < 1e-12)
    #expect(abs(estimate.high - 3.765_2) < 1e-4)
    #expect(RunningMean().estimate == nil)
  }

  @Test func cohortsComparedWithTheirDifferenceFromTheFirst() throws {
    let plan = CohortPlan(
      salt: "s", since: Self.day("2026-03-02"),
      cohorts: [.init(name: "control", pack: "current", weight: 90), .init(name: "new", pack: "curve-b", weight: 10)])
    var comparison = CohortComparison(plan: plan, asOf: Self.day("2026-03-15"))
    func sample(_ workouts: Int, _ last: String, xp: Int64) -> CohortComparison.Sample {
      .init(
        workoutsSince: workouts, lastWorkout: Self.day(last), latestDay: Self.day(last), xp: xp, level: 2, unlocks: 1)
    }
    comparison.add(sample(3, "2026-03-14", xp: 100), cohort: 0)
    comparison.add(sample(5, "2026-03-01", xp: 300), cohort: 0)
    for (workouts, xp) in [(6, 200), (8, 400), (10, 600)] {
      comparison.add(sample(workouts, "2026-03-10", xp: Int64(xp)), cohort: 1)
    }
    // 2026-03-02 to 2026-03-15: 14 days, 2 weeks.
    #expect(comparison.weeks == 2)
    let rows = comparison.rows
    #expect(rows.map(\.players) == [2, 3])
    func metric(_ row: Int, _ name: String) throws -> (Estimate, Estimate?) {
      let entry = try #require(rows[row].metrics.first { $0.name == name })
      return (try #require(entry.estimate), entry.difference)
    }
    // Control: 3 and 5 workouts → 1.5 and 2.5 a week: mean 2, variance 0.5, error² 0.25, half-width 0.98.
    let (control, none) = try metric(0, "workoutsPerWeek")
    #expect(control.value == 2 && none == nil)
    #expect(abs(control.high - control.value - 1.959963984540054 * 0.5) < 1e-12)
    // New: 3, 4, 5 a week: mean 4, variance 1, error² 1/3. Difference 2 ± 1.96 × √(0.25 + 1/3).
    let (new, difference) = try metric(1, "workoutsPerWeek")
    #expect(new.value == 4)
    let delta = try #require(difference)
    #expect(delta.value == 2)
    #expect(abs(delta.low - (2 - 1.959963984540054 * (0.25 + 1.0 / 3).squareRoot())) < 1e-12)
    #expect(delta.excludesZero)
    // Active in the 7 days to 2026-03-15 (from 2026-03-09): one of the two controls, all three new.
    #expect(try metric(0, "activeLast7Days").0.value == 0.5)
    #expect(try metric(1, "activeLast7Days").0.value == 1)
    #expect(try metric(1, "xp").0.value == 400)
    #expect(try metric(1, "xp").1?.value == 200)
  }

  @Test func asOfDefaultsToTheLatestDaySeen() {
    let plan = CohortPlan(salt: "", since: Self.day("2026-03-02"), cohorts: [.init(name: "a", pack: "p", weight: 1)])
    var comparison = CohortComparison(plan: plan)
    comparison.add(
      .init(workoutsSince: 1, lastWorkout: nil, latestDay: Self.day("2026-03-08"), xp: 0, level: 1, unlocks: 0),
      cohort: 0)
    #expect(comparison.day == Self.day("2026-03-08"))
    #expect(comparison.weeks == 1)
  }
}
