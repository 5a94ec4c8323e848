import Engine
import Foundation
import Ledger
import RuleLanguage

/// Many players in one SQLite database (the system's library), event-sourced: each player's
/// applied events are appended to a log in the transaction of their batch, and a snapshot of the
/// player is written only every ``Options/snapshotEvery`` events (or when a run ends, or when a
/// player leaves the cache); loading a player reads its snapshot and replays the events logged
/// after it. Every row carries a checksum, checked when read.
///
/// Tables (schema version 3, in `fitquest_schema`; the layout is in docs/scale.md):
/// - `players(id, at, snapshot, checksum)`: the id's bytes, how many events the snapshot covers,
///   the snapshot (``PlayerSnapshot``; NULL before the first);
/// - `log(player, seq, pack, window_days, lines, checksum)`: per batch and player, the canonical
///   lines of the events applied, from event number `seq` on, with the pack and window used;
/// - `ids(player, first, data, checksum)`: the event ids' 16-byte fingerprints up to the snapshot;
/// - `packs(id, digest, name, version, files, checksum)`: the rule packs events were applied
///   with, so that events logged under one pack replay under it after the rules changed;
/// - `fitquest_head(generation)`: counts commits, so a process knows when another one wrote.
///
/// WAL journal, `synchronous=FULL`. Writers take turns (``lock(for:)`` … ``commit()``); a
/// crash at any moment loses no committed event and keeps no uncommitted one.
public final class SQLiteStore: @unchecked Sendable {
  /// The database file.
  public let path: String
  /// Whether the store was opened read-only (``Access/readOnly``).
  public let isReadOnly: Bool
  /// How the store works.
  public let options: Options
  let database: SQLiteDatabase
  let mutex = NSRecursiveLock()
  /// Players in memory between batches.
  var cache: PlayerCache
  /// Rule packs by their row id, and the engines compiled from them.
  var packs = PackRegistry()
  /// The pack registry when the batch's transaction began: a rollback restores it (a pack row
  /// inserted, or given its files, in the transaction is gone again).
  var packsAtBegin = PackRegistry()
  /// The commit count this process last saw (its own commits included).
  var generation: Int64 = 0
  /// The latest commit count at which another process was seen to have committed (its commits
  /// are at or before it): a cached player verified before it is compared with the store before
  /// its events are committed; one verified at or after it is the store's.
  var foreignGeneration: Int64 = 0
  var inTransaction = false
  /// Players changed in the open transaction.
  var touched: Set<PlayerID> = []
  /// Players whose cached state lags their logged events (a batch committed in parts: their
  /// state comes with its last part); they never leave the cache before it.
  var awaitingState: Set<PlayerID> = []
  /// The engine of the run using the store (its pack is stored with the events it applies).
  var currentEngine: Engine?
  /// Whether a commit finishes on another thread while the run goes on (`award --store`; see
  /// `SQLiteStore+CommitAside.swift`): the caller must call ``finishCommits()`` before it says
  /// the events were saved.
  package var commitsAside = false {
    didSet {
      // Its commits checkpoint after `COMMIT`, not inside it (``CheckpointHook``). Without the
      // hook (it failed to read the setting), SQLite's own checkpoint stays.
      if commitsAside { try? database.installCheckpointHook() }
    }
  }
  /// With ``commitsAside``: the open transaction's log rows, written when it commits.
  var pendingLog: [PendingLogRow] = []
  /// The commit in flight on another thread.
  var inFlight: AsideCommit?
  /// What the commit in flight failed with, thrown by every later use of the store.
  var asideFailure: LedgerError?
  /// When the open transaction took the write lock.
  var lockedAt = ContinuousClock.now
  /// How long the last commit finished on another thread held the lock (``takeCommitHold()``).
  var commitHold: Duration?
  /// What the players that left the cache since the heap's free pages were last given back
  /// held, estimated (``FreeHeapPages``, at a batch's commit, from an eighth of the cache's
  /// budget).
  var bytesLeft = 0

  /// The schema version this FitQuest writes; older stores are migrated forward when opened.
  public static let schemaVersion = 5

  /// The page size of a new store's file, in bytes (SQLite's default is 4,096). A store is
  /// written in long appends of log rows and blobs of a few kilobytes, and every page goes to the
  /// write-ahead log and then, at a checkpoint, into the file: a system call each way for each
  /// page. With 16 KB pages, `award --store --partition 0/2` of 10,000 players × 30 days made
  /// 26,859 `pwrite`s and 13,217 `pread`s instead of 131,281 and 65,303, and the kernel's share
  /// of its CPU fell from 20% to 18% (docs/scale.md). A store's page size is fixed when its file
  /// is created: older stores keep theirs, and work as before.
  static let newFilePageBytes = 16_384

  /// How a store is opened.
  public enum Access: Sendable {
    /// Read and write, creating the file (in an existing directory) when it does not exist.
    case create
    /// Read and write an existing store.
    case existing
    /// Read an existing store without writing anything (a store on a read-only disk, a copy).
    case readOnly
  }

  /// How a store works: waiting, memory, snapshots.
  public struct Options: Sendable {
    /// How long to wait for another process's write lock, in milliseconds (0: do not wait).
    public var waitMilliseconds: Int
    /// The memory a run may take, in bytes: the players it keeps between batches, the players
    /// and events of a batch (``SQLiteStore/batchMemoryBudget``: a ``LedgerRun`` commits a batch
    /// that fills it), and 48 MB left for what the process takes anyway.
    public var cacheBytes: Int
    /// A player's snapshot is written once this many events were logged after the last one.
    public var snapshotEvery: Int

