import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// The default pack's nutrition targets against an independent transcription of AirFit's
/// NutritionGoalService rules (restated in issue 17, written here from those facts only):
///
///     activity   = clamp((active kcal of the day − 300) / 300 × 0.5, −10 %, +10 %)
///     intake     = clamp((average − 2000) / 2000 × 0.5, −8 %, +8 %)
///                  over the days with logs among the 3 days ending with the settled day
///     adjustment = clamp(activity + intake, −15 %, +15 %)
///     kcal    = 2200 × (1 + adjustment)
///     protein = 140 × (1 + adjustment / 4)
///     fat     = 70 × (1 + adjustment / 2)
///     carbs   = max(0, kcal − 4 × protein − 9 × fat) / 4
///
/// The baseline 2200 kcal / 140 g / 250 g / 70 g is the default pack's.
@Suite struct AirFitNutritionTests {
  struct Expected: Equatable, CustomStringConvertible {
    var kcal, protein, carbs, fat, adjustment: Double
    var description: String { "\(kcal) kcal, \(protein) P, \(carbs) C, \(fat) F (\(adjustment))" }
  }

  /// AirFit's targets of a day, from that day's activity and the logged intake of the window.
  static func airFit(activeKcal: Double, intakeByDay: [Double]) -> Expected {
    func clamp(_ x: Double, _ limit: Double) -> Double { min(max(x, -limit), limit) }
    let activity = clamp((activeKcal - 300) / 300 * 0.5, 0.10)
    let intake =
      intakeByDay.isEmpty ? 0 : clamp((intakeByDay.reduce(0, +) / Double(intakeByDay.count) - 2000) / 2000 * 0.5, 0.08)
    let adjustment = clamp(activity + intake, 0.15)
    let kcal = 2200 * (1 + adjustment)
    let protein = 140 * (1 + adjustment / 4)
    let fat = 70 * (1 + adjustment / 2)
    let carbs = max(0, kcal - 4 * protein - 9 * fat) / 4
    return Expected(kcal: kcal, protein: protein, carbs: carbs, fat: fat, adjustment: adjustment)
  }

  /// A random month: most days a workout (sometimes two), most days one or two food logs.
  static func stream(seed: UInt64) -> [Event] {
    var random = TestRandom(seed: seed)
    var events: [Event] = []
    // swift-format-ignore: NeverForceUnwrap
    let start = Day(year: 2026, month: 3, day: 2)!
    for offset in 0..<40 {
      let day = start.adding(offset)
      if Int.random(in: 0..<10, using: &random) == 0 { continue }  // a day without any event
      for index in 0..<Int.random(in: 0...2, using: &random) {
        let kcal: Double? =
          Int.random(in: 0..<5, using: &random) == 0 ? nil : Double(Int.random(in: 0...900, using: &random))
        events.append(
          .workout(
            id: "w\(offset)-\(index)", day: day,
            category: ["strength", "cardio", "sports"][Int.random(in: 0..<3, using: &random)],
            durationMin: Double(Int.random(in: 15...90, using: &random)),
            rpe: Double(Int.random(in: 4...9, using: &random)), activeKcal: kcal))
      }
      for index in 0..<Int.random(in: 0...2, using: &random) {
        events.append(
          .nutrition(
            id: "n\(offset)-\(index)", day: day, intakeKcal: Double(Int.random(in: 600...2000, using: &random))))
      }
    }
    return events
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func defaultTargetsEqualAirFitsRules(seed: UInt64) throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var player = engine.newPlayer()
    let events = Self.stream(seed: seed)
    var targets: [(Day, NutritionTarget)] = []
    for event in events {
      for award in try engine.apply(event, to: &player) {
        if let target = award.payload(as: NutritionTarget.self) { targets.append((award.day, target)) }
      }
    }
    #expect(targets.count > 25)
    var clamped = 0
    for (day, target) in targets {
      let active = events.reduce(0.0) { total, event in
        guard event.day == day, case .workout(let workout) = event.kind else { return total }
        return total + (workout.activeKcal ?? 0)
      }
      var intakeByDay: [Double] = []
      for offset in -2...0 {
        let logs = events.compactMap { event -> Double? in
          guard event.day == day.adding(offset), case .nutrition(let log) = event.kind else { return nil }
          return log.intakeKcal
        }
        if !logs.isEmpty { intakeByDay.append(logs.reduce(0, +)) }
      }
      let expected = Self.airFit(activeKcal: active, intakeByDay: intakeByDay)
      if abs(expected.adjustment) == 0.15 { clamped += 1 }
      let got = target.targets
      #expect(abs(target.adjustment - expected.adjustment) < 1e-12, "\(day): \(target.rationale) vs \(expected)")
      // Within rounding: FitQuest rounds each target to a whole unit, carbs from unrounded targets.
      #expect(abs(got.kcal - expected.kcal) <= 0.5 + 1e-9, "\(day) kcal \(got.kcal) vs \(expected)")
      #expect(abs(got.proteinG - expected.protein) <= 0.5 + 1e-9, "\(day) protein \(got.proteinG) vs \(expected)")
      #expect(abs(got.fatG - expected.fat) <= 0.5 + 1e-9, "\(day) fat \(got.fatG) vs \(expected)")
      #expect(abs(got.carbsG - expected.carbs) <= 0.5 + 1e-9, "\(day) carbs \(got.carbsG) vs \(expected)")
    }
    #expect(clamped > 0, "no clamped day: the stream should reach the ±15% clamp")
  }

