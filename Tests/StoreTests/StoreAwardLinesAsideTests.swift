import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A store's batches with their award lines written on a second thread
/// (``LedgerRun/writesAwardJSONAside``) deliver the bytes the engine's own ``Award`` values
/// encode to, event by event: with many players per batch (several groups handed over), a
/// refused event that makes the players after it apply again, and another writer whose changes
/// make players stale.
@Suite struct StoreAwardLinesAsideTests {
  /// 150 players: a batch of 600 events holds more than one group of ``BatchWork/writerGroup``.
  static let players = (0..<150).map { "p\($0)" }
  static let events = StoreFixture.traffic(players: players, days: 6, seed: 11)

  /// Each delivered event's awards as NDJSON: the lines the run wrote, then any awards it
  /// delivered as values (late events, retractions), then its corrections.
  static func json(_ item: Delivered) -> String {
    String(decoding: item.awardJSON, as: UTF8.self)
      + (item.outcome.awards + item.corrections).map { $0.jsonLine + "\n" }.joined()
  }

  /// Runs the events through a fresh store in batches; returns every delivered event's JSON
  /// and each batch's refused position.
  static func deliveries(
    _ events: [Event], batch: Int, writesJSON: Bool, aside: Bool, maxLock: Int? = nil
  ) throws -> (json: [String], refusals: [Int?]) {
    let (directory, path) = StoreFixture.storePath("aside")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = LedgerRun(store: try SQLiteStore(path: path), engine: StoreFixture.engine)
    run.writesAwardJSON = writesJSON
    run.writesAwardJSONAside = aside
    run.maxLockMilliseconds = maxLock
    var json: [String] = []
    var refusals: [Int?] = []
    var start = 0
    while start < events.count {
      let part = events[start..<min(events.count, start + batch)]
      for event in part { try run.add(event) }
      let refusal = try run.commit { items in json += items.map(Self.json) }
      refusals.append(refusal?.index)
      start += part.count
    }
    return (json, refusals)
  }

  @Test func manyPlayersPerBatchDeliverWhatTheirAwardsEncodeTo() throws {
    let events = Self.events
    #expect(events.count > 1_500)
    let values = try Self.deliveries(events, batch: 600, writesJSON: false, aside: false)
    let aside = try Self.deliveries(events, batch: 600, writesJSON: true, aside: true)
    let inline = try Self.deliveries(events, batch: 600, writesJSON: true, aside: false)
    #expect(values.json.count == events.count)
    #expect(aside.json == values.json)
    #expect(inline.json == values.json)
    // Awards were written, and most as lines.
    #expect(values.json.filter { $0.contains(#""type":"xp""#) }.count > 400)
    // A commit cut into parts collects the lines of each part.
    let parts = try Self.deliveries(events, batch: 600, writesJSON: true, aside: true, maxLock: 1)
    #expect(parts.json == values.json)
  }

  @Test func aRefusedEventLeavesThePlayersAfterItWithTheLinesOfTheirLastApplying() throws {
    var events = Self.events
    // A retraction of an event never applied is refused, in the middle of a batch of 600.
    let bad = Event.retraction(id: "bad", day: events[300].day, player: "p7", of: "never-applied")
    events.insert(bad, at: 300)
    let values = try Self.deliveries(events, batch: 600, writesJSON: false, aside: false)
    let aside = try Self.deliveries(events, batch: 600, writesJSON: true, aside: true)
    // Refused at its position; the events after it in its batch were not delivered.
    #expect(values.refusals.first == 300)
    #expect(aside.refusals == values.refusals)
    #expect(aside.json.count == values.json.count)
    #expect(aside.json.count < events.count)
    #expect(aside.json == values.json)
  }

  @Test func playersAnotherWriterChangedAreAppliedAgainWithTheirNewLines() throws {
    let (directory, path) = StoreFixture.storePath("aside-two")
    defer { try? FileManager.default.removeItem(at: directory) }
    let runs = [
      LedgerRun(store: try SQLiteStore(path: path), engine: StoreFixture.engine),
      LedgerRun(store: try SQLiteStore(path: path), engine: StoreFixture.engine),
    ]
    for run in runs {
      run.writesAwardJSON = true
      run.writesAwardJSONAside = true
    }
    // The runs take turns, each sent the other's last events again and its own new ones: a
    // batch first applies its players as its cache holds them, then, finding them changed by
    // the other run, applies them again from the store (those events now duplicates).
    let events = Self.events
    var lines: [String: String] = [:]
    var duplicates = 0
    var start = 0
    var turn = 0
    while start < events.count {
      let run = runs[turn % 2]
      let end = min(events.count, start + 230)
      for event in events[max(0, start - 230)..<end] { try run.add(event) }
      try run.commit { items in
        duplicates += items.filter { $0.outcome == .duplicate }.count
        for item in items where !item.awardJSON.isEmpty {
          let id = events[max(0, start - 230) + item.index].id
          #expect(lines[id] == nil, "event \(id) applied twice")
          lines[id] = String(decoding: item.awardJSON, as: UTF8.self)
        }
      }
      start = end
      turn += 1
    }
    // The lines of the events applied in date order are those of one run alone.
    let (aloneDirectory, alonePath) = StoreFixture.storePath("aside-alone")
    defer { try? FileManager.default.removeItem(at: aloneDirectory) }
    let alone = LedgerRun(store: try SQLiteStore(path: alonePath), engine: StoreFixture.engine)
    alone.writesAwardJSON = true
    var expected: [String: String] = [:]
    for event in events { try alone.add(event) }
    try alone.commit { items in
      for item in items where !item.awardJSON.isEmpty {
        expected[events[item.index].id] = String(decoding: item.awardJSON, as: UTF8.self)
      }
    }
    #expect(expected.count > 1_000)
    #expect(lines == expected)
    // Each run was sent the other's last events again: it found those players changed, applied
    // them again from the store, and delivered those events as duplicates.
    #expect(duplicates > 1_000)
  }
}
