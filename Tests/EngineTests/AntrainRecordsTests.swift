import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// The default pack's one-rep-max estimate follows the seed app Antrain: Brzycki,
/// weight × 36 / (37 − reps), with reps above 12 capped at 12 (not excluded).
@Suite struct AntrainRecordsTests {
  // swift-format-ignore: NeverForceUnwrap
  let monday = Day(year: 2026, month: 3, day: 2)!

  func squat(_ id: String, _ day: Day, _ sets: [ExerciseSet]) -> Event {
    .workout(
      id: id, day: day, category: "strength", durationMin: 40, exercises: [Exercise(name: "Back Squat", sets: sets)])
  }

  func estimateRecords(_ awards: [Award]) -> [PersonalRecord] {
    awards.compactMap { award in
      guard let record = award.payload(as: PersonalRecord.self), record.kind == .estimatedOneRepMax else { return nil }
      return record
    }
  }

  @Test func brzyckiWithHighRepSetsCappedAtTwelve() throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var player = engine.newPlayer()
    // First session: 5 × 100 kg → 100 × 36 / 32 = 112.5 (recorded without an award).
    _ = try engine.apply(squat("w1", monday, [ExerciseSet(reps: 5, weightKg: 100)]), to: &player)
    // 15 reps count as 12: 100 × 36 / 25 = 144 (Epley would give 150 for 15 reps; excluded, none).
    let capped = estimateRecords(
      try engine.apply(squat("w2", monday.adding(2), [ExerciseSet(reps: 15, weightKg: 100)]), to: &player))
    #expect(capped == [PersonalRecord(exercise: "Back Squat", kind: .estimatedOneRepMax, value: 144, previous: 112.5)])
    // One rep is the weight itself: 150 × 36 / 36 = 150.
    let single = estimateRecords(
      try engine.apply(squat("w3", monday.adding(4), [ExerciseSet(reps: 1, weightKg: 150)]), to: &player))
    #expect(single == [PersonalRecord(exercise: "Back Squat", kind: .estimatedOneRepMax, value: 150, previous: 144)])
  }

  @Test func excludingHighRepSetsIsTheDocumentedAlternative() throws {
    let pack = Paths.temporaryDirectory("epley-pack")
    defer { try? FileManager.default.removeItem(at: pack) }
    try FileManager.default.removeItem(at: pack)
    try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("rules"), to: pack)
    let records = pack.appendingPathComponent("records.json")
    let epley = try String(contentsOf: records, encoding: .utf8)
      .replacingOccurrences(of: "weight * 36 / (37 - reps)", with: "weight * (1 + reps / 30)")
      .replacingOccurrences(of: "\"highRepSets\": \"cap\"", with: "\"highRepSets\": \"exclude\"")
    try epley.write(to: records, atomically: true, encoding: .utf8)
    let engine = try Engine(rulesDirectory: pack.path)
    var player = engine.newPlayer()
    // Epley: 5 × 100 → 100 × (1 + 5/30) = 116.67; the 15-rep set is excluded: no estimate record.
    _ = try engine.apply(squat("w1", monday, [ExerciseSet(reps: 5, weightKg: 100)]), to: &player)
    #expect(
      estimateRecords(
        try engine.apply(squat("w2", monday.adding(2), [ExerciseSet(reps: 15, weightKg: 100)]), to: &player)
      ).isEmpty)
    let eight = estimateRecords(
      try engine.apply(squat("w3", monday.adding(4), [ExerciseSet(reps: 8, weightKg: 100)]), to: &player))
    #expect(eight.count == 1)
    let expected: Double = 100 * (1 + 8.0 / 30)
    let value: Double = eight.first?.value ?? 0
    #expect(abs(value - expected) < 1e-9)
  }
}
