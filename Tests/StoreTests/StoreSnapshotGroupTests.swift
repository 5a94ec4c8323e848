import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A run's end writes many players' snapshots, encoded a group at a time on a second thread
/// while the rows of the group before are written (`SQLiteStore.snapshotGroup` players each).
@Suite struct StoreSnapshotGroupTests {
  /// 150 players (two whole groups of 64 and a part) with events logged after their first
  /// snapshot: every one gets its snapshot, each covering its whole log, and each equals its
  /// single-player ledger when read back by a fresh connection.
  @Test func everyPlayerOfManyGroupsGetsItsSnapshotExactly() throws {
    let players = (0..<150).map { "p\($0)" }
    #expect(players.count > 2 * SQLiteStore.snapshotGroup)
    let events = StoreFixture.traffic(players: players, days: 5, seed: 21)
    let expected = try StoreFixture.alone(events, players: players)
    let (directory, path) = StoreFixture.storePath("snapshot-groups")
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two runs, each ending with the snapshots: the second reads its players back from the
    // first's snapshots and logs more events after them.
    let half = events.count / 2
    for part in [events[..<half], events[half...]] {
      let store = try SQLiteStore(path: path)
      try StoreFixture.award(Array(part), to: store, batch: 1_000)
      try store.saveSnapshots(minimum: 1)
    }
    let states = try StoreFixture.states(path)
    #expect(states.count == 150)
    for player in players {
      #expect(states[Array(player.utf8)] == expected[Array(player.utf8)], "\(player)")
    }
    // Each snapshot covers its player's whole log: no log row lies after it.
    #expect(try Self.count(path, "SELECT count(*) FROM players WHERE snapshot IS NOT NULL") == 150)
    let behind = try Self.count(
      path,
      "SELECT count(*) FROM players p WHERE p.at < (SELECT max(l.seq + l.count) FROM log l WHERE l.player = p.id)")
    #expect(behind == 0)
  }

  static func count(_ path: String, _ query: String) throws -> Int64 {
    let database = try SQLiteDatabase(path: path, access: .readOnly, waitMilliseconds: 1000)
    let row = try database.prepare(query)
    defer { row.reset() }
    return try row.step() ? row.int(0) : -1
  }
}
