import FitQuest
import FitQuestTestSupport
import Foundation
import Testing

/// The library as issue 14 writes it, with `import FitQuest` alone: loading packs from a URL or
/// from data, days from a calendar, events built in Swift, awards, a retraction, saving.
@Suite struct WalkthroughTests {
  let rules = URL(fileURLWithPath: Paths.rules)

  @Test func theIssuesWalkthrough() throws {
    let pack = try RulePack(contentsOf: rules)
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: rules.path) where name.hasSuffix(".json") {
      files[name] = try Data(contentsOf: rules.appendingPathComponent(name))
    }
    let same = try RulePack(files: files)
    #expect(same.digest == pack.digest)
    let engine = Engine(pack: pack)
    var player = engine.newPlayer()
    let day = try #require(Day(year: 2026, month: 1, day: 5))
    #expect(Day(year: 2026, month: 2, day: 31) == nil)
    let w = Event.workout(id: "w1", day: day, category: "strength", durationMin: 55, rpe: 8)
    let awards: [Award] = try engine.apply(w, to: &player)
    // (50 + 55 × 1.5) × 1.2 × 1.1 (RPE 8) = 174.9 → 175, + 20 for the week's first workout.
    let xp = try #require(awards.first { $0.typeName == "xp" })
    guard let award = xp.payload(as: XPAward.self) else { Issue.record("not an XP award"); return }
    #expect(award.xp == 195 && award.raw == 174.9 && award.rounded == 175)
    // + 10 for Move Today (55 minutes), + 25 for First Steps.
    #expect(player.xp == 230)
    #expect(player.level == 2)
    #expect(awards.map(\.id).contains("w1/achievement/first-workout/1"))

    let withdrawn = try engine.apply(.retraction(id: "r1", day: day, of: "w1"), to: &player)
    #expect(player.xp == 0)
    #expect(player.progress == engine.newPlayer().progress)
    guard let correction = withdrawn.first?.payload(as: Correction.self), withdrawn.count == 1 else {
      Issue.record("expected one correction, got \(withdrawn)")
      return
    }
    #expect(correction.reason == .retraction)
    #expect(correction.xp == .init(from: 230, to: 0) && correction.level == .init(from: 2, to: 1))
    #expect(correction.withdrawn.map(\.id) == awards.map(\.id))
    #expect(correction.granted.isEmpty)

    // Saved and restored, the player is the same value.
    let restored = try PlayerState(data: try player.data())
    #expect(restored == player)
    #expect(PlayerState.formatVersion == 3)
  }

  @Test func daysComeFromTheCalendarsTimeZone() throws {
    // 2026-01-05 23:30 UTC is already the 6th in Tokyo and still the 5th in New York.
    let moment = Date(timeIntervalSince1970: 1_767_655_800)
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = try #require(TimeZone(identifier: "UTC"))
    var tokyo = utc
    tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    var newYork = utc
    newYork.timeZone = try #require(TimeZone(identifier: "America/New_York"))
    #expect(Day(moment, in: utc).iso == "2026-01-05")
    #expect(Day(moment, in: tokyo).iso == "2026-01-06")
    #expect(Day(moment, in: newYork).iso == "2026-01-05")
    // A non-Gregorian calendar still gives the ISO day.
    var buddhist = Calendar(identifier: .buddhist)
    buddhist.timeZone = utc.timeZone
    #expect(Day(moment, in: buddhist).iso == "2026-01-05")
  }

  @Test func namesAnAppAlsoUsesResolveThroughTheModule() throws {
    struct Workout { var title: String }
    let mine = Workout(title: "leg day")
    let theirs = FitQuest.Workout(category: "strength", durationMin: 30)
    #expect(mine.title == "leg day" && theirs.category == "strength")
    let engine: FitQuest.Engine = Engine(pack: try RulePack(contentsOf: rules))
    #expect(engine.pack.name == "default")
  }

  @Test func awardsAndEventsAreCodableHashableAndIdentifiable() throws {
    let engine = Engine(pack: try RulePack(contentsOf: rules))
    var player = engine.newPlayer()
    let day = try #require(Day(year: 2026, month: 1, day: 5))
    let event = Event.workout(
      id: "w1", day: day, category: "strength", durationMin: 45, rpe: 7,
      exercises: [Exercise(name: "Back Squat", sets: [ExerciseSet(reps: 5, weightKg: 100)])])
    let decoded = try JSONDecoder().decode(Event.self, from: try JSONEncoder().encode(event))
    #expect(decoded == event && decoded.id == "w1")
    let awards = try engine.apply(event, to: &player)
    for award in awards {
      #expect(try Award(jsonLine: award.jsonLine) == award)
    }
    #expect(Set(awards.map(\.id)).count == awards.count)
    #expect(Set(awards).count == awards.count)
  }
}
