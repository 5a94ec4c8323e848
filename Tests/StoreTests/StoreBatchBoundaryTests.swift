import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// Where a batch of `award --store` ends when its players and events fill the memory bound
/// (``LedgerRun/isFull``, `--cache-mb`), as where `--commit-every` ends it: docs/events.md
/// ("Late events") — a batch's late events are placed together, so what an event of a player
/// with a late event in the same batch announces depends on the batch; the state never does.
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

  struct Run {
    /// Each event id's announced awards (JSON lines), in input order.
    var awards: [String: [String]] = [:]
    var batches = 0
    var state: PlayerState?
  }

  /// A run over a new store of `cacheBytes`, committed whenever the run says it is full (as
  /// `award --store` does).
  static func run(cacheBytes: Int) throws -> Run {
    let (directory, path) = StoreFixture.storePath("store-boundary")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(cacheBytes: cacheBytes))
    let ledger = LedgerRun(store: store, engine: StoreFixture.engine)
    var queued: [String] = []
    var result = Run()
    func commit() throws {
      result.batches += 1
      let refusal = try ledger.commit { delivered in
        for item in delivered {
          result.awards[queued[item.index], default: []] += (item.outcome.awards + item.corrections).map(\.jsonLine)
        }
      }
      #expect(refusal == nil)
      queued.removeAll()
    }
    for event in try events() {
      try ledger.add(event)
      queued.append(event.id)
      if ledger.isFull { try commit() }
    }
    try commit()
    result.state = try SQLiteStore(path: path, access: .readOnly).load(player: StoreFixture.id("p"))
    return result
  }

  static func streak(_ change: String, _ current: Int) -> String {
    #"{"type":"streak","event":"X","player":"p","date":"2026-03-12","change":"\#(change)","current":\#(current),"#
      + #""best":\#(current),"freezes":0}"#
  }

  /// With memory to spare (one batch) L, X and Y are placed together in date order (L 03-05,
  /// meals 03-10, Y 03-11, X 03-12), so X extends Y's streak to 2. With none the batch ends after
  /// L: X is applied in order in the next batch and starts a streak of 1 (with the week's first
  /// workout bonus), then Y, late, moves it (a correction). The meals announce the same either
  /// way, and the player's state is the same.
  @Test func theMemoryBoundMovesOnlyWhatALateEventOfTheBatchTouches() throws {
    let roomy = try Self.run(cacheBytes: 1024 << 20)
    let tight = try Self.run(cacheBytes: 0)
    #expect(roomy.batches == 1)
    #expect(tight.batches == 2)
    #expect(roomy.awards["X", default: []].contains(Self.streak("extended", 2)))
    #expect(tight.awards["X", default: []].contains(Self.streak("started", 1)))
    #expect(tight.awards["Y", default: []].contains { $0.hasPrefix(#"{"type":"correction","event":"Y""#) })
    for index in 0..<63 { #expect(tight.awards["n\(index)"] == roomy.awards["n\(index)"]) }
    let roomyState = try #require(roomy.state)
    let tightState = try #require(tight.state)
    #expect(roomyState.progress == tightState.progress)
    #expect(roomyState.appliedCount == 66)
  }
}
