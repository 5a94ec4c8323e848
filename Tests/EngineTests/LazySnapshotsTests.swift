import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// A player applied in date order takes no per-day snapshots (they are built when a late event or
/// a retraction needs them): its window still folds into the right checkpoint, a late event and
/// a retraction still land as if the stream had come in date order, and a refused event is still
/// undone exactly.
@Suite struct LazySnapshotsTests {
  let engine: Engine

  init() throws { engine = try Fixture.engine("mini") }

  /// One workout a day on even days, a nutrition log on odd days, over `days` days.
  func stream(days: Int) -> [Event] {
    (0..<days).map { offset in
      offset % 2 == 0
        ? Fixture.workout(
          "w\(offset)", Fixture.day(offset), offset % 4 == 0 ? "strength" : "cardio",
          minutes: Double(20 + offset % 5 * 10))
        : .nutrition(id: "n\(offset)", day: Fixture.day(offset), intakeKcal: Double(1800 + offset * 20))
    }
  }

  func progress(_ events: [Event], windowDays: Int) throws -> PlayerProgress {
    var player = engine.newPlayer(windowDays: windowDays)
    for event in events { _ = try engine.apply(event, to: &player) }
    return player.progress
  }

  @Test func aLateEventAfterFoldsLandsAsInDateOrder() throws {
    // A 7-day window over 30 days folds on every day: the checkpoint is built without snapshots.
    // Day 27 has no event; a workout dated then arrives last, after the window moved on.
    let events = stream(days: 30).filter { $0.day != Fixture.day(27) }
    let late = Fixture.workout("late", Fixture.day(27), "strength", minutes: 40)
    let arrivedLate = try progress(events + [late], windowDays: 7)
    let inOrder = try progress(
      events.filter { $0.day < Fixture.day(27) } + [late] + events.filter { $0.day > Fixture.day(27) },
      windowDays: 7)
    #expect(arrivedLate == inOrder)
    #expect(arrivedLate.totals.workouts == 16)
  }

  @Test func aRetractionAfterFoldsLeavesTheStreamWithoutTheEvent() throws {
    let events = stream(days: 30)
    let retracted = try progress(events + [.retraction(id: "r", day: Fixture.day(29), of: "w26")], windowDays: 7)
    let without = try progress(events.filter { $0.id != "w26" }, windowDays: 7)
    #expect(retracted == without)
    #expect(retracted.totals.workouts == 14)
  }

  @Test(arguments: [0, 1])
  func aRefusedEventIsUndoneExactly(sameDay: Int) throws {
    // The changed rules divide by zero on a 45-minute workout; the 30-minute one applies.
    let (failing, directory) = try Fixture.failingEngine()
    defer { try? FileManager.default.removeItem(at: directory) }
    var player = failing.newPlayer()
    for offset in 0..<5 { _ = try failing.apply(Fixture.workout("ok\(offset)", Fixture.day(offset)), to: &player) }
    let before = player.progress
    #expect(throws: EngineError.self) {
      try failing.apply(Fixture.workout("boom", Fixture.day(4 + 1 - sameDay), minutes: 45), to: &player)
    }
    #expect(player.progress == before)
    // And it goes on as if the refused event never came.
    _ = try failing.apply(Fixture.workout("next", Fixture.day(6)), to: &player)
    var expected = failing.newPlayer()
    for offset in [0, 1, 2, 3, 4, 6] {
      _ = try failing.apply(Fixture.workout(offset == 6 ? "next" : "ok\(offset)", Fixture.day(offset)), to: &expected)
    }
    #expect(player.progress == expected.progress)
  }
}
