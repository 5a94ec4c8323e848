import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// `loadProgress(player:)` (what a migration reads of the state before) gives exactly the
/// progress and pack of a full `load(player:)`, whether the snapshot covers the whole log (only
/// the progress decoded) or events were logged after it (the whole player read); it still
/// refuses a player whose event ids or snapshot are damaged, naming it.
@Suite struct StoreProgressReadTests {
  static let players = ["ana", "bo", "\u{00C5}", "A\u{030A}"]
  static let events = StoreFixture.traffic(players: players, days: 10, seed: 7)

  /// A store of the players, snapshotted at the end (`covered`) or with a log after the snapshots.
  func store(covered: Bool) throws -> (URL, String) {
    let (directory, path) = StoreFixture.storePath("progress-read")
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(snapshotEvery: covered ? 1_000_000 : 7))
    try StoreFixture.award(Self.events, to: store, batch: 11)
    if covered { try store.saveSnapshots() }
    return (directory, path)
  }

  @Test(arguments: [true, false])
  func progressEqualsTheWholePlayers(covered: Bool) throws {
    let (directory, path) = try store(covered: covered)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path, access: .readOnly)
    let ids = try store.players()
    #expect(ids.count == 4)
    for player in ids {
      let whole = try #require(try store.load(player: player))
      let read = try #require(try store.loadProgress(player: player))
      #expect(read.progress == whole.progress, "\(player)")
      #expect(read.pack == whole.pack, "\(player)")
      #expect(read.progress.totals.workouts > 0, "\(player)")
    }
    #expect(try store.loadProgress(player: StoreFixture.id("nobody")) == nil)
  }

  @Test(arguments: [
    "UPDATE ids SET checksum = checksum + 1 WHERE player = CAST('ana' AS BLOB)",
    "UPDATE ids SET first = first + 16 WHERE player = CAST('ana' AS BLOB)",
    "UPDATE players SET snapshot = substr(snapshot, 1, 60) WHERE id = CAST('ana' AS BLOB)",
  ])
  func damageIsReportedWithThePlayer(edit: String) throws {
    let (directory, path) = try store(covered: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try StoreFixture.sql(path, edit)
    let store = try SQLiteStore(path: path, access: .readOnly)
    do {
      _ = try store.loadProgress(player: StoreFixture.id("ana"))
      Issue.record("a damaged player was read: \(edit)")
    } catch {
      guard case .corrupt(let diagnostic) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(diagnostic.message.hasPrefix("player 'ana' is damaged: "), "\(diagnostic.message)")
    }
    #expect(try store.loadProgress(player: StoreFixture.id("bo")) != nil)
  }
}
