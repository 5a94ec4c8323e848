import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// `loadProgress(player:)` (what a migration reads of the state before) gives exactly the
/// progress and pack of a full `load(player:)`, and `summary(of:)` (what `players show` prints)
/// the summary of it, whether the snapshot covers the whole log (only the progress decoded; the
/// summary without compiling the pack) or events were logged after it (the whole player read);
/// both still refuse a player whose event ids or snapshot are damaged, naming it.
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
      let summary = try #require(try store.summary(of: player))
      #expect(summary == PlayerSummary(whole), "\(player)")
      #expect(summary.workouts == whole.progress.totals.workouts && summary.xp > 0, "\(player)")
    }
    #expect(try store.loadProgress(player: StoreFixture.id("nobody")) == nil)
    #expect(try store.summary(of: StoreFixture.id("nobody")) == nil)
  }

  /// A summary of a player whose snapshot covers its log reads no rule pack: with the store's
  /// packs gone it is still read, where loading the player needs its pack.
  @Test func aCoveredSummaryNeedsNoRulePack() throws {
    let (directory, path) = try store(covered: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try SQLiteStore(path: path, access: .readOnly)
    let expected = try #require(try before.summary(of: StoreFixture.id("ana")))
    try StoreFixture.sql(path, "DELETE FROM packs")
    let store = try SQLiteStore(path: path, access: .readOnly)
    #expect(try store.summary(of: StoreFixture.id("ana")) == expected)
    #expect(throws: LedgerError.self) { try store.load(player: StoreFixture.id("ana")) }
  }

  /// Whether the snapshot covers the log or not (the summary then comes from the last log row).
  @Test(
    arguments: [
      "UPDATE ids SET checksum = checksum + 1 WHERE player = CAST('ana' AS BLOB)",
      "UPDATE ids SET first = first + 16 WHERE player = CAST('ana' AS BLOB)",
      "UPDATE players SET snapshot = substr(snapshot, 1, 60) WHERE id = CAST('ana' AS BLOB)",
    ], [true, false])
  func damageIsReportedWithThePlayer(edit: String, covered: Bool) throws {
    let (directory, path) = try store(covered: covered)
    defer { try? FileManager.default.removeItem(at: directory) }
    try StoreFixture.sql(path, edit)
    let store = try SQLiteStore(path: path, access: .readOnly)
    func expectDamaged(_ read: () throws -> Void) {
      do {
        try read()
        Issue.record("a damaged player was read: \(edit)")
      } catch {
        guard case .corrupt(let diagnostic) = error as? LedgerError else {
          Issue.record("\(error)")
          return
        }
        #expect(diagnostic.message.hasPrefix("player 'ana' is damaged: "), "\(diagnostic.message)")
      }
    }
    expectDamaged { _ = try store.loadProgress(player: StoreFixture.id("ana")) }
    expectDamaged { _ = try store.summary(of: StoreFixture.id("ana")) }
    #expect(try store.loadProgress(player: StoreFixture.id("bo")) != nil)
    #expect(try store.summary(of: StoreFixture.id("bo")) != nil)
  }
}
