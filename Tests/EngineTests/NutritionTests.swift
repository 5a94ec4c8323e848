import Engine
import RuleLanguage
import Testing

/// Nutrition targets on the `food` pack: baseline 2000 kcal, protein 100 g, carbs 200 g, fat 50 g;
/// activity = (day.activeKcal − 300) / 300 × 10% limited to ±10%; intake = (2000 − 3-day average)
/// / 2000 × 50% limited to ±8% (0 without data); the sum is clamped to ±15%.
@Suite struct NutritionTests {
  let engine: Engine
  let day = Fixture.monday

  init() throws {
    engine = try Fixture.engine("food")
  }

  /// A player whose `day` is open with this activity and recent intake.
  func openDay(activeKcal: Double, recent: [(Int, Double)], intake: Double? = nil) -> PlayerProgress {
    var state = engine.newProgress()
    state.today.day = day
    state.today.activeKcal = activeKcal
    state.today.intakeKcal = intake
    state.nutrition.recentIntake = recent.map { DailyIntake(day: Fixture.day($0.0), kcal: $0.1) }
    return state
  }

  static func rationale(_ awards: [Award]) -> String? {
    guard let target = awards.first?.payload(as: NutritionTarget.self) else { return nil }
    return target.rationale
  }

  func close(_ state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(.dayClosed(id: "close", day: day), to: &state)
  }

  @Test func insideTheBand() throws {
    var state = openDay(activeKcal: 390, recent: [(-3, 2100), (-1, 2300)])
    let awards = try close(&state)
    let activity = (390.0 - 300) / 300 * 0.10  // +3%
    let intake = (2000.0 - 2200) / 2000 * 0.5  // −5%: ate 10% above the baseline lately
    #expect(
      awards == [
        Award(
          "close", day,
          NutritionTarget(
            targets: MacroTargets(kcal: 1960, proteinG: 98, carbsG: 196, fatG: 49),
            adjustment: activity + intake, unclamped: activity + intake, isClamped: false,
            signals: [Contribution("activity", activity), Contribution("intake", intake)]))
      ])
    #expect(Self.rationale(awards) == "\u{2212}2%: activity +3%, intake \u{2212}5%")
    var expected = openDay(activeKcal: 390, recent: [(-1, 2300)])
    expected.today.isClosed = true
    #expect(state == expected)
  }

  @Test func clampedAtPlusFifteenPercent() throws {
    var state = openDay(activeKcal: 900, recent: [(-2, 1500), (-1, 1500)])
    let awards = try close(&state)
    // activity (900 − 300) / 300 × 10% = +20% → limited to +10%; intake +12.5% → limited to +8%;
    // +18% is clamped to +15%: 2300 kcal, 115 g, 230 g, 57.5 → 58 g.
    #expect(
      awards == [
        Award(
          "close", day,
          NutritionTarget(
            targets: MacroTargets(kcal: 2300, proteinG: 115, carbsG: 230, fatG: 58),
            adjustment: 0.15, unclamped: 0.10 + 0.08, isClamped: true,
            signals: [Contribution("activity", 0.10), Contribution("intake", 0.08)]))
      ])
    #expect(Self.rationale(awards) == "+15% (clamped from +18%): activity +10%, intake +8%")
    var expected = openDay(activeKcal: 900, recent: [(-2, 1500), (-1, 1500)])
    expected.today.isClosed = true
    #expect(state == expected)
  }

  @Test func clampedAtMinusFifteenPercent() throws {
    var state = openDay(activeKcal: 0, recent: [(-1, 2400)], intake: 1900)
    let awards = try close(&state)
    // A rest day (−10%) after eating 2400 kcal (−10% → limited to −8%): −18% clamped to −15%.
    #expect(
      awards == [
        Award(
          "close", day,
          NutritionTarget(
            targets: MacroTargets(kcal: 1700, proteinG: 85, carbsG: 170, fatG: 43),
            adjustment: -0.15, unclamped: -0.10 + -0.08, isClamped: true,
            signals: [Contribution("activity", -0.10), Contribution("intake", -0.08)]))
      ])
    #expect(Self.rationale(awards) == "\u{2212}15% (clamped from \u{2212}18%): activity \u{2212}10%, intake \u{2212}8%")
    var expected = openDay(activeKcal: 0, recent: [(-1, 2400), (0, 1900)], intake: 1900)
    expected.today.isClosed = true
    #expect(state == expected)
  }

  @Test func withoutIntakeDataTheTrendIsNeutral() throws {
    var state = openDay(activeKcal: 300, recent: [(-5, 2600)])
    let awards = try close(&state)
    #expect(
      awards == [
        Award(
          "close", day,
          NutritionTarget(
            targets: MacroTargets(kcal: 2000, proteinG: 100, carbsG: 200, fatG: 50),
            adjustment: 0, unclamped: 0, isClamped: false,
            signals: [Contribution("activity", 0), Contribution("intake", 0)]))
      ])
    #expect(Self.rationale(awards) == "baseline")
    #expect(state.nutrition.recentIntake == [])
  }

  @Test func aProfileReplacesTheBaselineAndIntakeAccumulates() throws {
    var state = engine.newProgress()
    let targets = MacroTargets(kcal: 3000, proteinG: 180, carbsG: 300, fatG: 90)
    _ = try engine.apply(.profile(id: "p", day: day, targets: targets), to: &state)
    _ = try engine.apply(.nutrition(id: "n1", day: day, intakeKcal: 1200), to: &state)
    _ = try engine.apply(.nutrition(id: "n2", day: day, intakeKcal: 900), to: &state)
    #expect(state.today.intakeKcal == 2100)
    #expect(state.totals.nutritionDays == 1)
    let awards = try close(&state)
    // No activity: −10% of the personal 3000 kcal.
    guard let target = awards.first?.payload(as: NutritionTarget.self) else {
      Issue.record("expected a nutrition target, got \(awards)")
      return
    }
    #expect(target.targets == MacroTargets(kcal: 2700, proteinG: 162, carbsG: 270, fatG: 81))
    #expect(state.nutrition.recentIntake == [DailyIntake(day: day, kcal: 2100)])
  }

  @Test func rationalePercentages() {
    #expect(NumberText.percent(0.08) == "+8%")
    #expect(NumberText.percent(-0.025) == "\u{2212}2.5%")
    #expect(NumberText.percent(0.00004) == "0%")
    #expect(NumberText.percent(0.1234) == "+12.3%")
  }
}
