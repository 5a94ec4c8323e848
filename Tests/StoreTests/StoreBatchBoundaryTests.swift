import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// Where a batch of `award --store` ends when its players and events fill the memory bound
/// (``LedgerRun/isFull``, `--cache-mb`). docs/scale.md promises: "Where a batch's end depends on
/// memory, only the place of its late events' corrections in the output can move (after each
/// player's last event of the batch), never an award or a state."
@Suite struct StoreBatchBoundaryTests {
  static func day(_ number: Int) throws -> Day { try #require(Day(year: 2026, month: 3, day: number)) }

  /// One player: 63 meals on 03-10, then three workouts: L dated 03-05 (late), X dated 03-12 (in
  /// date order), Y dated 03-11 (late again, before X). 66 events: with no memory to spare a
  /// batch ends at the 64th event (``BatchMemory/minimumEvents``), right after L.
  static func events() throws -> [Event] {
    var events = try (0..<63).map { Event.nutrition(id: "n\($0)", day: try day(10), player: "p", intakeKcal: 2000) }
    events.append(.workout(id: "L", day: try day(5), player: "p", category: "cardio", durationMin: 30))
    events.append(.workout(id: "X", day: try day(12), player: "p", category: "cardio", durationMin: 30))
    events.append(.workout(id: "Y", day: try day(11), player: "p", category: "cardio", durationMin: 30))
    return events
  }

  /// The awards announced for event `id` (JSON lines) by a run over a new store of `cacheBytes`,
  /// committed whenever the run says it is full (as `award --store` does), and the number of
  /// batches.
  static func announced(_ id: String, cacheBytes: Int) throws -> (awards: [String], batches: Int) {
    let (directory, path) = StoreFixture.storePath("store-boundary")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(cacheBytes: cacheBytes))
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    var queued: [String] = []
    var awards: [String] = []
    var batches = 0
    func commit() throws {
      batches += 1
      let refusal = try run.commit { delivered in
        for item in delivered where queued[item.index] == id { awards += item.outcome.awards.map(\.jsonLine) }
      }
      #expect(refusal == nil)
      queued.removeAll()
    }
    for event in try events() {
      try run.add(event)
      queued.append(event.id)
      if run.isFull { try commit() }
    }
    try commit()
    return (awards, batches)
  }

  /// In date order Y (03-11) comes just before X (03-12): X extends Y's one-day streak to 2,
  /// which is what a run with memory to spare (one batch) announces for X. With no memory to
  /// spare the batch ends after L, X is announced before Y arrives and its streak is "started"
  /// at 1 (and its XP gets the first-of-week bonus): the bound changed an award, not only where a
  /// correction is printed.
  @Test func theMemoryBoundDoesNotChangeTheAwardsOfAnEvent() throws {
    let roomy = try Self.announced("X", cacheBytes: 1024 << 20)
    let tight = try Self.announced("X", cacheBytes: 0)
    #expect(roomy.batches == 1)
    #expect(tight.batches == 2)
    let streak =
      #"{"type":"streak","event":"X","player":"p","date":"2026-03-12","change":"extended","current":2,"#
      + #""best":2,"freezes":0}"#
    #expect(roomy.awards.contains(streak))
    #expect(tight.awards.contains(streak))
    #expect(tight.awards == roomy.awards)
  }
}
