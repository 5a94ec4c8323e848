import CSQLite
import RuleLanguage

/// A thin, checked wrapper of the system's SQLite C library: a connection and prepared
/// statements. Every call's result is checked; an error carries SQLite's message.
final class SQLiteDatabase {
  private(set) var handle: OpaquePointer?
  let path: String
  /// Statements prepared once and reused (`cached(_:)`), by their SQL.
  private var statements: [String: SQLiteStatement] = [:]

  /// Opens (or creates) a database file, with a busy timeout so that concurrent writers wait
  /// for each other instead of failing.
  init(path: String, create: Bool) throws(SQLiteError) {
    self.path = path
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(handle)
      throw SQLiteError(code: code, message: message)
    }
    self.handle = handle
    sqlite3_busy_timeout(handle, 60_000)
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs statements without results.
  func execute(_ sql: String) throws(SQLiteError) {
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    if code != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? "error \(code)"
      sqlite3_free(error)
      throw SQLiteError(code: code, message: message)
    }
  }

  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code) }
    return SQLiteStatement(statement, database: self)
  }

  /// A statement prepared on first use and reused afterwards, rewound and with its bindings
  /// cleared (for the statements run for every player and event).
  func cached(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    let statement = try prepare(sql)
    statements[sql] = statement
    return statement
  }

  func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// A prepared statement; parameters are numbered from 1, columns from 0.
final class SQLiteStatement {
  private let statement: OpaquePointer
  private unowned let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  /// Clears bindings and rewinds, for another execution.
  func reset() {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
  }

  func bind(_ index: Int32, _ value: String) throws(SQLiteError) {
    try check(sqlite3_bind_text(statement, index, value, -1, SQLiteStatement.transient))
  }

  func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
    try check(sqlite3_bind_int64(statement, index, value))
  }

  func bind(_ index: Int32, _ value: [UInt8]) throws(SQLiteError) {
    let code = value.withUnsafeBytes { bytes in
      sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), SQLiteStatement.transient)
    }
    try check(code)
  }

  /// Advances; true when a row is available.
  /// At the end of the rows (or on an error) the statement is rewound, so that a reused
  /// statement never holds a read transaction open.
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    sqlite3_reset(statement)
    if code == SQLITE_DONE { return false }
    throw database.failure(code)
  }

  /// Runs a statement that returns no rows, then rewinds it.
  func run() throws(SQLiteError) {
    defer { reset() }
    _ = try step()
  }

  func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  func text(_ column: Int32) -> String {
    guard let pointer = sqlite3_column_text(statement, column) else { return "" }
    return String(cString: pointer)
  }

  func blob(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  private func check(_ code: Int32) throws(SQLiteError) {
    if code != SQLITE_OK { throw database.failure(code) }
  }

  /// SQLite copies bound values (`SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// An error of the SQLite library: its result code and message.
struct SQLiteError: Error, Sendable {
  var code: Int32
  var message: String

  /// Whether the file is not a database, or a damaged one.
  var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
}
