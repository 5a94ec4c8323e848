import CSQLite
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thin, checked wrapper of the system's SQLite C library: a connection and prepared
/// statements. Every call's result is checked; an error carries SQLite's code and message. Text
/// and blobs are bound with their byte length, so a NUL byte never cuts a value.
package final class SQLiteDatabase {
  private(set) var handle: OpaquePointer?
  let path: String
  /// Statements prepared once and reused (`cached(_:)`), by their SQL.
  private var statements: [String: SQLiteStatement] = [:]
  /// The last statements `cached(_:)` gave, by their SQL's storage: a literal's storage is the
  /// same at every call, so the statements run for every row are found by comparing 16 bytes
  /// each, not by hashing their SQL (1,700 instructions a call, a tenth of appending a log row).
  /// The entries hold their strings, so a storage compared here is never another string's.
  private var recent: [(sql: String, statement: SQLiteStatement)] = []
  private var nextRecent = 0
  private static let recentCount = 16
  /// The hook that replaced SQLite's automatic checkpoint, when one did
  /// (``installCheckpointHook(frames:)``): held here while the connection uses it.
  var checkpointHook: CheckpointHook?

  /// How a database is opened.
  package enum Access: Sendable {
    /// Read and write; `create` makes the file when it does not exist.
    case readWrite(create: Bool)
    /// Read only: nothing is ever written, not even the journal mode.
    case readOnly
  }

  /// Opens a database file. `path` must be a real file name: URI handling is off (the flags
  /// never include `SQLITE_OPEN_URI`, and callers refuse names SQLite treats specially).
  /// `waitMilliseconds` is how long a statement waits for another connection's lock.
  package init(path: String, access: Access, waitMilliseconds: Int32) throws(SQLiteError) {
    self.path = path
    var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX
    switch access {
    case .readWrite(let create): flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    }
    handle = try Self.open(path, flags)
    if case .readOnly = access, (try? execute("SELECT count(*) FROM sqlite_master")) == nil, !Self.hasJournal(path) {
      // A WAL database in a directory this process cannot write: SQLite cannot create the
      // shared-memory file beside it, and reads it only as immutable (safe: no journal holds
      // changes the file lacks). The URI is built here, every byte of the name escaped.
      sqlite3_close_v2(handle)
      handle = try Self.open("file:\(Self.escaped(path))?immutable=1", flags | SQLITE_OPEN_URI)
    }
    sqlite3_extended_result_codes(handle, 0)
    sqlite3_busy_timeout(handle, waitMilliseconds)
  }

  private static func open(_ name: String, _ flags: Int32) throws(SQLiteError) -> OpaquePointer {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(handle)
      throw SQLiteError(code: code, message: message)
    }
    return handle
  }

  /// Whether a write-ahead log with content lies beside the database.
  private static func hasJournal(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  /// An absolute path with every byte but letters, digits and `/._-` percent-escaped.
  private static func escaped(_ path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: 4096)
      if getcwd(&buffer, buffer.count) != nil {
        absolute = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
      }
    }
    var text = ""
    for byte in absolute.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
        text.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return text
  }

  deinit { close() }

  /// What running anything on a closed connection throws (SQLite, built without its API
  /// checks, would crash on the missing handle).
  static let closedError = SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed")

  /// Finalizes the statements and closes the connection (its write-ahead log is checkpointed
  /// and removed when it is the file's last). What is run on it afterwards throws.
  package func close() {
    statements.removeAll()
    recent.removeAll()
    sqlite3_close_v2(handle)
    handle = nil
    checkpointHook = nil
  }

  /// Runs statements without results.
  package func execute(_ sql: String) throws(SQLiteError) {
    guard handle != nil else { throw Self.closedError }
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    if code != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(error)
      throw SQLiteError(code: code, message: message)
    }
  }

  /// Runs `body` in a read transaction of its own (`BEGIN`, ended after it) when the
  /// connection is in none, so that its statements see one committed state of the file (without
  /// it each statement sees the latest commit: a player's row and its event ids could come from
  /// two commits of another process); inside a transaction, just runs it.
  package func reading<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
    try cached("BEGIN").run()
    do {
      let value = try body()
      try cached("COMMIT").run()
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// A statement prepared now (for statements run once).
  package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    guard handle != nil else { throw Self.closedError }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code) }
    return SQLiteStatement(statement, database: self)
  }

  /// A statement prepared on first use and reused afterwards, rewound and with its bindings
  /// cleared (for the statements run for every player and batch).
  package func cached(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    for index in recent.indices where recent[index].sql.isSameValue(as: sql) {
      recent[index].statement.reset()
      return recent[index].statement
    }
    let statement: SQLiteStatement
    if let known = statements[sql] {
      known.reset()
      statement = known
    } else {
      statement = try prepare(sql)
      statements[sql] = statement
    }
    if recent.count < Self.recentCount {
      recent.append((sql, statement))
    } else {
      recent[nextRecent] = (sql, statement)
      nextRecent = (nextRecent + 1) % Self.recentCount
    }
    return statement
  }

  func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// A prepared statement; parameters are numbered from 1, columns from 0.