  @Test func theRationaleNamesEachSignalOrSaysBaseline() throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var player = engine.newPlayer()
    let monday = Day(year: 2026, month: 3, day: 2)!
    // 300 kcal active and 2,000 kcal eaten: both signals are 0.
    _ = try engine.apply(
      .workout(id: "w1", day: monday, category: "cardio", durationMin: 30, activeKcal: 300), to: &player)
    _ = try engine.apply(.nutrition(id: "n1", day: monday, intakeKcal: 2000), to: &player)
    let neutral = try engine.apply(.dayClosed(id: "c1", day: monday), to: &player)
    guard let baseline = neutral.first?.payload(as: NutritionTarget.self) else {
      Issue.record("no target: \(neutral)")
      return
    }
    #expect(baseline.rationale == "baseline")
    // Carbs take the remaining energy even at the baseline: (2200 − 4 × 140 − 9 × 70) / 4 = 252.5
    // → 253 (the pack's 250 g carbs leave 10 kcal unassigned).
    #expect(baseline.targets == MacroTargets(kcal: 2200, proteinG: 140, carbsG: 253, fatG: 70))

    // 360 kcal reaches the +10% limit (not 900); 2,200 kcal eaten (the window: today only) is +5%.
    let tuesday = monday.adding(1)
    _ = try engine.apply(
      .workout(id: "w2", day: tuesday, category: "cardio", durationMin: 30, activeKcal: 360), to: &player)
    _ = try engine.apply(.nutrition(id: "n2", day: tuesday, intakeKcal: 2200), to: &player)
    let moved = try engine.apply(.dayClosed(id: "c2", day: tuesday), to: &player)
    guard let target = moved.first?.payload(as: NutritionTarget.self) else {
      Issue.record("no target: \(moved)")
      return
    }
    // Window Mon–Tue: (2000 + 2200) / 2 = 2100 → (2100 − 2000) / 2000 × 0.5 = +2.5%.
    #expect(target.rationale == "+12.5%: activity +10%, intake +2.5%")
    // kcal 2200 × 1.125 = 2475; protein 140 × (1 + 0.03125) = 144.375 → 144; fat 70 × 1.0625 =
    // 74.375 → 74; carbs (2475 − 577.5 − 669.375) / 4 = 307.03 → 307.
    #expect(target.targets == MacroTargets(kcal: 2475, proteinG: 144, carbsG: 307, fatG: 74))
  }

  @Test func theDocumentedAlternativeLeansAgainstTheTrend() throws {
    // The second nutrition.json of docs/rules.md, in a copy of the default pack.
    let docs = try String(contentsOf: Paths.repository.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    guard let start = docs.range(of: "**The alternative that leans against the trend**"),
      let open = docs.range(of: "```json\n", range: start.upperBound..<docs.endIndex),
      let close = docs.range(of: "```", range: open.upperBound..<docs.endIndex)
    else {
      Issue.record("docs/rules.md has no alternative nutrition.json")
      return
    }
    let pack = Paths.temporaryDirectory("lean-pack")
    defer { try? FileManager.default.removeItem(at: pack) }
    try FileManager.default.removeItem(at: pack)
    try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("rules"), to: pack)
    try String(docs[open.upperBound..<close.lowerBound]).write(
      to: pack.appendingPathComponent("nutrition.json"), atomically: true, encoding: .utf8)
    let engine = try Engine(rulesDirectory: pack.path)
    var player = engine.newPlayer()
    let monday = Day(year: 2026, month: 3, day: 2)!
    _ = try engine.apply(.nutrition(id: "n1", day: monday, intakeKcal: 2400), to: &player)
    _ = try engine.apply(.dayClosed(id: "c1", day: monday), to: &player)
    let tuesday = monday.adding(1)
    _ = try engine.apply(
      .workout(id: "w2", day: tuesday, category: "cardio", durationMin: 30, activeKcal: 600), to: &player)
    let awards = try engine.apply(.dayClosed(id: "c2", day: tuesday), to: &player)
    guard let target = awards.first?.payload(as: NutritionTarget.self) else {
      Issue.record("no target: \(awards)")
      return
    }
    // activity (600 − 300) / 600 × 10% = +5%; intake over Monday only: (2000 − 2400) / 2000 × 50%
    // = −10% → −8%: −3% in all, every macro alike: 2134 kcal, 135.8 → 136 g, 242.5 → 243 g (half
    // away from zero), 67.9 → 68 g.
    #expect(target.rationale == "\u{2212}3%: activity +5%, intake \u{2212}8%")
    #expect(target.targets == MacroTargets(kcal: 2134, proteinG: 136, carbsG: 243, fatG: 68))
  }
}
