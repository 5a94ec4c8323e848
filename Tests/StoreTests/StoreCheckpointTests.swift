import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// The store's write-ahead log is copied into its file (SQLite's automatic checkpoint), and
/// removed when the store is closed: released, or closed for the process's exit.
@Suite struct StoreCheckpointTests {
  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// More pages committed than the automatic checkpoint's threshold (250 frames here, set on
  /// the store's connection: SQLite's 1,000 frames of a new store's 16 KB pages would take 16 MB
  /// of events): the log's pages reach the file while the store is open; released, the store
  /// leaves no log behind.
  @Test func theLogReachesTheFileAndIsRemovedAtTheEnd() throws {
    let players = (0..<320).map { "c\($0)" }
    let events = StoreFixture.traffic(players: players, days: 30, seed: 5)
    let (directory, path) = StoreFixture.storePath("checkpoint")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let store = try SQLiteStore(path: path)
      // SQLite's own checkpoint (the store commits in place: no ``CheckpointHook``, which this
      // pragma would replace) at 250 frames.
      try store.database.execute("PRAGMA wal_autocheckpoint=250")
      let page = try StorePageSizeTests.pageBytes(path)
      #expect(page == 16_384)
      try StoreFixture.award(events, to: store, batch: 100_000)
      try store.saveSnapshots(minimum: 1)
      #expect(Self.size(path + "-wal") > page * 250)
      var waited = 0
      while Self.size(path) < page * 125 && waited < 20_000 {
        usleep(10_000)
        waited += 10
      }
      #expect(Self.size(path) >= page * 125, "the log was not copied into the file")
    }
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // Read back by a fresh connection, whole (three players checked against their own ledgers).
    let states = try StoreFixture.states(path)
    #expect(states.count == 320)
    let checked = ["c0", "c99", "c199"]
    let expected = try StoreFixture.alone(events, players: checked)
    for player in checked { #expect(states[Array(player.utf8)] == expected[Array(player.utf8)], "\(player)") }
  }

  /// `closeForExit` (what `award --store` does at its end) closes the store's connection: the
  /// log is checkpointed and removed, and the store reads back whole.
  @Test func closingForExitLeavesNoLog() throws {
    let players = ["a", "b"]
    let events = StoreFixture.traffic(players: players, days: 5, seed: 6)
    let (directory, path) = StoreFixture.storePath("checkpoint-exit")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    try StoreFixture.award(events, to: store, batch: 1_000)
    try store.saveSnapshots(minimum: 1)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    store.closeForExit()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // Asked anything afterwards, it throws (its connection is closed) rather than crash.
    #expect(throws: LedgerError.self) { try store.players() }
    #expect(try StoreFixture.states(path).count == 2)
  }
}
