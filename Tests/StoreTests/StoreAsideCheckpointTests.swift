import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// A store whose commits finish on another thread replaces SQLite's automatic checkpoint by a
/// hook that does the same, except that those commits' checkpoints run after `COMMIT` (timed as
/// the lock's hold), not inside it; the store's other commits still checkpoint inside theirs.
@Suite struct StoreAsideCheckpointTests {
  static let players = (0..<40).map { "p\($0)" }
  static let events = StoreFixture.traffic(players: players, days: 30, seed: 5)

  /// The events committed aside in batches of 40, the hook checkpointing at `frames` frames,
  /// then every player's snapshot written (a commit of the store's own thread). The checkpoints
  /// run inside and after commits, before and after the snapshots, and the write-ahead log's
  /// size after the batches.
  static func run(frames: Int32) throws -> (
    batches: (inside: Int, after: Int), snapshots: (inside: Int, after: Int), wal: Int
  ) {
    let (directory, path) = StoreFixture.storePath("aside-checkpoint")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    try store.database.installCheckpointHook(frames: frames)
    store.commitsAside = true
    try StoreFixture.award(events, to: store, batch: 40)
    try store.finishCommits()
    let batches = store.database.checkpointCounts
    let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? -1
    try store.saveSnapshots(minimum: 1)
    return (batches, store.database.checkpointCounts, wal)
  }

  @Test func asideCommitsCheckpointAfterCommitAndOthersInside() throws {
    #expect(Self.events.count > 600)
    let checkpointed = try Self.run(frames: 16)
    // Every batch's commit finished aside: its checkpoints ran after `COMMIT`, none inside.
    #expect(checkpointed.batches.inside == 0)
    #expect(checkpointed.batches.after >= 5, "\(checkpointed)")
    // The snapshots' commit, on the store's own thread, checkpointed inside it as SQLite does.
    #expect(checkpointed.snapshots.inside >= 1, "\(checkpointed)")
    #expect(checkpointed.snapshots.after == checkpointed.batches.after)
    // Unreachable threshold: nothing is checkpointed, and the log keeps every commit's pages.
    let never = try Self.run(frames: .max)
    #expect(never.batches.inside == 0 && never.batches.after == 0 && never.snapshots.inside == 0)
    #expect(checkpointed.wal < never.wal / 4, "\(checkpointed.wal) vs \(never.wal)")
  }

  /// Without a threshold given, the hook takes the connection's own (SQLite's default, 1,000).
  @Test func theHookTakesTheConnectionsThreshold() throws {
    let (directory, path) = StoreFixture.storePath("aside-checkpoint-default")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    store.commitsAside = true
    #expect(store.database.checkpointHook?.frames == 1000)
  }
}
