import Ledger

extension SQLiteStore {
  /// How the error of a read-only store of an older schema begins.
  static let olderSchema = "the store is of schema"

  /// Opens a store to read it: read-only (nothing is written; a store on a read-only disk or in
  /// a read-only directory reads), except that a store of an older schema is opened for writing
  /// once, to migrate it.
  public static func reading(path: String, options: Options = Options()) throws(LedgerError) -> SQLiteStore {
    do {
      return try SQLiteStore(path: path, access: .readOnly, options: options)
    } catch {
      guard case .corrupt(let diagnostic) = error, diagnostic.message.hasPrefix(olderSchema) else { throw error }
      return try SQLiteStore(path: path, access: .existing, options: options)
    }
  }

  /// The tables of schema 5 (as of 4: form-3 snapshots changed no table).
  static let tables = """
    CREATE TABLE fitquest_schema (version INTEGER NOT NULL);
    CREATE TABLE fitquest_head (generation INTEGER NOT NULL);
    INSERT INTO fitquest_head VALUES (0);
    CREATE TABLE packs (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, name TEXT NOT NULL, version TEXT NOT NULL,
      files BLOB, checksum INTEGER NOT NULL);
    CREATE TABLE players (id BLOB NOT NULL UNIQUE, at INTEGER NOT NULL, snapshot BLOB, checksum INTEGER NOT NULL);
    CREATE TABLE log (player BLOB NOT NULL, seq INTEGER NOT NULL, pack INTEGER NOT NULL, window_days INTEGER NOT NULL, count INTEGER NOT NULL,
      lines BLOB NOT NULL, checksum INTEGER NOT NULL, summary BLOB, UNIQUE (player, seq));
    CREATE TABLE ids (player BLOB NOT NULL, first INTEGER NOT NULL, data BLOB NOT NULL, checksum INTEGER NOT NULL,
      PRIMARY KEY (player, first)) WITHOUT ROWID;
    CREATE TABLE damaged (player BLOB PRIMARY KEY, reason TEXT NOT NULL) WITHOUT ROWID;
    """

  /// Checks the schema of an opened database; creates the tables of a new store and migrates
  /// an older one, in one write transaction (two processes creating one store at once: the
  /// second waits, then finds the tables). A current store needs no write transaction, so
  /// readers never wait for writers.
  func openSchema(mayCreate: Bool) throws(SQLiteError) {
    if try version() == Int64(Self.schemaVersion) { return }
    guard !isReadOnly else {
      let found = try version()
      throw .damaged(
        found.map { "\(Self.olderSchema) \($0); open it once for writing to migrate it to \(Self.schemaVersion)" }
          ?? "not a FitQuest store (no 'fitquest_schema' table)")
    }
    try database.execute("BEGIN IMMEDIATE")
    do {
      try migrateInTransaction(mayCreate: mayCreate)
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// The schema version, or nil when the database has no `fitquest_schema` (yet).
  private func version() throws(SQLiteError) -> Int64? {
    let table = try database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'fitquest_schema'")
    guard try table.step() else { return nil }
    table.reset()
    let version = try database.prepare("SELECT version FROM fitquest_schema")
    defer { version.reset() }
    guard try version.step() else { throw .damaged("'fitquest_schema' is empty") }
    return version.int(0)
  }

  private func migrateInTransaction(mayCreate: Bool) throws(SQLiteError) {
    let tables = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    var names: [String] = []
    while try tables.step() { names.append(tables.text(0)) }
    if names.isEmpty {
      // A new file, or one a process creating the store left before its tables (killed).
      guard mayCreate else { throw .damaged("not a FitQuest store (a database without tables)") }
      try database.execute(Self.tables + "INSERT INTO fitquest_schema VALUES (\(Self.schemaVersion));")
      return
    }
    guard names.contains("fitquest_schema") else {
      throw .damaged(
        "not a FitQuest store: the database has tables but no 'fitquest_schema' (\(names.joined(separator: ", ")))")
    }
    guard let number = try version() else { throw .damaged("'fitquest_schema' is empty") }
    guard number <= Int64(Self.schemaVersion) else {
      throw .damaged(
        "schema version \(number) is newer than this FitQuest reads (\(Self.schemaVersion)); update FitQuest")
    }
    guard number >= 1 else { throw .damaged("unknown schema version \(number)") }
    // Forward migrations, one `if number < N` block each, inside the transaction.
    if number < 2 { try migrateStatesToCompact() }
    if number < 3 { try migrateToEventLog() }
    // Schema 4: a log row may carry the player's summary after it (``LogSummary``); older rows
    // have none. (A store below 3 got its log table from ``tables``, which has the column.)
    if number == 3 { try database.execute("ALTER TABLE log ADD COLUMN summary BLOB") }
    // Schema 5: a snapshot may refer to lines of its player's log instead of holding them
    // (``PlayerSnapshot`` form 3); the form-2 snapshots of older stores are read as they are.
    try database.execute("UPDATE fitquest_schema SET version = \(Self.schemaVersion)")
  }
}
