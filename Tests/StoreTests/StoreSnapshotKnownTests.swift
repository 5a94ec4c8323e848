import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A snapshot written by the process that last wrote the player's row and ids (no other
/// process's commit since) reads neither first: the process knows how many ids the store
/// holds. Another process's snapshot counts as a commit, so what the process knows is not
/// trusted after it.
@Suite struct StoreSnapshotKnownTests {
  static let players = ["a", "b", "c"]

  /// One connection, two runs' ends: the second run's snapshots append the ids after those of
  /// the first (known, not read). A wrong count would append ids over the first ones (the
  /// store refuses a second row at the same position) or leave a gap (a damaged player).
  @Test func aSecondSnapshotAppendsAfterTheFirstWithoutReadingThem() throws {
    let events = StoreFixture.traffic(players: Self.players, days: 6, seed: 40)
    let expected = try StoreFixture.alone(events, players: Self.players)
    let (directory, path) = StoreFixture.storePath("snapshot-known")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    let half = events.count / 2
    try StoreFixture.award(Array(events[..<half]), to: store, batch: 50)
    try store.saveSnapshots(minimum: 1)
    try StoreFixture.award(Array(events[half...]), to: store, batch: 50)
    try store.saveSnapshots(minimum: 1)
    #expect(try store.check().problems.isEmpty)
    #expect(try StoreFixture.states(path) == expected)
    // Each player's ids: two rows, the second starting where the first ends.
    for player in Self.players {
      let rows = try StoreSnapshotGroupTests.count(
        path, "SELECT count(*) FROM ids WHERE player = x'\(Self.hex(player))'")
      #expect(rows == 2, "\(player)")
    }
  }

  /// Process A holds its players after a batch; process B reads them and writes their
  /// snapshots (applying nothing). A's own snapshots then must not trust what it knew: the
  /// store's rows already cover its players, so A writes none — without reading them first it
  /// would append the same ids again (refused: the run's end failing).
  @Test func anotherProcesssSnapshotIsNoticedBeforeWriting() throws {
    let events = StoreFixture.traffic(players: Self.players, days: 4, seed: 41)
    let expected = try StoreFixture.alone(events, players: Self.players)
    let (directory, path) = StoreFixture.storePath("snapshot-foreign")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try SQLiteStore(path: path)
    try StoreFixture.award(events, to: first, batch: 10_000)
    let second = try SQLiteStore(path: path)
    for player in Self.players {
      let id = StoreFixture.id(player)
      let state = try #require(try second.load(id, engine: StoreFixture.engine))
      second.restore(id, state)
    }
    try second.saveSnapshots(minimum: 1)
    let written = try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = x'61'")
    try first.saveSnapshots(minimum: 1)
    // The second process's snapshot stays: the first found it covers every event.
    #expect(try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = x'61'") == written)
    #expect(try first.check().problems.isEmpty)
    #expect(try StoreFixture.states(path) == expected)
  }

  static func hex(_ text: String) -> String {
    text.utf8.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
  }
}
