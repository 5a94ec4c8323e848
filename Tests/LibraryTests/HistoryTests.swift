import FitQuest
import FitQuestTestSupport
import Foundation
import Testing

/// Ids applied once, late events, retractions and their corrections, on the `bare` test pack:
/// XP = (base + minutes) × multiplier (strength 10 and ×2, cardio 5 and ×1), +3 for the week's
/// first workout, +streak from a streak of 3; levels at 50, 120 and 200 XP; one rest day of
/// grace, a freeze every 3 training days. Every number is worked out by hand.
@Suite struct HistoryTests {
  let engine: Engine
  // swift-format-ignore: NeverForceUnwrap
  let monday = Day(year: 2026, month: 1, day: 5)!

  init() throws {
    engine = Engine(
      pack: try RulePack(contentsOf: Paths.repository.appendingPathComponent("Tests/EngineTests/Fixtures/bare")))
  }

  func day(_ offset: Int) -> Day { monday.adding(offset) }

  func workout(_ id: String, _ day: Day, _ category: String, _ minutes: Double) -> Event {
    .workout(id: id, day: day, category: category, durationMin: minutes)
  }

  func xp(_ xp: Int64, raw: Double, base: Double, minutes: Double, multiplier: Double, bonuses: [Contribution] = [])
    -> XPAward
  {
    XPAward(
      xp: xp, raw: raw, rounded: Int64(raw), terms: [Contribution("base", base), Contribution("duration", minutes)],
      factors: [Contribution("category", multiplier)], bonuses: bonuses, uncapped: xp)
  }

  @Test func anIDIsAppliedOnceAndComparedAsBytes() throws {
    var player = engine.newPlayer()
    let first = try engine.apply(workout("café", monday, "cardio", 10), to: &player)
    #expect(!first.isEmpty)
    let before = player
    // The same id again, even on another day: nothing happens.
    #expect(try engine.apply(workout("café", day(3), "strength", 60), to: &player).isEmpty)
    #expect(player == before)
    // "café" with a combining accent is another id (Swift's == would call them equal).
    let decomposed = "cafe\u{301}"
    #expect(decomposed == "café")
    #expect(!player.hasApplied(decomposed))
    #expect(try !engine.apply(workout(decomposed, day(1), "cardio", 10), to: &player).isEmpty)
    #expect(player.appliedIDCount == 2)
  }

  @Test func aLateWorkoutIsPlacedInDateOrderWithACorrection() throws {
    var player = engine.newPlayer()
    // Monday 10 cardio minutes: 5 + 10 = 15, +3 first of the week = 18. Wednesday 10 minutes:
    // 15; one rest day is within the grace, streak 2. Total 33.
    _ = try engine.apply(workout("w1", monday, "cardio", 10), to: &player)
    _ = try engine.apply(workout("w3", day(2), "cardio", 10), to: &player)
    #expect(player.xp == 33)
    // Tuesday's strength workout arrives late: (10 + 20) × 2 = 60 → 78, level 2. Wednesday now
    // extends a streak of 3 (a freeze earned) and gets the +3 streak bonus: 18 → 96.
    let awards = try engine.apply(workout("w2", day(1), "strength", 20), to: &player)
    let tuesday = day(1)
    let wednesday = day(2)
    let correction = Correction(
      reason: .late, replayed: 1, xp: .init(from: 33, to: 96), level: .init(from: 1, to: 2),
      withdrawn: [
        Award(eventID: "w3", day: wednesday, payload: StreakUpdate(change: .extended, current: 2, best: 2)),
        Award(eventID: "w3", day: wednesday, payload: xp(15, raw: 15, base: 5, minutes: 10, multiplier: 1)),
      ],
      granted: [
        Award(
          eventID: "w3", day: wednesday,
          payload: StreakUpdate(change: .extended, current: 3, best: 3, freezeEarned: true, freezes: 1)),
        Award(
          eventID: "w3", day: wednesday,
          payload: xp(18, raw: 15, base: 5, minutes: 10, multiplier: 1, bonuses: [Contribution("streak", 3)])),
      ])
    #expect(
      awards == [
        Award(eventID: "w2", day: tuesday, payload: StreakUpdate(change: .extended, current: 2, best: 2)),
        Award(eventID: "w2", day: tuesday, payload: xp(60, raw: 60, base: 10, minutes: 20, multiplier: 2)),
        Award(eventID: "w2", day: tuesday, payload: LevelUp(level: 2, threshold: 50, xp: 78)),
        Award(eventID: "w2", day: tuesday, payload: (correction)),
      ])
    #expect(player.xp == 96 && player.level == 2 && player.streak.freezes == 1)

