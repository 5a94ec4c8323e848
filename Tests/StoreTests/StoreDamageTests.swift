import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A damaged store is refused player by player: a damaged row (a column edited, with or without
/// its checksum fixed, a flipped bit) is an error naming the player, never a crash, never an
/// event applied twice; the other players stay usable, and `check` finds exactly the damaged one.
@Suite struct StoreDamageTests {
  static let players = ["ana", "bo"]
  static let events = StoreFixture.traffic(players: players, days: 12, seed: 3)

  /// A store of ana and bo, with snapshots (every 5 events) and a log of 12 events after them.
  func store() throws -> (URL, String) {
    let (directory, path) = StoreFixture.storePath("store-damage")
    let cut = Self.events.count - 24
    try StoreFixture.award(
      Array(Self.events[..<cut]), to: try SQLiteStore(path: path, options: SQLiteStore.Options(snapshotEvery: 5)),
      batch: 9)
    let unsnapshotted = SQLiteStore.Options(snapshotEvery: 1_000_000)
    try StoreFixture.award(
      Array(Self.events[cut...]), to: try SQLiteStore(path: path, options: unsnapshotted), batch: 9)
    return (directory, path)
  }

  /// Loading ana fails naming her; bo loads; `check` reports ana alone; applying ana's events
  /// changes nothing.
  func expectAnaDamaged(_ path: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let store = try SQLiteStore(path: path, access: .existing)
    #expect(throws: LedgerError.self, "\(what)", sourceLocation: sourceLocation) {
      _ = try store.load(player: StoreFixture.id("ana"))
    }
    do {
      _ = try store.load(player: StoreFixture.id("ana"))
    } catch {
      guard case .corrupt(let diagnostic) = error else {
        Issue.record("\(what): \(error)", sourceLocation: sourceLocation); return
      }
      #expect(
        diagnostic.message.hasPrefix("player 'ana' is damaged: "), "\(what): \(diagnostic.message)",
        sourceLocation: sourceLocation)
    }
    #expect(try store.load(player: StoreFixture.id("bo")) != nil, sourceLocation: sourceLocation)
    let (count, problems) = try store.check()
    #expect(count == 2, sourceLocation: sourceLocation)
    #expect(problems.map(\.player) == [StoreFixture.id("ana")], "\(what): \(problems)", sourceLocation: sourceLocation)
    let day = try #require(Day(year: 2026, month: 3, day: 20), sourceLocation: sourceLocation)
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    try run.add(.workout(id: "new \(what)", day: day, player: "ana", category: "cardio", durationMin: 30))
    #expect(throws: LedgerError.self, sourceLocation: sourceLocation) { try run.commit { _ in } }
    try run.add(.workout(id: "new \(what)", day: day, player: "bo", category: "cardio", durationMin: 30))
    var outcomes: [EventOutcome] = []
    try run.commit { outcomes += $0.map(\.outcome) }
    #expect(outcomes.count == 1 && outcomes[0].changedPlayer, sourceLocation: sourceLocation)
  }

  struct Edit: Sendable, CustomTestStringConvertible {
    var what: String
    var sql: String
    var testDescription: String { what }
  }

  @Test(arguments: [
    Edit(what: "players.at = -1", sql: "UPDATE players SET at = -1 WHERE id = CAST('ana' AS BLOB)"),
    Edit(what: "players.at = 999", sql: "UPDATE players SET at = 999 WHERE id = CAST('ana' AS BLOB)"),
    Edit(
      what: "players.snapshot cut",
      sql: "UPDATE players SET snapshot = substr(snapshot, 1, 100) WHERE id = CAST('ana' AS BLOB)"),
    Edit(
      what: "log.count = 999",
      sql:
        "UPDATE log SET count = 999 WHERE player = CAST('ana' AS BLOB) AND seq = (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB))"
    ),
    Edit(
      what: "log.seq = -1",
      sql:
        "UPDATE log SET seq = -1 WHERE player = CAST('ana' AS BLOB) AND seq = (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB))"
    ),
    Edit(
      what: "log.pack = 99",
      sql:
        "UPDATE log SET pack = 99 WHERE player = CAST('ana' AS BLOB) AND seq = (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB))"
    ),
    Edit(
      what: "a log row removed",
      sql:
        "DELETE FROM log WHERE player = CAST('ana' AS BLOB) AND seq = (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB) AND seq < (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB)))"
    ),
    Edit(
      what: "ids.first + 1",
      sql:
        "UPDATE ids SET first = first + 1 WHERE player = CAST('ana' AS BLOB) AND first = (SELECT max(first) FROM ids WHERE player = CAST('ana' AS BLOB))"
    ),
    Edit(
      what: "ids.data cut",
      sql: "UPDATE ids SET data = substr(data, 1, 24) WHERE player = CAST('ana' AS BLOB) AND first = 0"),
    Edit(what: "players.checksum = 0", sql: "UPDATE players SET checksum = 0 WHERE id = CAST('ana' AS BLOB)"),
    Edit(what: "players.at as text", sql: "UPDATE players SET at = 'x' WHERE id = CAST('ana' AS BLOB)"),
  ])
  func aDamagedColumnNamesThePlayer(_ edit: Edit) throws {
    let (directory, path) = try store()
    defer { try? FileManager.default.removeItem(at: directory) }
    try StoreFixture.sql(path, edit.sql)
    try expectAnaDamaged(path, edit.what)
  }

  @Test func editsWithTheChecksumFixedAreRefusedByTheirRange() throws {
    let (directory, path) = try store()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ana = StoreFixture.id("ana")
    let snapshot = try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = CAST('ana' AS BLOB)")
    for at: Int64 in [-7, 999, Int64(Int32.max) + 1] {
      try StoreFixture.sql(
        path, "UPDATE players SET at = ?, checksum = ? WHERE id = CAST('ana' AS BLOB)",
        [at, SQLiteStore.checksum(ana, [at], snapshot)])
      try expectAnaDamaged(path, "at = \(at), checksum fixed")
    }
  }

  @Test func everySingleBitFlipOfASnapshotOrALogRowIsFound() throws {
    let (directory, path) = try store()
    defer { try? FileManager.default.removeItem(at: directory) }
    var random = TestRandom(seed: 400)
    for (column, query, update) in [
      (
        "snapshot", "SELECT snapshot FROM players WHERE id = CAST('ana' AS BLOB)",
        "UPDATE players SET snapshot = ? WHERE id = CAST('ana' AS BLOB)"
      ),
      (
        "lines", "SELECT lines FROM log WHERE player = CAST('ana' AS BLOB) ORDER BY seq DESC LIMIT 1",
        "UPDATE log SET lines = ? WHERE player = CAST('ana' AS BLOB) AND seq = (SELECT max(seq) FROM log WHERE player = CAST('ana' AS BLOB))"
      ),
    ] {
      let original = try StoreFixture.blob(path, query)
      #expect(original.count > 100)
      for _ in 0..<200 {
        var flipped = original
        let bit = Int.random(in: 0..<(original.count * 8), using: &random)
        flipped[bit / 8] ^= 1 << UInt8(bit % 8)
        try StoreFixture.sql(path, update, blob: flipped)
        // A new connection each time (no cache); the current engine is the stored pack's, so
        // the pack is not compiled again for every flip (the checksums are checked either way).
        let store = try SQLiteStore(path: path, access: .readOnly)
        #expect(throws: LedgerError.self, "\(column) bit \(bit)") {
          _ = try store.load(player: StoreFixture.id("ana"), engine: StoreFixture.engine)
        }
      }
      try StoreFixture.sql(path, update, blob: original)
    }
    #expect(try SQLiteStore(path: path, access: .readOnly).check().problems.isEmpty)
  }
}
