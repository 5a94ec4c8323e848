import Engine
import Foundation
import Ledger
import RuleLanguage

/// Many players in one SQLite database (the system's library): each player's state, its kept
/// events, every event id it applied, and its whole history of event lines.
///
/// Tables (schema version 2, in `fitquest_schema`):
/// - `players(id, state, pack_digest, epoch, journaled, ids)`: the state in the compact form
///   (``CompactEncoder``; JSON in schema 1) without its kept events and ids, and what of those the other tables hold;
/// - `kept(player, seq, day, line)`: the window's events, as received;
/// - `ids(player, first, data)`: event id fingerprints, 16 bytes each, in chunks appended per save;
/// - `history(player, number, day, line)`: every event applied, in order (for `players export`).
///
/// WAL journal, `synchronous=FULL`; writers wait for each other (busy timeout). A batch is one
/// transaction (``begin()`` … ``commit()``), so a crash loses no committed event and keeps no
/// uncommitted one.
public final class SQLiteStore: PlayerStore, @unchecked Sendable {
  /// The database file.
  public let path: String
  let database: SQLiteDatabase
  private let mutex = NSRecursiveLock()
  private var inTransaction = false

  /// The schema version this FitQuest writes; older stores are migrated forward when opened.
  public static let schemaVersion = 2

  /// Opens a store, creating it when `create` is true and the file does not exist.
  /// - Throws: ``LedgerError/unreadable(_:)`` for a path that is not a regular file,
  ///   ``LedgerError/corrupt(_:)`` for a file that is not a FitQuest store (or a damaged one).
  public init(path: String, create: Bool = true) throws(LedgerError) {
    self.path = path
    if FileSystem.exists(path) {
      do {
        let descriptor = try FileSystem.openRegularFile(path)
        close(descriptor)
      } catch {
        throw .unreadable(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot read"))
      }
    } else if !create {
      throw .unreadable(Diagnostic(file: path, message: "no such store"))
    }
    do {
      database = try SQLiteDatabase(path: path, create: create)
    } catch {
      throw .unreadable(Diagnostic(file: path, message: "cannot open the store: \(error.message)"))
    }
    do {
      try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
      try migrate()
    } catch {
      throw Self.corrupt(path, error)
    }
  }

  static func corrupt(_ path: String, _ error: SQLiteError) -> LedgerError {
    .corrupt(Diagnostic(
      file: path, message: error.isNotADatabase ? "not a FitQuest store: \(error.message)" : "the store cannot be used: \(error.message)"))
  }

  /// Creates the tables of a new store, or checks an existing one's version and migrates it, in
  /// one write transaction (two processes creating one store at once: the second waits, then
  /// finds the tables).
  private func migrate() throws(SQLiteError) {
    // The common case, a store of this version, needs no write transaction (readers such as
    // `players show` do not wait for writers).
    if try currentVersion() == Int64(Self.schemaVersion) { return }
    try database.execute("BEGIN IMMEDIATE")
    do {
      try migrateInTransaction()
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// The schema version, or nil when the database has no `fitquest_schema` (yet).
  private func currentVersion() throws(SQLiteError) -> Int64? {
    let table = try database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'fitquest_schema'")
    guard try table.step() else { return nil }
    table.reset()
    let version = try database.prepare("SELECT version FROM fitquest_schema")
    defer { version.reset() }
    return try version.step() ? version.int(0) : nil
  }

  private func migrateInTransaction() throws(SQLiteError) {
    let tables = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    var names: [String] = []
    while try tables.step() { names.append(tables.text(0)) }
    if names.isEmpty {
      try database.execute(
        """
        CREATE TABLE fitquest_schema (version INTEGER NOT NULL);
        INSERT INTO fitquest_schema VALUES (2);
        CREATE TABLE players (id TEXT PRIMARY KEY, state BLOB NOT NULL, pack_digest TEXT NOT NULL,
          epoch INTEGER NOT NULL, journaled INTEGER NOT NULL, ids INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE kept (player TEXT NOT NULL, seq INTEGER NOT NULL, day INTEGER NOT NULL, line TEXT NOT NULL,
          PRIMARY KEY (player, seq)) WITHOUT ROWID;
        CREATE TABLE ids (player TEXT NOT NULL, first INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (player, first)) WITHOUT ROWID;
        CREATE TABLE history (player TEXT NOT NULL, number INTEGER NOT NULL, day INTEGER NOT NULL, line TEXT NOT NULL,
          PRIMARY KEY (player, number)) WITHOUT ROWID;
        """)
      return
    }
    guard names.contains("fitquest_schema") else {
      throw SQLiteError(code: 26, message: "the database has tables but no 'fitquest_schema' (\(names.joined(separator: ", ")))")
    }
    let version = try database.prepare("SELECT version FROM fitquest_schema")
    guard try version.step() else { throw SQLiteError(code: 26, message: "'fitquest_schema' is empty") }
    let number = version.int(0)
    guard number <= Int64(Self.schemaVersion) else {
      throw SQLiteError(code: 0, message: "schema version \(number) is newer than this FitQuest reads (\(Self.schemaVersion)); update FitQuest")
    }
    // Forward migrations, one `if number < N` block each, inside the transaction `migrate` opened.
    if number < 2 { try migrateStatesToCompact() }
    if number < Int64(Self.schemaVersion) {
      try database.execute("UPDATE fitquest_schema SET version = \(Self.schemaVersion)")
    }
  }

  /// Version 1 kept each player's state as JSON; version 2 in the compact form (CompactEncoder),
  /// several times faster to save and load.
  private func migrateStatesToCompact() throws(SQLiteError) {
    let rows = try database.prepare("SELECT id, state FROM players")
    var converted: [(String, [UInt8])] = []
    while try rows.step() {
      let id = rows.text(0)
      do {
        let state = try PlayerState(data: Data(rows.blob(1)))
        converted.append((id, try CompactEncoder.encode(state)))
      } catch {
        throw SQLiteError(code: 11, message: "player '\(id)' cannot be migrated from schema 1: \(Self.describe(error))")
      }
    }
    let update = try database.prepare("UPDATE players SET state = ? WHERE id = ?")
    for (id, body) in converted {
      try update.bind(1, body)
      try update.bind(2, id)
      try update.run()
    }
  }

  // MARK: Transactions

  /// Starts a write transaction: other processes wait until ``commit()`` or ``rollback()``.
  public func begin() throws(LedgerError) {
    mutex.lock()
    do {
      try database.execute("BEGIN IMMEDIATE")
      inTransaction = true
    } catch {
      mutex.unlock()
      throw .io(Diagnostic(file: path, message: "cannot start a transaction: \(error.message)"))
    }
  }

  /// Commits the transaction: everything saved since ``begin()`` becomes durable at once.
  public func commit() throws(LedgerError) {
    defer { mutex.unlock() }
    inTransaction = false
    do {
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw .io(Diagnostic(file: path, message: "cannot commit: \(error.message); nothing of this batch was saved"))
    }
  }

  /// Abandons the transaction: nothing saved since ``begin()`` is kept.
  public func rollback() {
    defer { mutex.unlock() }
    inTransaction = false
    try? database.execute("ROLLBACK")
  }

  /// Runs `body` in a transaction of its own unless one is open.
  func transaction<T>(_ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
    mutex.lock()
    defer { mutex.unlock() }
    if inTransaction { return try body() }
    try begin()
    do {
      let value = try body()
      try commit()
      return value
    } catch {
      rollback()
      throw error
    }
  }
}
