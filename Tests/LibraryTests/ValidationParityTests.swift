import FitQuest
import FitQuestTestSupport
import Foundation
import Testing

/// Events built in Swift are checked by the same rules as NDJSON lines: each bad event of the
/// bad-input catalogue (and a few more), built with the `Event` factories, is refused with the
/// message the decoder gives for its JSON line, and the player is left unchanged.
@Suite struct ValidationParityTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var event: Event
    var message: String
    var testDescription: String { message }
  }

  // swift-format-ignore: NeverForceUnwrap
  static let day = Day(year: 2026, month: 1, day: 7)!

  static func lift(_ set: ExerciseSet, name: String = "Back Squat") -> Event {
    .workout(id: "w2", day: day, category: "strength", durationMin: 30, exercises: [Exercise(name: name, sets: [set])])
  }

  static let cases: [Case] = [
    Case(
      event: lift(ExerciseSet(reps: 0, weightKg: 100)),
      message: "'exercises[0].sets[0].reps' must be between 1 and 999; found 0"),
    Case(
      event: lift(ExerciseSet(reps: 1000, weightKg: 100)),
      message: "'exercises[0].sets[0].reps' must be between 1 and 999; found 1000"),
    Case(
      event: lift(ExerciseSet(reps: 5, weightKg: -2.5)),
      message: "'exercises[0].sets[0].weightKg' must be between 0 and 9999.9; found -2.5"),
    Case(
      event: lift(ExerciseSet(reps: 5, weightKg: 100, rpe: 10.5)),
      message: "'exercises[0].sets[0].rpe' must be between 1 and 10; found 10.5"),
    Case(
      event: .workout(id: "w2", day: day, category: "strength", durationMin: 30, rpe: 11),
      message: "'rpe' must be between 1 and 10; found 11"),
    Case(
      event: .workout(id: "w2", day: day, category: "strength", durationMin: -5),
      message: "'durationMin' must be between 0 and 1440; found -5"),
    Case(
      event: .workout(id: "w2", day: day, category: "strength", durationMin: .nan),
      message: "'durationMin' must be between 0 and 1440; found nan"),
    Case(
      event: .workout(id: "w2", day: day, category: "strength", durationMin: 30, activeKcal: 1.2345678901234568e29),
      message: "'activeKcal' must be between 0 and 20000; found 1.2345678901234568e+29"),
    Case(
      event: lift(ExerciseSet(reps: 5, weightKg: 20), name: "Back Sqaut"),
      message: "unknown exercise 'Back Sqaut'; did you mean 'Back Squat'?"),
    Case(
      event: .workout(id: "w2", day: day, category: "strenght", durationMin: 30),
      message: "unknown category 'strenght'; did you mean 'strength'?"),
    Case(
      event: .workout(id: "w2", day: day, category: "strength", durationMin: 0),
      message: "'durationMin' must be above 0; found 0"),
    Case(
      event: .nutrition(id: "n1", day: day, intakeKcal: -5),
      message: "'intakeKcal' must be between 0 and 20000; found -5"),
    Case(
      event: .companion(id: "c1", day: day, species: "sproutlng"),
      message: "unknown species 'sproutlng'; did you mean 'sproutling'?"),
    Case(
      event: .profile(id: "p1", day: day, targets: MacroTargets(kcal: 100, proteinG: 150, carbsG: 250, fatG: 70)),
      message: "'targets.kcal' must be between 500 and 10000; found 100"),
    Case(
      event: .workout(id: "", day: day, category: "strength", durationMin: 30),
      message: "'id' must be a non-empty string; found \"\""),
    Case(
      event: .workout(id: String(repeating: "x", count: 201), day: day, category: "strength", durationMin: 30),
      message: "'id' is longer than 200 bytes"),
    Case(event: .retraction(id: "r1", day: day, of: ""), message: "'of' must be a non-empty string; found \"\""),
  ]

  @Test(arguments: cases)
  func refusedWithTheDecodersMessage(_ testCase: Case) throws {
    let pack = try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules))
    let engine = Engine(pack: pack)
    var player = engine.newPlayer()
    let before = player
    do {
      _ = try engine.apply(testCase.event, to: &player)
      Issue.record("the event was applied")
    } catch {
      #expect(error == .invalidEvent(message: testCase.message))
    }
    #expect(player == before)
    // The decoder says the same of the event's JSON line (where the line can carry the value).
    if testCase.event.jsonLine.contains("null") { return }
    let decoded = #expect(throws: DiagnosticError.self) {
      _ = try EventDecoder(pack: pack).decode(line: Array(testCase.event.jsonLine.utf8), file: "line", lineNumber: 1)
    }
    #expect(decoded?.diagnostics.first?.message == testCase.message, "\(testCase.event.jsonLine)")
  }
}