package final class SQLiteStatement {
  private let statement: OpaquePointer
  private unowned let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  /// Clears bindings and rewinds, for another execution.
  package func reset() {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
  }

  /// Binds text by its UTF-8 bytes (all of them: a NUL does not end it).
  package func bind(_ index: Int32, _ value: String) throws(SQLiteError) {
    var value = value
    let code = value.withUTF8 { bytes in
      sqlite3_bind_text(
        statement, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
        SQLiteStatement.transient)
    }
    try check(code)
  }

  package func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
    try check(sqlite3_bind_int64(statement, index, value))
  }

  /// Binds a blob (an empty one is a zero-length blob, not NULL).
  package func bind(_ index: Int32, _ value: [UInt8]) throws(SQLiteError) {
    let code = value.withUnsafeBytes { bytes in
      bytes.isEmpty
        ? sqlite3_bind_zeroblob(statement, index, 0)
        : sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), SQLiteStatement.transient)
    }
    try check(code)
  }

  /// Binds NULL.
  package func bindNull(_ index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(statement, index))
  }

  /// Advances; true when a row is available.
  /// At the end of the rows (or on an error) the statement is rewound, so that a reused
  /// statement never holds a read transaction open.
  package func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    sqlite3_reset(statement)
    if code == SQLITE_DONE { return false }
    throw database.failure(code)
  }

  /// Runs a statement that returns no rows, then rewinds it.
  package func run() throws(SQLiteError) {
    defer { reset() }
    _ = try step()
  }

  package func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  /// Whether a column holds NULL.
  package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

  /// Whether a column holds an integer (not text, a real or a blob that would be converted).
  package func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_INTEGER }

  /// A text column's bytes (all of them), as text.
  package func text(_ column: Int32) -> String {
    String(decoding: blob(column), as: UTF8.self)
  }

  /// A column's bytes (a blob, or the UTF-8 of text).
  package func blob(_ column: Int32) -> [UInt8] {
    guard let pointer = sqlite3_column_blob(statement, column) else { return [] }
    let count = Int(sqlite3_column_bytes(statement, column))
    // One memcpy: `Array(UnsafeRawBufferPointer)` copied byte by byte (≈ 2 instructions a byte
    // on a snapshot of 17 kB).
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: count))
      initialized = count
    }
  }

  private func check(_ code: Int32) throws(SQLiteError) {
    if code != SQLITE_OK { throw database.failure(code) }
  }

  /// SQLite copies bound values (`SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// An error of the SQLite library: its result code and message.
package struct SQLiteError: Error, Sendable {
  package var code: Int32
  package var message: String

  package init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// Whether the file is not a database, or a damaged one.
  var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }

  /// Whether another connection holds a lock past the wait.
  var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

  /// Whether the database or its directory cannot be written.
  var isReadOnly: Bool { code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM }

  /// The code of FitQuest's own errors about a store's contents (outside SQLite's codes).
  static let contentsCode: Int32 = 0x4651

  /// An error of FitQuest's own about the store's contents (a damaged row, a newer schema).
  static func damaged(_ message: String) -> SQLiteError { SQLiteError(code: contentsCode, message: message) }

  /// Whether this is one of FitQuest's own errors about the store's contents.
  var isAboutContents: Bool { code == Self.contentsCode }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
