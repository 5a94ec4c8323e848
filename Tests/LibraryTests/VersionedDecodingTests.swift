import FitQuest
import FitQuestTestSupport
import Foundation
import Testing

/// Every format a player was ever saved in still reads (Fixtures/README.md says where each file
/// came from), and a state decoded under changed rules is re-aligned by name, never remapped by
/// position.
@Suite struct VersionedDecodingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  func engine() throws -> Engine { Engine(pack: try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules))) }

  @Test func format1ReadsAndPlaysOnUnderTodaysRules() throws {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("player-format-1.json"))
    var player = try PlayerState(data: data)
    // FitQuest 1 awarded 603 XP (level 3) for the five events of the CLI fixture.
    #expect(player.xp == 603 && player.level == 3)
    #expect(player.appliedCount == 5 && player.appliedIDCount == 5)
    #expect(player.pack.name == "default")
    #expect(player.quests.quests.isEmpty)
    let engine = try engine()
    // Its events are known: the same ids are skipped.
    let day = Day(year: 2026, month: 1, day: 9)!
    #expect(
      try engine.apply(.workout(id: "w-0001", day: day, category: "strength", durationMin: 30), to: &player).isEmpty)
    // A new event applies under today's rules, which added quests: the state gains them, by id.
    let awards = try engine.apply(
      .workout(id: "w-new", day: day.adding(3), category: "cardio", durationMin: 45), to: &player)
    #expect(awards.contains { $0.typeName == "xp" })
    #expect(player.quests.quests.map(\.id) == ["iron-week", "daily-move"])
    #expect(player.pack.digest == engine.pack.digest)
    // The rules changed, so the window was closed: an event dated before the change is refused.
    #expect(throws: EngineError.self) {
      try engine.apply(.workout(id: "w-back", day: day, category: "cardio", durationMin: 45), to: &player)
    }
  }

  @Test func format2ReadsAndWritesAsFormat3() throws {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("player-format-2.json"))
    let player = try PlayerState(data: data)
    // FitQuest 1's 603 XP plus three "Move Today" quests (+10 each) the rules have since added.
    #expect(player.appliedCount == 5 && player.appliedIDCount == 5 && player.xp == 633)
    #expect(player.categories.map(\.name) == ["strength", "cardio", "flexibility", "sports", "other"])
    let written = try player.data()
    #expect(String(decoding: written, as: UTF8.self).hasPrefix(#"{"appliedCount":5,"#))
    #expect(String(decoding: written, as: UTF8.self).contains(#""format":3"#))
    #expect(try PlayerState(data: written) == player)
  }

  @Test func format3OfEarlierMechanicsContinues() throws {
    let url = Self.fixtures.appendingPathComponent("player-format-3.json")
    if !FileManager.default.fileExists(atPath: url.path), ProcessInfo.processInfo.environment["RECORD_FORMAT_3"] == "1"
    {
      // How the fixture was made (once; see Fixtures/README.md).
      let engine = try engine()
      var player = engine.newPlayer()
      let decoder = EventDecoder(pack: engine.pack)
      let lines = try String(
        contentsOf: Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/events.ndjson"),
        encoding: .utf8)
      for (index, line) in lines.split(separator: "\n").enumerated() {
        _ = try engine.apply(
          try decoder.decode(line: Array(line.utf8), file: "events", lineNumber: index + 1), to: &player)
      }
      try player.data().write(to: url)
    }
    let data = try Data(contentsOf: url)
    let player = try PlayerState(data: data)
    #expect(player.appliedCount == 5 && player.appliedIDCount == 5 && player.xp == 633)
    // Written before seasons, rest days and weekly goals existed: they start empty, and the state
    // writes back exactly, with their keys added (and this build's state version).
    #expect(player.seasons == SeasonsState() && player.rest == RestState() && player.goals == GoalsState())
    func object(_ data: Data) throws -> NSDictionary {
      try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }
    let written = try object(try player.data()).mutableCopy() as? NSMutableDictionary
    for key in ["progress", "checkpoint"] {
      let progress = (written?[key] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary
      #expect(progress?["stateVersion"] as? Int == 3)
      progress?.removeObjects(forKeys: ["seasons", "rest", "goals"])
      progress?["stateVersion"] = 2
      written?[key] = progress
    }
    #expect(written == (try object(data)))
  }

  @Test func anExerciseInsertedInThePackKeepsEachRecordWithItsExercise() throws {
    let engine = try engine()
    var player = engine.newPlayer()
    let day = Day(year: 2026, month: 1, day: 5)!
    let squat = Exercise(name: "Back Squat", sets: [ExerciseSet(reps: 5, weightKg: 100)])
    _ = try engine.apply(
      .workout(id: "w1", day: day, category: "strength", durationMin: 40, exercises: [squat]), to: &player)
    // The same pack with an exercise inserted before every other one.
    let directory = Paths.temporaryDirectory("inserted")
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in try FileManager.default.contentsOfDirectory(atPath: Paths.rules) where name.hasSuffix(".json") {
      try FileManager.default.copyItem(
        atPath: Paths.rules + "/" + name, toPath: directory.appendingPathComponent(name).path)
    }
    let exercises = directory.appendingPathComponent("exercises.json")
    let text = try String(contentsOf: exercises, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #""exercises": {"#, with: #""exercises": { "Box Squat": { "category": "strength" },"#)
    #expect(edited != text)
    try edited.write(to: exercises, atomically: true, encoding: .utf8)
    let changed = Engine(pack: try RulePack(contentsOf: directory))
    let saved = try PlayerState(data: player.data())
    var moved = saved
    _ = try changed.apply(.workout(id: "w2", day: day.adding(1), category: "cardio", durationMin: 20), to: &moved)
    let backSquat = try #require(moved.records.first { $0.exercise == "Back Squat" })
    #expect(backSquat.heaviestKg == 100)
    #expect(moved.records.first?.exercise == "Box Squat" && moved.records.first?.heaviestKg == 0)
  }
}