    // Withdrawing Tuesday's workout gives back Monday and Wednesday as they were.
    let withdrawn = try engine.apply(.retraction(id: "r1", day: day(3), of: "w2"), to: &player)
    #expect(player.xp == 33 && player.level == 1)
    guard let back = withdrawn.first?.payload(as: Correction.self) else { Issue.record("no correction"); return }
    #expect(back.reason == .retraction && back.xp == .init(from: 96, to: 33) && back.level == .init(from: 2, to: 1))
    #expect(back.withdrawn.map(\.id) == ["w2/streak/extended", "w2/xp", "w2/levelUp/2", "w3/streak/extended", "w3/xp"])
    #expect(back.granted == correction.withdrawn)
    var plain = engine.newPlayer()
    _ = try engine.apply(workout("w1", monday, "cardio", 10), to: &plain)
    _ = try engine.apply(workout("w3", day(2), "cardio", 10), to: &plain)
    #expect(player.progress == plain.progress)
  }

  @Test func whatCannotBeDoneIsATypedErrorThatChangesNothing() throws {
    var player = engine.newPlayer(windowDays: 7)
    _ = try engine.apply(workout("w1", monday, "cardio", 10), to: &player)
    _ = try engine.apply(workout("w2", day(20), "cardio", 10), to: &player)
    let before = player
    #expect(throws: EngineError.beforeWindow(day: day(13), windowStart: day(14))) {
      try engine.apply(workout("old", day(13), "cardio", 10), to: &player)
    }
    #expect(
      throws: EngineError.cannotRetract(
        id: "w1",
        reason:
          "it is no longer kept: withdrawn already, or applied before the replay window (which starts on 2026-01-19); such events cannot be withdrawn"
      )
    ) {
      try engine.apply(.retraction(id: "r1", day: day(20), of: "w1"), to: &player)
    }
    #expect(throws: EngineError.cannotRetract(id: "nope", reason: "no event with this id was applied")) {
      try engine.apply(.retraction(id: "r2", day: day(20), of: "nope"), to: &player)
    }
    #expect(throws: EngineError.invalidEvent(message: "unknown category 'cardo'; did you mean 'cardio'?")) {
      try engine.apply(workout("w3", day(21), "cardo", 10), to: &player)
    }
    #expect(player == before)
    let other = Engine(pack: try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules)))
    #expect(throws: EngineError.packMismatch(saved: "bare", current: "default")) {
      try other.apply(workout("w4", day(21), "strength", 10), to: &player)
    }
  }

  /// For random streams: applying events in any arrival order, then withdrawing some, ends in
  /// the state of applying only the remaining events in date order.
  @Test(arguments: [UInt64(11), 12, 13, 14])
  func anyArrivalOrderAndRetractionsEndAsTheEventsInDateOrder(seed: UInt64) throws {
    var random = TestRandom(seed: seed)
    var events: [Event] = []
    for offset in 0..<40 where Bool.random(using: &random) {
      let category = Bool.random(using: &random) ? "strength" : "cardio"
      events.append(workout("w\(offset)", day(offset), category, Double(Int.random(in: 10...70, using: &random))))
    }
    let arrival = events.shuffled(using: &random)
    var player = engine.newPlayer()
    for event in arrival { _ = try engine.apply(event, to: &player) }
    let withdrawn = Set(events.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }.map(\.id))
    for (index, id) in withdrawn.sorted().enumerated() {
      _ = try engine.apply(.retraction(id: "r\(index)", day: day(40), of: id), to: &player)
    }
    var reference = engine.newPlayer()
    for event in events where !withdrawn.contains(event.id) { _ = try engine.apply(event, to: &reference) }
    #expect(player.progress == reference.progress)
    // Replaying the saved state gives the same player.
    #expect(try PlayerState(data: player.data()) == player)
  }
}
