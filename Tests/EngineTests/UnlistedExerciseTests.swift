import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Exercise aliases and unlisted exercises on the `aliases` pack: the `lifting` pack (estimated
/// 1RM = weight × (1 + reps / 30) up to 10 reps; bands ≤ 8 → +2.5% "solid"; plates of 2.5 kg)
/// whose "Squat" has the aliases "Squat (Barbell)" and "Barbell Squat", and whose strength
/// category keeps unlisted exercises under "Other Lift".
@Suite struct UnlistedExerciseTests {
  let engine: Engine
  let monday = Fixture.monday
  let wednesday = Fixture.day(2)

  init() throws {
    engine = try Fixture.engine("aliases")
  }

  func lift(_ name: String, _ reps: Int, _ kg: Double, unlisted: Bool = false) -> Exercise {
    Exercise(name: name, sets: [ExerciseSet(reps: reps, weightKg: kg, rpe: 7)], isUnlisted: unlisted)
  }

  /// The awards of records and load suggestions, the ones these rules are about.
  func liftingAwards(_ event: Event, _ state: inout PlayerProgress) throws -> [Award] {
    try engine.apply(event, to: &state).filter {
      $0.payload is PersonalRecord || $0.payload is LoadSuggestion
    }
  }

  func suggestion(_ id: String, _ day: Day, _ exercise: String, _ load: Double, next: Double) -> Award {
    Award(
      id, day,
      LoadSuggestion(
        exercise: exercise, loadKg: load, rpe: 7, band: "solid", change: 0.025, nextKg: next, isDeloadWeek: false))
  }

  @Test func aliasesAreTheSameExercise() throws {
    var state = engine.newProgress()
    let first = try liftingAwards(Fixture.workout("w1", monday, exercises: [lift("Squat (Barbell)", 5, 100)]), &state)
    // First session: records are set without awards; 100 × 1.025 = 102.5.
    #expect(first == [suggestion("w1", monday, "Squat", 100, next: 102.5)])
    let second = try liftingAwards(Fixture.workout("w2", wednesday, exercises: [lift("Barbell Squat", 5, 110)]), &state)
    // 110 × 1.025 = 112.75 → 45.1 plates of 2.5 → 112.5.
    #expect(
      second == [
        Award("w2", wednesday, PersonalRecord(exercise: "Squat", kind: .heaviestWeight, value: 110, previous: 100)),
        Award(
          "w2", wednesday,
          PersonalRecord(
            exercise: "Squat", kind: .estimatedOneRepMax, value: 110 * (1 + 5.0 / 30), previous: 100 * (1 + 5.0 / 30))),
        suggestion("w2", wednesday, "Squat", 110, next: 112.5),
      ])
    #expect(state.records.map(\.exercise) == ["Squat", "Other Lift", "Run"])
    #expect(state.records[0].sessions == 2)
  }

  @Test func unlistedExercisesKeepRecordsAndLoadsUnderTheirOwnNames() throws {
    var state = engine.newProgress()
    let first = try liftingAwards(
      Fixture.workout(
        "w1", monday,
        exercises: [
          lift("Leg Extension (Machine)", 10, 50, unlisted: true),
          lift("Chest Press (Machine)", 10, 60, unlisted: true),
        ]), &state)
    // 50 × 1.025 = 51.25 → 20.5 plates → 21 → 52.5; 60 × 1.025 = 61.5 → 24.6 → 25 → 62.5.
    #expect(
      first == [
        suggestion("w1", monday, "Leg Extension (Machine)", 50, next: 52.5),
        suggestion("w1", monday, "Chest Press (Machine)", 60, next: 62.5),
      ])
    let second = try liftingAwards(
      Fixture.workout(
        "w2", wednesday,
        exercises: [
          lift("Leg Extension (Machine)", 10, 55, unlisted: true),
          lift("Chest Press (Machine)", 10, 55, unlisted: true),
        ]), &state)
    // 55 kg is a record of the leg extension (50 before), not of the chest press (60): had both
    // been pooled under "Other Lift", 55 would be no record. 55 × 1.025 = 56.375 → 22.55 → 57.5.
    #expect(
      second == [
        Award(
          "w2", wednesday,
          PersonalRecord(
            exercise: "Leg Extension (Machine)", kind: .heaviestWeight, value: 55, previous: 50)),
        Award(
          "w2", wednesday,
          PersonalRecord(
            exercise: "Leg Extension (Machine)", kind: .estimatedOneRepMax, value: 55 * (1 + 10.0 / 30),
            previous: 50 * (1 + 10.0 / 30))),
        suggestion("w2", wednesday, "Leg Extension (Machine)", 55, next: 57.5),
        suggestion("w2", wednesday, "Chest Press (Machine)", 55, next: 57.5),
      ])
    #expect(
      state.records.map(\.exercise) == [
        "Squat", "Other Lift", "Run", "Leg Extension (Machine)", "Chest Press (Machine)",
      ])
    #expect(state.records.map(\.sessions) == [0, 0, 0, 2, 2])
    #expect(
      state.loads.map(\.exercise) == ["Squat", "Other Lift", "Run", "Leg Extension (Machine)", "Chest Press (Machine)"])
    #expect(engine.plannedLoad(for: "Chest Press (Machine)", on: Fixture.day(4), state) == 57.5)

    // The same pack keeps the entries; a pack without unlisted exercises drops them, by name.
    var same = state
    #expect(engine.reconcile(&same).isEmpty)
    #expect(same == state)
    var other = state
    let dropped = try Fixture.engine("lifting").reconcile(&other)
    #expect(
      dropped == [
        "Other Lift", "Leg Extension (Machine)", "Chest Press (Machine)", "Other Lift", "Leg Extension (Machine)",
        "Chest Press (Machine)",
      ])
    #expect(other.records.map(\.exercise) == ["Squat", "Run"])
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var category: String
    var exercise: Exercise
    var path: String
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Refusal(
      category: "strength",
      exercise: Exercise(name: "Leg Extension (Machine)", sets: [ExerciseSet(reps: 5, weightKg: 40)]),
      path: "exercises[0].name",
      message: #"unknown exercise 'Leg Extension (Machine)'; mark it "unlisted": true to keep it under 'Other Lift'"#),
    Refusal(
      category: "strength", exercise: Exercise(name: "Squatt", sets: [ExerciseSet(reps: 5, weightKg: 40)]),
      path: "exercises[0].name", message: "unknown exercise 'Squatt'; did you mean 'Squat'?"),
    Refusal(
      category: "cardio",
      exercise: Exercise(name: "Sled Push", sets: [ExerciseSet(reps: 5, weightKg: 40)], isUnlisted: true),
      path: "exercises[0].unlisted",
      message:
        "this rule pack keeps no unlisted exercises of category 'cardio' (exercises.json names none in 'unlisted')"),
  ])
  func refusesNamesThePackCannotKeep(_ refusal: Refusal) throws {
    let event = Fixture.workout("w", monday, refusal.category, exercises: [refusal.exercise])
    #expect(throws: EventError(refusal.path, refusal.message)) { try EventValidator.resolve(event, pack: engine.pack) }
  }

  @Test func theUnlistedMarkReadsAndWritesAsJSON() throws {
    let line =
      #"{"type":"workout","id":"w","date":"2026-01-05","category":"strength","durationMin":30,"exercises":[{"name":"Sled Push","unlisted":true,"sets":[{"reps":5,"weightKg":40}]}]}"#
    let event = try Event(jsonLine: line)
    #expect(event.jsonLine == line)
    let resolved = try EventDecoder(pack: engine.pack).resolve(line: Array(line.utf8), file: "e", lineNumber: 1)
    #expect(resolved.event(pack: engine.pack) == event)
    let bad = line.replacingOccurrences(of: #""unlisted":true"#, with: #""unlisted":"yes""#)
    let error = try #require(throws: DiagnosticError.self) {
      try EventDecoder(pack: engine.pack).decode(line: Array(bad.utf8), file: "e", lineNumber: 1)
    }
    #expect(
      error.diagnostics.map(\.headline) == [
        "e:1:131: error: 'exercises[0].unlisted' must be true or false; found a string"
      ])
  }

  static let edits: [(old: String, new: String, message: String)] = [
    (
      #""Run": { "category": "cardio", "aliases": ["Running (Treadmill)"] }"#,
      #""Run": { "category": "cardio", "aliases": [1️⃣"Squat"] }"#, "alias 'Squat' is already the name of an exercise"
    ),
    (
      #""Run": { "category": "cardio", "aliases": ["Running (Treadmill)"] }"#,
      #""Run": { "category": "cardio", "aliases": [1️⃣"Barbell Squat"] }"#,
      "alias 'Barbell Squat' is already a name of 'Squat'"
    ),
    (
      #""Run": {"#, #"1️⃣"Squat (Barbell)": { "category": "strength" }, "Run": {"#,
      "exercise 'Squat (Barbell)' is already an alias of 'Squat'"
    ),
    (
      #""unlisted": { "strength""#, #""unlisted": { 1️⃣"strenght""#,
      "unknown category 'strenght'; did you mean 'strength'?"
    ),
    (
      #""strength": "Other Lift""#, #""strength": 1️⃣"Other Lif""#,
      "unknown exercise 'Other Lif'; did you mean 'Other Lift'?"
    ),
    (
      #""strength": "Other Lift""#, #""cardio": 1️⃣"Other Lift""#,
      "the unlisted exercise of 'cardio' must be a cardio exercise; 'Other Lift' is a strength exercise"
    ),
  ]

  @Test(arguments: edits.indices)
  func reportsPackMistakes(_ index: Int) throws {
    let edit = Self.edits[index]
    let directory = try Fixture.copy("aliases")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("exercises.json")
    let original = try String(contentsOf: url, encoding: .utf8)
    #expect(original.contains(edit.old))
    let text = MarkedText(original.replacingOccurrences(of: edit.old, with: edit.new))
    try text.text.write(to: url, atomically: true, encoding: .utf8)
    let error = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    let position = try #require(text.position("1️⃣"))
    #expect(
      error.diagnostics.map(\.headline) == ["\(url.path):\(position.line):\(position.column): error: \(edit.message)"])
  }

  @Test func theDefaultPackAliasesTheAppsCommonNames() throws {
    let pack = try RulePackLoader.load(directory: Paths.rules)
    let aliases = pack.exercises.flatMap(\.aliases)
    #expect(aliases.count >= 60)
    for (name, exercise) in [
      ("Squat (Barbell)", "Back Squat"), ("Flat Barbell Bench Press", "Bench Press"), ("Pull Up", "Pull-up"),
      ("Lat Pulldown (Cable)", "Lat Pulldown"), ("Running (Treadmill)", "Running"),
      ("Bent Over Row (Barbell)", "Barbell Row"),
    ] {
      #expect(pack.exercise(named: name).map { pack.exercises[$0].name } == exercise, "\(name)")
    }
    let unlisted = pack.categories.indices.map {
      pack.unlistedExercise(forCategory: $0).map { pack.exercises[$0].name }
    }
    #expect(
      unlisted == [
        "Unlisted Strength", "Unlisted Cardio", "Unlisted Flexibility", "Unlisted Sport", "Unlisted Activity",
      ])
  }
}
