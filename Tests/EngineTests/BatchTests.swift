import Engine
import FitQuestTestSupport
import Testing

/// A stream applied in batches (one replay for a batch's late events) ends exactly as the same
/// stream applied event by event: same progress, same events refused as too late, same ids;
/// whether in-order events keep their resolved form (one player's ledger) or not (a store's).
@Suite struct BatchTests {
  @Test(arguments: [UInt64(21), 22, 23, 24, 25], [false, true])
  func batchesEndAsEventByEvent(seed: UInt64, keepingResolved: Bool) throws {
    let engine = try Fixture.engine("mini")
    var random = TestRandom(seed: seed)
    var events: [Event] = []
    for index in 0..<120 {
      // Mostly recent days, some far back (before a 30-day window), some repeats.
      let offset =
        Int.random(in: 0..<10, using: &random) == 0
        ? Int.random(in: -200 ..< -100, using: &random) : Int.random(in: 0..<60, using: &random)
      let id =
        Int.random(in: 0..<10, using: &random) == 0 && index > 0
        ? "e\(Int.random(in: 0..<index, using: &random))" : "e\(index)"
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        events.append(
          .nutrition(id: id, day: Fixture.day(offset), intakeKcal: Double(Int.random(in: 1500...2800, using: &random))))
      // One closure id per day: a day is closed once (a second closure would be refused).
      case 1: events.append(.dayClosed(id: "close-\(offset)", day: Fixture.day(offset)))
      default:
        events.append(
          Fixture.workout(
            id, Fixture.day(offset), Bool.random(using: &random) ? "strength" : "cardio",
            minutes: Double(Int.random(in: 15...80, using: &random))))
      }
      if index == 70 { events.append(.retraction(id: "r", day: Fixture.day(30), of: "e3")) }
    }
    var one = engine.newPlayer(windowDays: 30)
    var refusedOne = 0
    for event in events {
      do { _ = try engine.apply(event, to: &one) } catch {
        guard case .beforeWindow = error else {
          if case .cannotRetract = error { continue }
          throw error
        }
        refusedOne += 1
      }
    }
    var batched = engine.newPlayer(windowDays: 30)
    var refusedBatched = 0
    var start = 0
    while start < events.count {
      let end = min(events.count, start + Int.random(in: 1...40, using: &random))
      let batch = try events[start..<end].map { event in
        let resolved = try engine.resolve(event)
        return (event: resolved, line: resolved.canonicalLine(engine.pack))
      }
      let result = engine.record(batch: batch, to: &batched, keepingResolved: keepingResolved)
      if let failure = result.failure {
        guard case .cannotRetract = failure.error else { Issue.record("\(failure)"); return }
        // A retraction of an event that left the window: skip it, as the loop above does.
        let rest = Array(batch[(failure.index + 1)...])
        refusedBatched += result.outcomes.filter { if case .beforeWindow = $0 { true } else { false } }.count
        let more = engine.record(batch: rest, to: &batched, keepingResolved: keepingResolved)
        refusedBatched += more.outcomes.filter { if case .beforeWindow = $0 { true } else { false } }.count
        start = end
        continue
      }
      refusedBatched += result.outcomes.filter { if case .beforeWindow = $0 { true } else { false } }.count
      start = end
    }
    #expect(batched.progress == one.progress)
    #expect(refusedBatched == refusedOne)
    #expect(batched.appliedIDCount == one.appliedIDCount)
    #expect(batched.history == one.history, "the kept events, the withdrawn ones, the window")
  }
}

/// Retractions in a batch cost one replay, not one each: N events of one day, then N
/// retractions oldest first (each would replay the rest of the day), end as if none happened.
@Suite struct RetractionBatchTests {
  @Test(arguments: [200, 2_000])
  func manyRetractionsOfOneDayAreOneReplay(count: Int) throws {
    let engine = try Fixture.engine("mini")
    var events: [Event] = []
    for index in 0..<count {
      events.append(.nutrition(id: "n\(index)", day: Fixture.day(0), intakeKcal: Double(1500 + index % 900)))
    }
    for index in 0..<count { events.append(.retraction(id: "r\(index)", day: Fixture.day(0), of: "n\(index)")) }
    var player = engine.newPlayer()
    let batch = try events.map { event in
      let resolved = try engine.resolve(event)
      return (event: resolved, line: resolved.canonicalLine(engine.pack))
    }
    let result = engine.record(batch: batch, to: &player)
    #expect(result.failure == nil)
    #expect(result.outcomes.filter { if case .applied = $0 { true } else { false } }.count == count)
    #expect(result.outcomes.filter { if case .retracted = $0 { true } else { false } }.count == count)
    // Nothing remains of the day but its ids: the progress of a player who logged nothing.
    #expect(player.progress == engine.newPlayer().progress)
    #expect(player.appliedCount == 2 * count && player.appliedIDCount == 2 * count)
    // One correction for the run of retractions, the last one's, saying what the day lost.
    let corrections = result.outcomes.flatMap(\.awards)
    #expect(corrections.count == 1)
    guard let correction = corrections.first?.payload(as: Correction.self) else {
      Issue.record("no correction")
      return
    }
    #expect(correction.reason == .retraction && corrections.first?.eventID == "r\(count - 1)")
    #expect(correction.replayed == 0, "every event after the first change was withdrawn too")
  }
}

/// A retraction refused after another retraction of the same run (the event it names is
/// withdrawn already) stops the batch at its position, as applied one by one: the batch once
/// gave the refused one the run's correction and crashed on an outcome it did not have.
@Suite struct RefusedRetractionTests {
  @Test(arguments: [false, true])
  func aSecondRetractionOfTheSameEventIsRefusedAtItsPosition(keepingResolved: Bool) throws {
    let engine = try Fixture.engine("mini")
    let events: [Event] = [
      Fixture.workout("w1", Fixture.day(0), "strength", minutes: 50),
      Fixture.workout("w2", Fixture.day(1), "strength", minutes: 50),
      .retraction(id: "r1", day: Fixture.day(1), of: "w1"),
      .retraction(id: "r2", day: Fixture.day(1), of: "w1"),
      Fixture.workout("w3", Fixture.day(2), "strength", minutes: 40),
    ]
    let batch = try events.map { event in
      let resolved = try engine.resolve(event)
      return (event: resolved, line: resolved.canonicalLine(engine.pack))
    }
    var batched = engine.newPlayer(windowDays: 30)
    let result = engine.record(batch: batch, to: &batched, keepingResolved: keepingResolved)
    let failure = try #require(result.failure)
    #expect(failure.index == 3)
    guard case .cannotRetract(let id, _) = failure.error else {
      Issue.record("\(failure.error)")
      return
    }
    #expect(id == "w1")
    // The events before it: two applied, and r1 answered with the run's correction.
    #expect(result.outcomes.count == 3)
    guard case .retracted(let awards, _) = result.outcomes[2] else {
      Issue.record("\(result.outcomes[2])")
      return
    }
    #expect(awards.map(\.eventID) == ["r1"])
    // As the first three applied one by one.
    var one = engine.newPlayer(windowDays: 30)
    for event in events.prefix(3) { _ = try engine.record(event, to: &one) }
    #expect(batched.progress == one.progress)
    #expect(batched.history == one.history)
  }
}
