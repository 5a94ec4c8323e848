import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// Event ids are bytes in awards too: two events whose ids are canonically equivalent text ("é"
/// as U+00E9 and as "e" + U+0301) are two events. A review found a late event's correction
/// leaving out six awards of such a pair: `Award ==` and the correction's difference compared
/// the ids as Swift strings, so one event's awards counted as the other's.
@Suite struct ByteIDAwardTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// Two same-day cardio workouts, then (in a second batch) a late one the day before: the
  /// correction re-scores the pair.
  func correction(ids: (String, String)) throws -> Correction {
    let engine = Engine(pack: try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules)))
    func workout(_ id: String, _ day: Day) -> Event {
      Event(id: id, day: day, kind: .workout(Workout(category: "cardio", durationMin: 30)))
    }
    func batch(_ events: [Event]) throws -> [(event: ResolvedEvent, line: String)] {
      try events.map { event in
        let resolved = try engine.resolve(event)
        return (event: resolved, line: resolved.canonicalLine(engine.pack))
      }
    }
    let day = Day(validYear: 2026, month: 1, day: 6)
    var player = engine.newPlayer(windowDays: 60)
    let first = engine.record(batch: try batch([workout(ids.0, day), workout(ids.1, day)]), to: &player)
    #expect(first.failure == nil)
    let late = engine.record(batch: try batch([workout("L", day.adding(-1))]), to: &player)
    #expect(late.failure == nil)
    let corrections = late.corrections.compactMap { $0.payload(as: Correction.self) }
    return try #require(corrections.first)
  }

  /// What a correction lists, each award as (event id bytes, type, token), ids renamed.
  func listed(_ awards: [Award], renaming names: [String: String] = [:]) -> [[String]] {
    awards.map { award in
      let id = names[award.eventID] ?? award.eventID
      // An xp award's token names its event ("xp a1 +105"): the bytes compared are the id's.
      let token = award.token.replacingOccurrences(of: award.eventID, with: "#")
      return [Array(id.utf8).map(String.init).joined(separator: " "), award.typeName, token]
    }
  }

  @Test func aCorrectionListsTheAwardsOfBothEventsWhoseIdsAreCanonicallyEquivalent() throws {
    let control = try correction(ids: ("a1", "a2"))
    let unicode = try correction(ids: (Self.composed, Self.decomposed))
    // The control's correction moves awards between its two events (the late workout changes
    // which one levels up): it lists awards of both.
    let controlIDs = Set(control.withdrawn.map(\.eventID) + control.granted.map(\.eventID))
    #expect(controlIDs.isSuperset(of: ["a1", "a2"]))
    let names = ["a1": Self.composed, "a2": Self.decomposed]
    #expect(listed(unicode.withdrawn) == listed(control.withdrawn, renaming: names))
    #expect(listed(unicode.granted) == listed(control.granted, renaming: names))
    #expect(unicode.xp == control.xp)
  }

  @Test func awardsOfTwoSuchEventsAreTwoAwards() {
    let day = Day(validYear: 2026, month: 1, day: 6)
    let payload = LevelUp(level: 2, threshold: 100, xp: 120)
    let one = Award(eventID: Self.composed, day: day, payload: payload)
    let other = Award(eventID: Self.decomposed, day: day, payload: payload)
    #expect(Self.composed == Self.decomposed, "Swift's String == equates them: the test's premise")
    #expect(one != other)
    #expect(Set([one, other]).count == 2)
    #expect(one == Award(eventID: "\u{E9}", day: day, payload: payload))
    // Player ids too.
    let ana = Award(eventID: "w", player: Self.composed, day: day, payload: payload)
    #expect(ana != Award(eventID: "w", player: Self.decomposed, day: day, payload: payload))
    #expect(ana != Award(eventID: "w", day: day, payload: payload))
  }
}
