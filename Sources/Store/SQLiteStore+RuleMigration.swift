import Engine
import Ledger

/// A player's move to another rule pack (`fitquest migrate`): the pack and policy it was
/// migrated with and how many events its migrated state covered.
public struct RuleMigrationRecord: Sendable, Equatable {
  /// The digest of the pack the player was moved to.
  public var digest: String
  /// The policy's name (`recompute`, `never-demote`, `keep-unlocks`).
  public var policy: String
  /// The player's applied events when it was migrated.
  public var at: Int

  /// Creates a record.
  public init(digest: String, policy: String, at: Int) {
    self.digest = digest
    self.policy = policy
    self.at = at
  }
}

// The `rule_migrations` table records each player's migrations, one row per player (the last).
// It is created by the first migration, so stores that never migrated keep schema 4 exactly and
// an older FitQuest reads a migrated store (it ignores the table).
extension SQLiteStore {
  static let migrationsTable = """
    CREATE TABLE IF NOT EXISTS rule_migrations (player BLOB PRIMARY KEY, at INTEGER NOT NULL, digest TEXT NOT NULL,
      policy TEXT NOT NULL, checksum INTEGER NOT NULL) WITHOUT ROWID
    """

  /// The last migration recorded for a player, or nil.
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its record is damaged.
  public func ruleMigration(of player: PlayerID) throws(LedgerError) -> RuleMigrationRecord? {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do throws(SQLiteError) {
      let table = try database.cached("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rule_migrations'")
      guard try table.step() else { return nil }
      table.reset()
      let row = try database.cached("SELECT at, digest, policy, checksum FROM rule_migrations WHERE player = ?")
      try row.bind(1, player.bytes)
      guard try row.step() else { return nil }
      defer { row.reset() }
      let record = RuleMigrationRecord(digest: row.text(1), policy: row.text(2), at: Int(row.int(0)))
      guard row.isInteger(0), row.isInteger(3), Self.checksum(record, player) == row.int(3) else {
        throw .damaged("its migration record does not match its checksum")
      }
      return record
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// Replaces a player's state by `state` — its whole logged history replayed under `engine`'s
  /// pack, then adjusted by a policy — and records the migration, in one write transaction: a
  /// crash leaves the player as it was or migrated. The log is kept as it is (the events and the
  /// packs they were applied with); the new snapshot covers all of it, so the player continues
  /// under `engine`'s pack. Returns false, writing nothing, when the player's log no longer
  /// ends at `state`'s applied events (another process applied events meanwhile). `snapshot`:
  /// the state already encoded by ``migrationSnapshot(_:engine:)`` (on another thread), or nil.
  public func migrate(
    _ player: PlayerID, to state: PlayerState, engine: Engine, policy: String, snapshot: [UInt8]? = nil
  ) throws(LedgerError) -> Bool {
    try writing("cannot migrate player '\(player)'") { () throws(SQLiteError) -> Bool in
      let head = try database.cached("SELECT seq + count FROM log WHERE player = ? ORDER BY seq DESC LIMIT 1")
      try head.bind(1, player.bytes)
      let logged = try head.step() ? Int(head.int(0)) : 0
      head.reset()
      guard logged == state.appliedCount, try hasPlayerRow(player) else { return false }
      try database.cached(Self.migrationsTable).run()
      _ = try packID(for: engine)
      let ids = state.history.ids.ordered
      let saved = try savedIDCount(player)
      if saved < ids.count { try appendIDs(player, first: saved, ids[saved...]) }
      try writePlayerRow(
        player, at: state.appliedCount, snapshot: snapshot ?? Self.migrationSnapshot(state, engine: engine),
        isNew: false)
      let record = RuleMigrationRecord(digest: engine.pack.digest, policy: policy, at: state.appliedCount)
      let insert = try database.cached(
        "INSERT OR REPLACE INTO rule_migrations (player, at, digest, policy, checksum) VALUES (?, ?, ?, ?, ?)")
      try insert.bind(1, player.bytes)
      try insert.bind(2, Int64(record.at))
      try insert.bind(3, record.digest)
      try insert.bind(4, record.policy)
      try insert.bind(5, Self.checksum(record, player))
      try insert.run()
      try database.cached("UPDATE fitquest_head SET generation = generation + 1").run()
      generation += 1
      cache.remove(player)
      return true
    }
  }

  /// Commits of a migration need not reach the disk one by one (`PRAGMA synchronous=NORMAL`):
  /// each stays atomic, and a crash of the process loses none; only a power loss may lose the
  /// last ones, which a rerun redoes. ``finishMigration()`` makes everything durable.
  public func beginMigration() throws(LedgerError) {
    do {
      try database.execute("PRAGMA synchronous=NORMAL")
    } catch {
      throw failure(error, "cannot migrate")
    }
  }

  /// Makes a migration's commits durable (a checkpoint of the write-ahead log, synced) and
  /// returns to `synchronous=FULL`.
  public func finishMigration() throws(LedgerError) {
    do {
      try database.execute("PRAGMA synchronous=FULL; PRAGMA wal_checkpoint(FULL);")
    } catch {
      throw failure(error, "cannot finish the migration")
    }
  }

  static func checksum(_ record: RuleMigrationRecord, _ player: PlayerID) -> Int64 {
    checksum(player, [Int64(record.at)], Array((record.digest + "\u{0}" + record.policy).utf8))
  }
}
