import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// One player's long batch has its award lines written in parts on another thread while the
/// engine applies the events after them (``Engine/linesPart``): what is delivered is what the
/// engine's ``Award`` values encode to, event by event, through a state file whose saves finish
/// aside too, and through a store where a refused event makes the long player apply again.
@Suite struct AwardLinesPartsTests {
  /// 400 days of one player in date order (lines are written, and cut into parts, for events
  /// applied in date order alone: a late event defers the rest of its batch to one replay).
  static let solo = inOrder(players: ["solo"], days: 400)

  /// Each day of each player: a strength workout whose load grows, a meal, the day closed; a
  /// workout sent twice every seventh day, and withdrawn every eleventh (a retraction replays the
  /// day, then events are applied in order again).
  static func inOrder(players: [String], days: Int) -> [Event] {
    guard let start = Day(year: 2026, month: 3, day: 2) else { return [] }
    var events: [Event] = []
    for offset in 0..<days {
      let day = start.adding(offset)
      for player in players {
        let sets = (0..<3).map { ExerciseSet(reps: 5 + $0, weightKg: Double(40 + offset % 50), rpe: 7 + Double($0)) }
        let workout = Event.workout(
          id: "\(player)-\(offset)-w", day: day, player: player, category: "strength", durationMin: 45, rpe: 7,
          exercises: [Exercise(name: "Bench Press", sets: sets)])
        events.append(workout)
        if offset % 7 == 3 { events.append(workout) }
        if offset % 11 == 5 {
          events.append(.retraction(id: "\(player)-\(offset)-r", day: day, player: player, of: workout.id))
        }
        events.append(.nutrition(id: "\(player)-\(offset)-n", day: day, player: player, intakeKcal: 2_400))
        events.append(.dayClosed(id: "\(player)-\(offset)-c", day: day, player: player))
      }
    }
    return events
  }

  /// How many events' JSON differ between two deliveries of the same events (a count, not the
  /// deliveries themselves, in a failure's message).
  static func differing(_ one: [String], _ other: [String]) -> Int {
    zip(one, other).filter { $0 != $1 }.count + abs(one.count - other.count)
  }

  /// Runs one player's events through a fresh state file in batches; returns every delivered
  /// event's JSON and the state saved.
  /// `disposing`: the run destroys its queues and the events the window drops on another thread
  /// (`freedAside`: how many it handed there).
  static func stateDeliveries(
    _ events: [Event], batch: Int, aside: Bool, disposing: Bool = false
  ) throws -> (json: [String], saved: PlayerState, freedAside: Int) {
    let directory = Paths.temporaryDirectory("parts")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("state.json").path
    let store = FileStore(path: path)
    store.savesAside = aside
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    run.writesAwardJSON = aside
    run.writesAwardJSONAside = aside
    run.disposesAside = disposing
    var json: [String] = []
    var start = 0
    while start < events.count {
      let part = events[start..<min(events.count, start + batch)]
      for event in part { try run.add(event) }
      let refusal = try run.commit { items in json += items.map(StoreAwardLinesAsideTests.json) }
      #expect(refusal == nil)
      start += part.count
    }
    try run.finishCommits()
    let saved = try #require(try FileStore(path: path).load(player: ""))
    return (json, saved, run.eventsFreedAside)
  }

  @Test func aStateFilesLongBatchesDeliverWhatTheirAwardsEncodeTo() throws {
    let events = Self.solo
    // 400 days of 3 events, 57 workouts sent twice (days 3, 10, … 395) and 36 retractions (days
    // 5, 16, … 390): 1,293 events; a batch of 1,200 cuts two parts of 512.
    #expect(events.count == 1_293)
    #expect(Engine.linesPart == 512)
    let values = try Self.stateDeliveries(events, batch: 1_200, aside: false)
    let parts = try Self.stateDeliveries(events, batch: 1_200, aside: true)
    #expect(values.json.count == events.count)
    #expect(Self.differing(parts.json, values.json) == 0)
    #expect(values.json.filter { $0.contains(#""type":"xp""#) }.count > 300)
    // The saves that finished aside saved the same player.
    #expect(parts.saved.appliedCount == values.saved.appliedCount)
    #expect(parts.saved.progress == values.saved.progress)
  }

  @Test func aLongPlayerAppliedAgainAfterARefusalHasTheLinesOfItsLastApplying() throws {
    // A second player's retraction of an event never applied is refused at position 1,400 of
    // a batch of 2,400: the long player, whose events after it were applied (in parts), is
    // applied again up to it (in parts again), and the lines of its first applying are dropped.
    var events = Self.inOrder(players: ["solo", "other"], days: 400)
    let bad = Event.retraction(id: "bad", day: events[1_400].day, player: "other", of: "never-applied")
    events.insert(bad, at: 1_400)
    #expect(events.count > 2_400)
    let soloBefore = events[..<1_400].filter { $0.player == "solo" }.count
    let soloAfter = events[1_401..<2_400].filter { $0.player == "solo" }.count
    // Parts in both applyings; two in the first, whose second covers events after the refusal
    // (absorbed into the second applying's lines, it would write past them and trap).
    #expect(soloBefore > Engine.linesPart)
    #expect(soloBefore + soloAfter > 2 * Engine.linesPart)
    let values = try StoreAwardLinesAsideTests.deliveries(events, batch: 2_400, writesJSON: false, aside: false)
    let aside = try StoreAwardLinesAsideTests.deliveries(events, batch: 2_400, writesJSON: true, aside: true)
    #expect(values.refusals.first == 1_400)
    #expect(aside.refusals == values.refusals)
    #expect(aside.json.count < events.count)
    #expect(aside.json.count == values.json.count)
    #expect(Self.differing(aside.json, values.json) == 0)
  }
}