    /// Options: wait 60 s, 1 GB of memory, a snapshot every 256 events.
    public init(waitMilliseconds: Int = 60_000, cacheBytes: Int = 1024 << 20, snapshotEvery: Int = 256) {
      self.waitMilliseconds = waitMilliseconds
      self.cacheBytes = cacheBytes
      self.snapshotEvery = snapshotEvery
    }
  }

  /// Opens a store.
  /// - Throws: ``LedgerError/unreadable(_:)`` for a path that is not a store file name (`""`,
  ///   `:memory:`, a `file:` URI), not a regular file, or missing (unless created);
  ///   ``LedgerError/corrupt(_:)`` for a file that is not a FitQuest store, or a damaged one;
  ///   ``LedgerError/busy(_:)`` when a migration must wait past the wait.
  public init(path: String, access: Access = .create, options: Options = Options()) throws(LedgerError) {
    self.path = path
    self.options = options
    isReadOnly = access == .readOnly
    cache = PlayerCache(limit: Self.playersShare(of: options.cacheBytes))
    try StorePath.check(path, mayCreate: access == .create)
    do {
      database = try SQLiteDatabase(
        path: StorePath.sqliteName(path),
        access: access == .readOnly ? .readOnly : .readWrite(create: access == .create),
        waitMilliseconds: Int32(clamping: options.waitMilliseconds))
    } catch {
      throw .unreadable(Diagnostic(file: path, message: "cannot open the store: \(error.message)"))
    }
    // Where waiting for a lock could deadlock (the switch of a new file to WAL, a read turning
    // into a write), SQLite answers "busy" at once instead of waiting: two processes creating
    // the same store side by side saw it (1 start in 150). Such a start waits here, within the
    // same limit, and tries again; each attempt is whole or rolled back.
    var waited = 0
    while true {
      do {
        // The page size takes effect only in a file SQLite has not written yet (a new store's, or
        // an empty one's); a file with a header keeps its size (even one whose creator stopped
        // before making the tables). Nothing here rebuilds a file (`VACUUM`), which would take
        // the connection's setting.
        if !isReadOnly {
          try database.execute(
            "PRAGMA page_size=\(Self.newFilePageBytes); PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        }
        try openSchema(mayCreate: access == .create)
        generation = try currentGeneration()
        return
      } catch {
        guard error.isBusy, waited < options.waitMilliseconds else { throw failure(error) }
        Thread.sleep(forTimeInterval: 0.005)
        waited += 5
      }
    }
  }

  /// Closes the store for a process that is about to exit: the database is closed as the
  /// store's end would close it, but the players held in memory are left for the process's end
  /// to reclaim rather than freed one by one (0.3 s for 10,000 players of 30 days). The store
  /// is never freed; what is asked of it afterwards throws (the connection is closed).
  package func closeForExit() {
    mutex.lock()
    defer { mutex.unlock() }
    // A commit still in flight finishes first (its failure was, or is now, beyond reporting).
    try? settle()
    database.close()
    _ = Unmanaged.passRetained(self)
  }

  /// A ledger error for an SQLite error, naming the store (`doing`: what failed, when not opening).
  func failure(_ error: SQLiteError, _ doing: String? = nil) -> LedgerError {
    let what = doing.map { "\($0): " } ?? ""
    if error.isBusy {
      return .busy(Diagnostic(file: path, message: "the store is locked by another process applying events to it"))
    }
    if error.isAboutContents { return .corrupt(Diagnostic(file: path, message: "\(what)\(error.message)")) }
    if error.isNotADatabase {
      return .corrupt(
        Diagnostic(
          file: path,
          message: doing == nil
            ? "not a FitQuest store: \(error.message)" : "\(what)the store is damaged: \(error.message)"))
    }
    if error.isReadOnly {
      return .io(Diagnostic(file: path, message: "\(what)the store cannot be written: \(error.message)"))
    }
    return .io(Diagnostic(file: path, message: "\(what)\(error.message)"))
  }

  /// A damaged player: exit 65 naming it.
  func damaged(_ player: PlayerID, _ message: String) -> LedgerError {
    .corrupt(Diagnostic(file: path, message: "player '\(Award.escapingControls(player.text))' is damaged: \(message)"))
  }

  /// The commit count in `fitquest_head`.
  func currentGeneration() throws(SQLiteError) -> Int64 {
    let row = try database.cached("SELECT generation FROM fitquest_head")
    defer { row.reset() }
    guard try row.step(), row.isInteger(0) else { throw .damaged("'fitquest_head' is damaged") }
    return row.int(0)
  }

  // MARK: Transactions

  /// Reads the store's commit count in the open transaction: when it is not the one this process
  /// left, another process committed since, and players not verified since then may have changed.
  func noteGeneration() throws(SQLiteError) {
    let seen = try currentGeneration()
    if seen != generation { foreignGeneration = seen }
    generation = seen
  }

  /// Runs `body` in a write transaction of its own (`BEGIN IMMEDIATE`), committing it.
  /// `counted`: the transaction counts as a commit in `fitquest_head` (it writes players' rows,
  /// which other processes holding those players must know of), and `body` runs with
  /// `generation` as the store's.
  func writing<T>(_ doing: String, counted: Bool = false, _ body: () throws(SQLiteError) -> T) throws(LedgerError)
    -> T
  {
    guard !isReadOnly else { throw .io(Diagnostic(file: path, message: "\(doing): the store was opened read-only")) }
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      try database.execute("BEGIN IMMEDIATE")
    } catch {
      throw failure(error, doing)
    }
    let packsBefore = packs
    do {
      if counted { try noteGeneration() }
      let value = try body()
      if counted { try database.execute("UPDATE fitquest_head SET generation = generation + 1") }
      try database.execute("COMMIT")
      if counted { generation += 1 }
      return value
    } catch {
      try? database.execute("ROLLBACK")
      packs = packsBefore
      throw failure(error, doing)
    }
  }
}
