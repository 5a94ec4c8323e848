import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

@testable import Simulation

/// Personas fitted to histories built here, with the fitted values worked out by hand, and the
/// simulated personas checked against their histories.
@Suite struct PersonaTests {
  static let pack: RulePack = {
    do { return try RulePackLoader.load(directory: Paths.rules) } catch {
      preconditionFailure("the default pack loads: \(error)")
    }
  }()
  static let monday = Day(validYear: 2026, month: 1, day: 5)

  static func workout(
    _ id: String, _ day: Day, _ category: String, minutes: Double, distance: Double? = nil, exercises: [Exercise] = []
  )
    -> Event
  {
    Event(
      id: id, day: day,
      kind: .workout(Workout(category: category, durationMin: minutes, distanceKm: distance, exercises: exercises)))
  }

  /// The lifter: 12 weeks of Monday, Wednesday and Friday strength, one Wednesday (week 5)
  /// missed, an hour each, Back Squat as a warm-up and 3 × 5 at 60 kg, always the same; weeks in
  /// `skipped` left out entirely.
  static func lifter(skipping skipped: Set<Int> = []) -> [Event] {
    var events: [Event] = []
    for week in 0..<12 where !skipped.contains(week) {
      for offset in [0, 2, 4] where !(week == 4 && offset == 2) {
        let sets =
          [ExerciseSet(reps: 5, weightKg: 30, kind: .warmUp)]
          + Array(repeating: ExerciseSet(reps: 5, weightKg: 60), count: 3)
        let day = monday.adding(week * 7 + offset)
        events.append(
          workout(
            "l\(week)-\(offset)", day, "strength", minutes: 60, exercises: [Exercise(name: "Back Squat", sets: sets)]))
      }
    }
    return events
  }

  /// The runner: 12 weeks of Tuesday, Thursday and Saturday runs, 30 min for 5 km and 40 min
  /// for 7 km by turns, and yoga on the Sundays of even weeks.
  static func runner() -> [Event] {
    var events: [Event] = []
    var turn = 0
    for week in 0..<12 {
      for offset in [1, 3, 5] {
        let long = turn % 2 == 1
        turn += 1
        events.append(
          workout(
            "r\(week)-\(offset)", monday.adding(week * 7 + offset), "cardio", minutes: long ? 40 : 30,
            distance: long ? 7 : 5))
      }
      if week % 2 == 0 { events.append(workout("y\(week)", monday.adding(week * 7 + 6), "flexibility", minutes: 45)) }
    }
    return events
  }

  static func fit(_ events: [Event]) throws -> (text: String, history: TrainingHistory) {
    let history = try TrainingHistory(events: events)
    return (PersonaFitter(history: history, pack: pack).scenario(name: "test", rules: Paths.rules), history)
  }

  static func load(_ text: String) throws -> Scenario {
    try ScenarioLoader.load(SourceFile(name: "/tmp/persona.json", bytes: Array(text.utf8)), packs: PackCache())
  }

