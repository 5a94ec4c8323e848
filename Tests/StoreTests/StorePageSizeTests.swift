import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A new store's file has 16 KB pages (fewer system calls for the same bytes: docs/scale.md);
/// a store created with another page size keeps it and works as before.
@Suite struct StorePageSizeTests {
  /// The page size SQLite reads from a store file's header.
  static func pageBytes(_ path: String) throws -> Int {
    try StoreFixture.integer(path, "PRAGMA page_size")
  }

  @Test func aNewStoreHasSixteenKilobytePages() throws {
    let (directory, path) = StoreFixture.storePath("store-page-size")
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = StoreFixture.traffic(players: ["ana", "bo"], days: 5, seed: 7)
    try StoreFixture.award(events, to: try SQLiteStore(path: path), batch: 1_000)
    #expect(try Self.pageBytes(path) == 16_384)
    let store = try SQLiteStore(path: path, access: .existing)
    #expect(try store.players().map(\.text) == ["ana", "bo"])
    #expect(try store.check().problems.isEmpty)
  }

  /// The schema-2 fixture was written with SQLite's default of 4,096 bytes: opening it (and
  /// migrating it), then applying events, leaves its pages as they were.
  @Test func anOlderStoreKeepsItsPageSize() throws {
    let (directory, path) = StoreFixture.storePath("store-page-size-old")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      atPath: StoreMigrationTests.fixture.appendingPathComponent("players.sqlite").path, toPath: path)
    #expect(try Self.pageBytes(path) == 4_096)
    do {
      let store = try SQLiteStore(path: path, access: .existing)
      let events = try StoreMigrationTests.events("part-2.ndjson")
      try StoreFixture.award(events, to: store, batch: 50_000, engine: StoreMigrationTests.engine)
      #expect(try Self.pageBytes(path) == 4_096)
      #expect(try store.check().problems.isEmpty)
      #expect(try store.players().map(\.text) == StoreMigrationTests.players)
    }
    // Released: its log checkpointed into the file, which still has 4 KB pages.
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(try Self.pageBytes(path) == 4_096)
  }
}
