import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// Programs of weekly load modifiers (the seed app Antrain's week progression patterns): the
/// load planned for a session is the base × its training week's modifier; the base is the
/// heaviest working set of the last session outside deload weeks (modifiers below 1).
@Suite struct ProgramTests {
  /// A copy of the default pack whose progression.json is `json`.
  static func engine(progression json: String) throws -> (Engine, URL) {
    let pack = Paths.temporaryDirectory("program-pack")
    try FileManager.default.removeItem(at: pack)
    try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("rules"), to: pack)
    try json.write(to: pack.appendingPathComponent("progression.json"), atomically: true, encoding: .utf8)
    return (try Engine(rulesDirectory: pack.path), pack)
  }

  func squat(_ id: String, _ day: Day, _ kg: Double, rpe: Double) -> Event {
    .workout(
      id: id, day: day, category: "strength", durationMin: 45,
      exercises: [
        Exercise(
          name: "Back Squat",
          sets: [ExerciseSet(reps: 5, weightKg: kg, rpe: rpe), ExerciseSet(reps: 5, weightKg: kg - 10, rpe: rpe)])
      ])
  }

  @Test func aFourWeekBlockAlone() throws {
    let (engine, pack) = try Self.engine(
      progression: """
        {"categories": ["strength"], "incrementKg": 2.5, "program": {"name": "4-week block", "weeks": [1.0, 1.025, 1.05, 0.65]}}
        """)
    defer { try? FileManager.default.removeItem(at: pack) }
    var player = engine.newPlayer()
    let monday = Day(year: 2026, month: 3, day: 2)!
    // Week 1 (×1.0): 100 kg done → base 100.
    _ = try engine.apply(squat("w1", monday, 100, rpe: 8), to: &player)
    // Week 2 (×1.025): 102.5 planned; done → base 102.5.
    let week2 = monday.adding(7)
    #expect(engine.plannedLoad(for: "Back Squat", on: week2, player.progress) == 102.5)
    _ = try engine.apply(squat("w2", week2, 102.5, rpe: 8), to: &player)
    // Week 3 (×1.05): 102.5 × 1.05 = 107.625 → 107.5 (2.5 kg plates).
    let week3 = monday.adding(14)
    #expect(engine.plannedLoad(for: "Back Squat", on: week3, player.progress) == 107.5)
    let awards = try engine.apply(squat("w3", week3, 107.5, rpe: 9), to: &player)
    let suggestion = awards.compactMap { award -> LoadSuggestion? in
      if let s = award.payload(as: LoadSuggestion.self) { return s }
      return nil
    }
    #expect(
      suggestion == [
        LoadSuggestion(
          exercise: "Back Squat", loadKg: 107.5, rpe: 9, band: "4-week block", change: 0, nextKg: 107.5,
          isDeloadWeek: false)
      ])
    // Week 4 (×0.65, a deload): 107.5 × 0.65 = 69.875 → 70; the base stays 107.5.
    let week4 = monday.adding(21)
    #expect(engine.isDeloadWeek(week4, player.progress))
    #expect(engine.plannedLoad(for: "Back Squat", on: week4, player.progress) == 70)
    _ = try engine.apply(squat("w4", week4, 70, rpe: 5), to: &player)
    // Week 5 is week 1 again (×1.0): the base, 107.5.
    let week5 = monday.adding(28)
    #expect(!engine.isDeloadWeek(week5, player.progress))
    #expect(engine.plannedLoad(for: "Back Squat", on: week5, player.progress) == 107.5)
  }

  @Test func aProgramWithTheRPEBands() throws {
    let (engine, pack) = try Self.engine(
      progression: """
        {"categories": ["strength"], "incrementKg": 2.5,
         "bands": [{"upTo": 6, "change": 0.05, "label": "easy"}, {"upTo": 8, "change": 0.025, "label": "solid"},
                   {"upTo": 10, "change": -0.025, "label": "grinding"}],
         "program": {"name": "wave", "weeks": [1.0, 1.05]}}
        """)
    defer { try? FileManager.default.removeItem(at: pack) }
    var player = engine.newPlayer()
    let monday = Day(year: 2026, month: 3, day: 2)!
    // RPE 8 "solid": 100 × 1.025 = 102.5 is the base; week 2 plans 102.5 × 1.05 = 107.625 → 107.5.
    _ = try engine.apply(squat("w1", monday, 100, rpe: 8), to: &player)
    #expect(engine.plannedLoad(for: "Back Squat", on: monday.adding(2), player.progress) == 102.5)
    #expect(engine.plannedLoad(for: "Back Squat", on: monday.adding(7), player.progress) == 107.5)
  }

  @Test func aProgramAndADeloadScheduleAreRefused() throws {
    #expect(throws: (any Error).self) {
      let (_, pack) = try Self.engine(
        progression: """
          {"categories": ["strength"], "incrementKg": 2.5, "program": {"weeks": [1.0, 0.6]},
           "deload": {"everyWeeks": 4, "loadFactor": 0.9, "volumeFactor": 0.6}}
          """)
      try? FileManager.default.removeItem(at: pack)
    }
  }

  @Test func theDocumentedProgramsLoad() throws {
    let docs = try String(contentsOf: Paths.repository.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    guard let start = docs.range(of: "**Programs**") else {
      Issue.record("docs/rules.md documents no programs")
      return
    }
    var rest = docs[start.upperBound...]
    var names: [String] = []
    while let open = rest.range(of: "```json\n"),
      let close = rest.range(of: "```", range: open.upperBound..<rest.endIndex),
      names.count < 2
    {
      let (engine, pack) = try Self.engine(progression: String(rest[open.upperBound..<close.lowerBound]))
      try? FileManager.default.removeItem(at: pack)
      names.append(engine.pack.progression?.program?.name ?? "")
      rest = rest[close.upperBound...]
    }
    #expect(names == ["4-week block", "5/3/1 wave"])
  }
}
