import Engine
import Testing

/// A player kept between events checks only the achievements an event can move; a progress
/// value applied one event at a time checks every achievement on every event. Both must unlock
/// the same tiers on the same events.
@Suite struct AchievementCheckTests {
  /// The unlocks of an event's awards, as "event: achievement tier".
  private func unlocks(_ awards: [Award]?) -> [String]? {
    awards?.compactMap { award in
      (award.payload as? AchievementUnlock).map { "\(award.eventID): \($0.id) \($0.tier)" }
    }
  }

  /// "mixed" (cardio and strength workouts, not indexed) is skipped by nutrition logs and
  /// checked by workouts; a refused workout (its XP term divides by zero at 45 minutes) in
  /// between changes nothing.
  @Test func skippingChecksUnlockWhenCheckingEveryAchievementDoes() throws {
    let (engine, _) = try Fixture.failingEngine()
    let events: [Event] = [
      Fixture.workout("w1", Fixture.day(0), "cardio"),
      .nutrition(id: "n1", day: Fixture.day(0), intakeKcal: 1500),
      Fixture.workout("bad", Fixture.day(1), "strength", minutes: 45),
      .nutrition(id: "n2", day: Fixture.day(1), intakeKcal: 1500),
      Fixture.workout("w2", Fixture.day(1), "strength"),
      Fixture.workout("w3", Fixture.day(2), "strength"),
    ]
    var player = engine.newPlayer()
    var progress = engine.newProgress()
    var kept: [String] = []
    for event in events {
      let skipping = unlocks(try? engine.apply(event, to: &player))
      let checkingAll = unlocks(try? engine.apply(event, to: &progress))
      #expect(skipping == checkingAll, "\(event.id)")
      kept += skipping ?? ["\(event.id): refused"]
    }
    #expect(player.progress == progress)
    #expect(
      kept.filter { !$0.contains(" level ") } == ["w1: first 1", "bad: refused", "w2: mixed 1"])
  }
}
