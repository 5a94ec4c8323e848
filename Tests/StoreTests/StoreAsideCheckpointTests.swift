import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// Commits finished on another thread turn SQLite's automatic checkpoint off for their
/// `COMMIT` and checkpoint the write-ahead log after it, once their log lines reach
/// ``SQLiteStore/checkpointLogBytes``: the log stays bounded, and the connection's automatic
/// checkpoint is back on for its other commits.
@Suite struct StoreAsideCheckpointTests {
  static let players = (0..<40).map { "p\($0)" }
  static let events = StoreFixture.traffic(players: players, days: 30, seed: 5)

  /// The size of the store's write-ahead log after the events, committed aside in batches of
  /// 40, with a checkpoint every `every` bytes of lines (nil: never).
  static func walSize(checkpointEvery every: Int?) throws -> (wal: Int, lines: Int, autocheckpoint: Int64) {
    let (directory, path) = StoreFixture.storePath("aside-checkpoint")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    store.commitsAside = true
    store.checkpointLogBytes = every ?? Int.max
    try StoreFixture.award(events, to: store, batch: 40)
    try store.finishCommits()
    let setting = try store.database.cached("PRAGMA wal_autocheckpoint")
    _ = try setting.step()
    let autocheckpoint = setting.int(0)
    setting.reset()
    let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? -1
    return (wal, events.reduce(0) { $0 + $1.jsonLine.utf8.count }, autocheckpoint)
  }

  @Test func theLogIsCheckpointedAfterTheCommitsAndStaysBounded() throws {
    #expect(Self.events.count > 600)
    let checkpointed = try Self.walSize(checkpointEvery: 32 << 10)
    let never = try Self.walSize(checkpointEvery: nil)
    // Every commit's pages stay in the log when nothing checkpoints it: more than the lines.
    #expect(never.wal > never.lines, "\(never)")
    // Checkpointed every 32 KB of lines, the log is reused from its start: a fraction of that.
    #expect(checkpointed.wal < never.wal / 4, "\(checkpointed) vs \(never)")
    // The automatic checkpoint is back on after each commit (SQLite's default, 1,000 pages).
    #expect(checkpointed.autocheckpoint == 1000)
    #expect(never.autocheckpoint == 1000)
  }
}
