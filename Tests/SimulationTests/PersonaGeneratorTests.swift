import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

@testable import Simulation

/// The generator features personas use: unlisted exercises, lapses drawn at a rate, a strength
/// gain per exercise.
@Suite struct PersonaGeneratorTests {
  static func scenario(adherence: String = #"{ "probability": 1 }"#, exercise: String) throws -> Scenario {
    let text = """
      { "rules": \(JSONWriter.quoted(Paths.rules)), "seed": 3, "start": "2026-01-05", "duration": { "weeks": 4 },
        "plan": { "sessions": [ { "days": ["mon", "thu"], "category": "strength", "durationMin": 45, "exercises": [ \(exercise) ] } ] },
        "adherence": \(adherence) }
      """
    return try ScenarioLoader.load(SourceFile(name: "/tmp/generated.json", bytes: Array(text.utf8)), packs: PackCache())
  }

  static func events(_ scenario: Scenario) throws -> [Event] {
    try SimulationRunner.run(
      scenario, engine: try PackCache().engine(for: Paths.rules), recording: RecordingOptions(events: true)
    ).events
  }

  @Test func unlistedExercisesKeepTheirNames() throws {
    let scenario = try Self.scenario(
      exercise: #"{ "name": "Sled Push", "unlisted": true, "sets": 2, "reps": 8, "startKg": 60 }"#)
    let workouts = try Self.events(scenario).compactMap { event -> Workout? in
      if case .workout(let workout) = event.kind { return workout } else { return nil }
    }
    #expect(workouts.count == 8)
    #expect(workouts.allSatisfy { $0.exercises.map(\.name) == ["Sled Push"] && $0.exercises[0].isUnlisted })
    let error = try #require(throws: DiagnosticError.self) {
      try Self.scenario(exercise: #"{ "name": "Sled Push", "sets": 2, "reps": 8, "startKg": 60 }"#)
    }
    #expect(error.diagnostics.first?.message.hasPrefix("unknown exercise 'Sled Push'") == true)
  }

  @Test func lapsesStartAtTheirRate() throws {
    let squat = #"{ "name": "Back Squat", "sets": 3, "reps": 5, "startKg": 60 }"#
    // Certain lapses of 3 days: each starts the day the previous ends; no training at all.
    let always = try Self.scenario(
      adherence: #"{ "probability": 1, "lapseChance": 1, "lapseDays": 3 }"#, exercise: squat)
    #expect(try Self.events(always).allSatisfy { if case .workout = $0.kind { return false } else { return true } })
    // A rate of 0 draws nothing: the same events as without the key.
    let never = try Self.scenario(adherence: #"{ "probability": 1, "lapseChance": 0 }"#, exercise: squat)
    #expect(try Self.events(never) == Self.events(try Self.scenario(exercise: squat)))
  }

  @Test func anExercisesOwnGainReplacesThePersonas() {
    let plan = ExercisePlan(name: "A", sets: 1, reps: 1, startKg: 100, maxKg: 100, rpe: 1...10)
    var own = plan
    own.strengthGain = 0.05
    var lifter = Lifter(exercises: [plan, own], gain: 0.01)
    lifter.adapt(0, today: 1)
    lifter.adapt(1, today: 1)
    // First session: × (1 + g × 40 / 40).
    #expect(lifter.trueMax == [101, 105])
  }
}
