import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// A progress saved per mechanic: in JSON each mechanic's state under its key, in the binary
/// form each in its own section; an absent key starts the mechanic empty, an unknown one is
/// refused with the version that wrote it, and the binary form comes back exactly.
@Suite struct SavedProgressTests {
  let engine: Engine
  let monday = Fixture.monday

  init() throws {
    engine = Engine(pack: try RulePackLoader.load(directory: Paths.rules))
  }

  /// A player after a few days of the default pack's mechanics: workouts with exercises (records,
  /// loads), nutrition (targets), a companion, quests and achievements, season points (10 × 45
  /// minutes: 450, Bronze at 300), a weekly goal of 3 workouts (met in both weeks, the first one
  /// kept as history) and a pause of 3 days.
  func played() throws -> PlayerProgress {
    var progress = engine.newProgress()
    _ = try engine.apply(.goal(id: "g0", day: monday, WeeklyGoal(kind: .workouts, target: 3)), to: &progress)
    let squat = Exercise(
      name: "Back Squat",
      sets: [ExerciseSet(reps: 5, weightKg: 60, rpe: 7), ExerciseSet(reps: 5, weightKg: 80, rpe: 9)])
    for offset in 0..<10 {
      let day = monday.adding(offset)
      _ = try engine.apply(
        .workout(
          id: "w\(offset)", day: day, category: offset % 2 == 0 ? "strength" : "cardio", durationMin: 45, rpe: 8,
          exercises: offset % 2 == 0 ? [squat] : []), to: &progress)
      _ = try engine.apply(
        .nutrition(id: "n\(offset)", day: day, intakeKcal: 2100 + Double(offset) * 50), to: &progress)
    }
    _ = try engine.apply(.companion(id: "c1", day: monday.adding(10), species: "emberling"), to: &progress)
    _ = try engine.apply(
      .pause(id: "p1", day: monday.adding(10), from: monday.adding(11), to: monday.adding(13)), to: &progress)
    #expect(
      progress.seasons.tiers == 1 && progress.goals.streak == 2 && progress.goals.history.count == 1
        && progress.rest.pausedDays == 3)
    return progress
  }

  func json(_ progress: PlayerProgress) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(progress)) as? [String: Any])
  }

  func decode(_ object: [String: Any]) throws -> PlayerProgress {
    try JSONDecoder().decode(PlayerProgress.self, from: JSONSerialization.data(withJSONObject: object))
  }

  @Test func jsonKeepsEachMechanicUnderItsKey() throws {
    let progress = try played()
    let object = try json(progress)
    #expect(Set(object.keys) == Set(Mechanics.all.map { $0.stateKey } + ["stateVersion"]))
    #expect(object["stateVersion"] as? Int == Mechanics.stateVersion)
    #expect(try decode(object) == progress)
  }

  @Test func anAbsentKeyStartsItsMechanicEmptyThenAlignedToThePack() throws {
    var object = try json(try played())
    object.removeValue(forKey: "quests")
    object.removeValue(forKey: "streak")
    let decoded = try decode(object)
    #expect(decoded.quests == QuestsState() && decoded.streak == StreakState())
    // The engine gives the quests their pack's shape before applying anything.
    var live = decoded
    _ = try engine.apply(.workout(id: "w99", day: monday.adding(20), category: "cardio", durationMin: 10), to: &live)
    #expect(live.quests.quests.map(\.id) == engine.pack.quests?.quests.map(\.id))
    #expect(live.streak.current == 1)
  }

  @Test func aKeyOfALaterVersionIsRefusedWithTheVersionNeeded() throws {
    var object = try json(try played())
    object["stateVersion"] = Mechanics.stateVersion + 1
    object["leaderboards"] = ["rank": 3]
    let error = #expect(throws: DecodingError.self) { _ = try decode(object) }
    guard case .dataCorrupted(let context)? = error else { return }
    #expect(
      context.debugDescription
        == "'leaderboards' is the state of a mechanic this FitQuest does not know: the state was written by FitQuest state version \(Mechanics.stateVersion + 1), this one reads up to \(Mechanics.stateVersion); update FitQuest"
    )
    #expect(context.codingPath.map(\.stringValue) == ["leaderboards"])
    // Of this version, the same key is damage, not a later mechanic.
    object["stateVersion"] = Mechanics.stateVersion
    let again = #expect(throws: DecodingError.self) { _ = try decode(object) }
    guard case .dataCorrupted(let same)? = again else { return }
    #expect(
      same.debugDescription == "unknown key 'leaderboards' in a progress of state version \(Mechanics.stateVersion)")
  }

  // MARK: The binary form

  @Test func theBinaryFormComesBackExactly() throws {
    for progress in [engine.newProgress(), try played(), PlayerProgress()] {
      let bytes = progress.binary(for: engine.pack)
      #expect(try PlayerProgress(binary: bytes, pack: engine.pack) == progress)
      // Without a pack, every entry is written and read back by name.
      #expect(try PlayerProgress(binary: progress.binary(for: nil), pack: nil) == progress)
      #expect(try PlayerProgress(binary: progress.binary(for: nil), pack: engine.pack) == progress)
    }
  }

  @Test func unlistedExercisesAfterThePacksAreKeptWhole() throws {
    // The aliases pack keeps unlisted strength exercises under their own names after its own
    // exercises (Squat, Other Lift, Run); the binary form keeps them, new or not.
    let aliases = try Fixture.engine("aliases")
    var progress = aliases.newProgress()
    let machine = Exercise(
      name: "Leg Extension (Machine)", sets: [ExerciseSet(reps: 10, weightKg: 50, rpe: 7)], isUnlisted: true)
    _ = try aliases.apply(Fixture.workout("w1", monday, exercises: [machine]), to: &progress)
    #expect(progress.records.map(\.exercise) == ["Squat", "Other Lift", "Run", "Leg Extension (Machine)"])
    #expect(try PlayerProgress(binary: progress.binary(for: aliases.pack), pack: aliases.pack) == progress)
  }

  @Test func aNewPlayerOfTheBarePackIsSeventyTwoBytes() throws {
    // bare: two categories, no exercises, achievements or quests. Only activity differs from an
    // empty progress (its two categories). Header: 0xFB, form 1, the state version (one byte),
    // one section. The section: key "activity" (1 + 8 bytes), its length (1 byte), then 8 zero
    // counts (8 bytes), minutes and volume (2 × 8), no day (1), not closed (1), day XP 0 (1),
    // day workouts 0 (1), day energy (8), no intake (1), no week (1), week workouts 0 (1), no
    // first week (1), and the categories: 2 entries (1), the digest of their names (8), none
    // written (1) — 50 bytes. Then the 8-byte checksum: 4 + 9 + 1 + 50 + 8 = 72.
    let bare = try Fixture.engine("bare")
    let bytes = bare.newProgress().binary(for: bare.pack)
    #expect(bytes.count == 72)
    #expect(Array(bytes.prefix(4)) == [0xFB, 1, UInt8(Mechanics.stateVersion), 1])
    #expect(Array(bytes[4..<14]) == [8] + Array("activity".utf8) + [50])
    #expect(try PlayerProgress(binary: bytes, pack: bare.pack) == bare.newProgress())
  }

  @Test func aPlayedStateIsAFractionOfItsJSON() throws {
    let progress = try played()
    let binary = progress.binary(for: engine.pack)
    let json = try JSONEncoder().encode(progress)
    #expect(binary.count * 5 < json.count, "\(binary.count) bytes against \(json.count) of JSON")
  }

  @Test func readWithAnotherPackTheWrittenEntriesAreRealignedByName() throws {
    let progress = try played()
    let bytes = progress.binary(for: engine.pack)
    // The quests pack knows other categories: the categories come back as written (those with
    // workouts), and the engine aligns them to its pack by name like any saved state.
    let other = try Fixture.engine("quests")
    let decoded = try PlayerProgress(binary: bytes, pack: other.pack)
    #expect(decoded.categories.map(\.name) == ["strength", "cardio"])
    #expect(decoded.categories.map(\.workouts) == [5, 5])
    #expect(decoded.records.map(\.exercise) == ["Back Squat"])
    #expect(decoded.records.first?.heaviestKg == 80)
    var expected = progress
    #expect(other.reconcile(&expected).contains("flexibility"))
    var aligned = decoded
    _ = other.reconcile(&aligned)
    #expect(aligned == expected)
  }

  @Test func everyDamagedByteIsRefused() throws {
    let bytes = try played().binary(for: engine.pack)
    for index in bytes.indices {
      for bit in [0, 3, 7] {
        var damaged = bytes
        damaged[index] ^= 1 << bit
        #expect(throws: BinaryFormatError.self, "byte \(index), bit \(bit)") {
          _ = try PlayerProgress(binary: damaged, pack: engine.pack)
        }
      }
    }
    for length in [0, 1, 3, bytes.count / 2, bytes.count - 1] {
      #expect(throws: BinaryFormatError.self) {
        _ = try PlayerProgress(binary: Array(bytes.prefix(length)), pack: engine.pack)
      }
    }
    #expect(throws: BinaryFormatError.self) { _ = try PlayerProgress(binary: bytes + [0], pack: engine.pack) }
  }

  /// Builds a binary progress from hand-made sections, with a valid checksum.
  func binary(version: Int = Mechanics.stateVersion, _ sections: [(String, [UInt8])]) -> [UInt8] {
    var writer = BinaryWriter()
    writer.byte(0xFB)
    writer.byte(1)
    writer.unsigned(UInt64(version))
    writer.unsigned(UInt64(sections.count))
    for (key, body) in sections {
      writer.string(key)
      writer.lengthPrefixed { $0.append(body) }
    }
    var hash = WordHash()
    writer.bytes.withUnsafeBytes { hash.add($0) }
    writer.raw64(hash.final)
    return writer.bytes
  }

  @Test func sectionsAreCheckedLikeTheJSONForm() throws {
    // An absent section is the empty state; a level section of 1 byte (zigzag 3 → level −2) is
    // refused with its path, as in JSON.
    #expect(try PlayerProgress(binary: binary([]), pack: nil) == PlayerProgress())
    #expect(try PlayerProgress(binary: binary([("level", [6])]), pack: nil).level == 3)
    let negative = #expect(throws: BinaryFormatError.self) {
      _ = try PlayerProgress(binary: binary([("level", [3])]), pack: nil)
    }
    #expect(negative?.message == "progress.level: -2 is outside 1…1000000")
    let later = #expect(throws: BinaryFormatError.self) {
      _ = try PlayerProgress(binary: binary(version: Mechanics.stateVersion + 1, [("leaderboards", [0])]), pack: nil)
    }
    #expect(
      later?.message
        == "'leaderboards' is the state of a mechanic this FitQuest does not know: written by state version \(Mechanics.stateVersion + 1), this one reads up to \(Mechanics.stateVersion); update FitQuest"
    )
    let twice = #expect(throws: BinaryFormatError.self) {
      _ = try PlayerProgress(binary: binary([("level", [6]), ("level", [6])]), pack: nil)
    }
    #expect(twice?.message == "section 'level' appears twice")
    let long = #expect(throws: BinaryFormatError.self) {
      _ = try PlayerProgress(binary: binary([("level", [6, 0])]), pack: nil)
    }
    #expect(long?.message == "1 unread bytes at the end of section 'level'")
  }

  @Test func aStateListingAnEntryTwiceIsRefusedWithItsPath() throws {
    let progress = try played()
    var check = ProgressCheck("progress")
    check.check(progress)
    #expect(check.problems.isEmpty)
    var object = try json(progress)
    var activity = try #require(object["activity"] as? [String: Any])
    var categories = try #require(activity["categories"] as? [[String: Any]])
    categories[2]["name"] = "strength"
    activity["categories"] = categories
    object["activity"] = activity
    var duplicated = try decode(object)
    var twice = ProgressCheck("progress")
    twice.check(duplicated)
    #expect(twice.problems.first?.path == "progress.activity.categories[2]")
    #expect(twice.problems.first?.message == "category 'strength' is listed twice (first at index 0)")
    // The binary form checks the same way.
    duplicated = try decode(object)
    let error = #expect(throws: BinaryFormatError.self) {
      _ = try PlayerProgress(binary: duplicated.binary(for: nil), pack: nil)
    }
    #expect(error?.message == "progress.activity.categories[2]: category 'strength' is listed twice (first at index 0)")
  }
}