  @Test func fitsTheLifter() throws {
    let (text, history) = try Self.fit(Self.lifter())
    // 35 workouts from Monday of week 1 to Friday of week 12: 82 days, 35 × 7 / 82 = 2.99 a week.
    #expect(history.days == 82)
    #expect(
      text.contains(
        #""description": "Fitted by fitquest persona to test: 35 workouts over 82 days (2.99 a week; strength 100%), 0 lapses.","#
      ))
    #expect(text.contains(#""start": "2026-01-05","#) && text.contains(#""duration": { "days": 82 },"#))
    // Loads never moved: no gain. The first session's best estimate is 60 × (1 + 5/30) = 70.
    #expect(text.contains(#""persona": { "strengthGain": 0 },"#))
    let squat = #"{ "name": "Back Squat", "sets": 3, "reps": 5, "startKg": 60, "maxKg": 70, "strengthGain": 0 }"#
    // 12 of 12 Mondays, 11 of 12 Wednesdays (0.917), 12 of 12 Fridays.
    for (day, probability) in [("mon", "1"), ("wed", "0.917"), ("fri", "1")] {
      #expect(
        text.contains(
          #"{ "days": ["\#(day)"], "category": "strength", "probability": \#(probability), "durationMin": 60, "exercises": [\#n        \#(squat)\#n      ] }"#
        ))
    }
    #expect(text.contains(#""adherence": { "probability": 1 }"#))
    #expect(!text.contains("nutrition"))
    _ = try Self.load(text)
  }

  @Test func fitsTheRunnerDifferently() throws {
    let (text, _) = try Self.fit(Self.runner())
    // Durations 30 and 40 by turns: the 10th percentile of twelve is 30, the 90th 40; likewise
    // 5 and 7 km. The history runs from Tuesday of week 1 to Saturday of week 12, so it holds
    // 11 Sundays; yoga on 6 of them (weeks 1, 3, …, 11): 6/11 = 0.545.
    for day in ["tue", "thu", "sat"] {
      #expect(
        text.contains(
          #"{ "days": ["\#(day)"], "category": "cardio", "probability": 1, "durationMin": [30, 40], "distanceKm": [5, 7] }"#
        ))
    }
    #expect(text.contains(#"{ "days": ["sun"], "category": "flexibility", "probability": 0.545, "durationMin": 45 }"#))
    #expect(text.contains(#""persona": {},"#))
    #expect(!text.contains("strength\", \"probability"))
    #expect(text != (try Self.fit(Self.lifter())).text)
    _ = try Self.load(text)
  }

  @Test func fitsLapses() throws {
    // Weeks 6 and 7 missing: from Friday of week 5 (day 32) to Monday of week 8 (day 49), 16
    // days without training. Active days 82 − 16 = 66, one lapse: 1/66 = 0.01515.
    let (text, history) = try Self.fit(Self.lifter(skipping: [5, 6]))
    #expect(history.lapses.map(\.days) == [16])
    #expect(text.contains(#""adherence": { "probability": 1, "lapseChance": 0.01515, "lapseDays": 16 }"#))
    // Mondays outside the lapse: 10, all trained.
    #expect(text.contains(#"{ "days": ["mon"], "category": "strength", "probability": 1,"#))
  }

  @Test func fitsRPEAndEating() throws {
    // The lifter's working sets at RPE 7, 8 and 9: on the 12 Mondays 12 of each, so the 10th
    // percentile is 7 and the 90th 9. Each workout at RPE 6 (weeks 1–6) or 8 (weeks 7–12): 6
    // Mondays of each, so the 10th percentile is 6 and the 90th 8.
    let events = Self.lifter().map { event -> Event in
      guard case .workout(var workout) = event.kind else { return event }
      workout.rpe = event.day.number - Self.monday.number < 42 ? 6 : 8
      workout.exercises = workout.exercises.map { exercise in
        var rpe = 6.0
        return Exercise(
          name: exercise.name,
          sets: exercise.sets.map { set in
            guard set.kind != .warmUp else { return set }
            rpe += 1
            return ExerciseSet(reps: set.reps, weightKg: set.weightKg, rpe: rpe)
          })
      }
      return Event(id: event.id, day: event.day, kind: .workout(workout))
    }
    // Eating logged on the 12 Mondays (week w = 0…11): 2000 kcal and 100 g of protein when w is
    // even, 2400 and 140 when odd. 12 of 82 days: 0.146. Mean 2200, standard deviation 200. Slope: days
    // x = 7w (w = 0…11), Σ(x − x̄)(y − ȳ) = 7 × 200 × (3 + 3) = 8400, Σ(x − x̄)² = 49 × 143 =
    // 7007, so 8400 / 7007 × 7 = 8.39 kcal a week. Protein 120.
    let eating = (0..<12).map { week in
      Event(
        id: "n\(week)", day: Self.monday.adding(week * 7),
        kind: .nutrition(NutritionLog(intakeKcal: week % 2 == 0 ? 2000 : 2400, proteinG: week % 2 == 0 ? 100 : 140)))
    }
    let (text, _) = try Self.fit(events + eating)
    #expect(
      text.contains(#"{ "days": ["mon"], "category": "strength", "probability": 1, "durationMin": 60, "rpe": [6, 8], "#)
    )
    #expect(
      text.contains(
        #"{ "name": "Back Squat", "sets": 3, "reps": 5, "startKg": 60, "maxKg": 70, "rpe": [7, 9], "strengthGain": 0 }"#
      ))
    #expect(
      text.contains(
        #""nutrition": { "logProbability": 0.146, "meanKcal": 2200, "spreadKcal": 200, "driftKcalPerWeek": 8.4, "proteinG": 120 }"#
      ))
    _ = try Self.load(text)
  }

  @Test func gainMatchesTheLiftersGrowth() throws {
    // first 100, last 110, 3 steps: ln 1.1 / (40/41 + 40/42 + 40/43) = 0.0953102 / 2.858223.
    let gain = try #require(PersonaFitter.gain(sessions: [100, 100, 100, 110, 110, 110]))
    #expect(abs(gain - 0.033346) < 1e-6)
    #expect(PersonaFitter.gain(sessions: [100, 100, 100, 110, 110]) == nil)
  }

  @Test(arguments: ["lifter", "runner"])
  func simulatedPersonasTrainLikeTheirHistories(_ who: String) throws {
    let events = who == "lifter" ? Self.lifter() : Self.runner()
    let (text, history) = try Self.fit(events)
    let scenario = try Self.load(text)
    let comparison = try PersonaComparison(
      history: history, scenario: scenario, engine: try PackCache().engine(for: Paths.rules), runs: 200)
    let real = comparison.realSessionsPerWeek
    #expect(abs(comparison.simulatedSessionsPerWeek - real) <= 0.1 * real, "\(comparison.table)")
    for share in comparison.shares where share.real >= 0.1 {
      #expect(abs(share.simulated - share.real) <= 0.1 * share.real, "\(share.category): \(comparison.table)")
    }
  }

  @Test func relativeRulesPaths() {
    #expect(PersonaFile.relativePath(to: "rules", from: "personas/sam.json", base: "/work") == "../rules")
    #expect(PersonaFile.relativePath(to: "rules", from: "sam.json", base: "/work") == "rules")
    #expect(PersonaFile.relativePath(to: "/a/rules", from: "/a/b/c/sam.json", base: "/work") == "../../rules")
  }
}
