import Engine
import Foundation
import Ledger

/// Commits finished on another thread (``SQLiteStore/commitsAside``): a batch's transaction
/// writes its log rows, raises the commit count and commits there, while the run reads and
/// applies its next batch here. Nothing else changes: the awards were delivered before the
/// commit began (as always, before the events are durable), the cache holds the batch's states
/// at once, and every later use of the database waits for the commit first (``settle()``) — the
/// next ``lock(for:)``, a player read from the database, a snapshot, the store's close. A
/// commit that fails is rolled back on its thread; the players it changed are forgotten (read
/// again as committed), and the failure is thrown by every later use of the store, so the run
/// stops and says that batch was not saved.
///
/// Not when the cache is over its budget at the commit: those commits evict players after
/// committing, here, as before.
extension SQLiteStore {
  /// A log row the open transaction writes when it commits.
  struct PendingLogRow: Sendable {
    let player: PlayerID
    let seq: Int
    let pack: Int64
    let windowDays: Int
    let lines: [String]
    let summary: PlayerSummary?
  }

  /// Writes a log row in the open transaction.
  func write(_ row: PendingLogRow) throws(SQLiteError) {
    try appendLog(
      row.player, seq: row.seq, pack: row.pack, windowDays: row.windowDays, lines: row.lines, summary: row.summary)
  }

  /// Hands the open transaction to its own thread to write the pending log rows and commit
  /// (the store's mutex is held; the transaction counts as closed here).
  func commitAside() {
    let rows = pendingLog
    pendingLog = []
    let job = AsideCommit(touched: touched, packsAtBegin: packsAtBegin, lockedAt: lockedAt)
    inTransaction = false
    touched.removeAll()
    inFlight = job
    job.start { [self] () throws(SQLiteError) in
      // The checkpoint SQLite would run inside `COMMIT` runs after it, once its end is noted:
      // SQLite frees the lock before its checkpoint, and the run sizes a batch's parts by how
      // long the lock was held (``CheckpointHook``).
      database.defersCheckpoints = true
      defer {
        database.defersCheckpoints = false
        database.checkpointIfDue()
      }
      do throws(SQLiteError) {
        for row in rows { try write(row) }
        try database.execute("UPDATE fitquest_head SET generation = generation + 1")
        try database.execute("COMMIT")
      } catch {
        try? database.execute("ROLLBACK")
        throw error
      }
      job.committed()
    }
  }

  /// Waits for the commit in flight, if one is (called with the mutex held, before any use of
  /// the database): on success it counts as this process's commit; on failure its players are
  /// forgotten and its error is thrown, now and by every later call.
  func settle() throws(LedgerError) {
    if let asideFailure { throw asideFailure }
    guard let job = inFlight else { return }
    inFlight = nil
    let (error, hold) = job.wait()
    commitHold = hold
    guard let error else {
      generation += 1
      return
    }
    packs = job.packsAtBegin
    for player in job.touched.union(awaitingState) { cache.remove(player) }
    cache.removeTaken()
    awaitingState.removeAll()
    let failed = failure(error, "cannot commit; nothing of the batch being committed was saved")
    asideFailure = failed
    throw failed
  }

  /// Waits until the last commit is durable; throws what it failed with.
  public func finishCommits() throws(LedgerError) {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
  }

  /// How long the last commit finished on another thread held the write lock (once).
  public func takeCommitHold() -> Duration? {
    mutex.lock()
    defer { mutex.unlock() }
    defer { commitHold = nil }
    return commitHold
  }
}

/// A commit finishing on its own thread, and what undoing it needs.
final class AsideCommit: @unchecked Sendable {
  /// The players the transaction changed.
  let touched: Set<PlayerID>
  /// The pack registry when the transaction began.
  let packsAtBegin: PackRegistry
  /// When the transaction took the write lock.
  let lockedAt: ContinuousClock.Instant
  private let done = DispatchSemaphore(value: 0)
  // Written by the commit's thread before `done` is signalled, read after it is waited for.
  private var error: SQLiteError?
  private var finishedAt: ContinuousClock.Instant?
  /// When `COMMIT` returned (the lock is free from then on; what follows is the checkpoint).
  private var committedAt: ContinuousClock.Instant?

  init(touched: Set<PlayerID>, packsAtBegin: PackRegistry, lockedAt: ContinuousClock.Instant) {
    self.touched = touched
    self.packsAtBegin = packsAtBegin
    self.lockedAt = lockedAt
  }

  /// Runs the commit on a thread of its own (not Dispatch's pool: the run waits for it).
  func start(_ work: @escaping @Sendable () throws(SQLiteError) -> Void) {
    let thread = Thread { [self] in
      do throws(SQLiteError) {
        try work()
      } catch {
        self.error = error
      }
      finishedAt = .now
      done.signal()
    }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// Notes that the transaction committed (called on the commit's thread).
  func committed() { committedAt = .now }

  /// Waits for the commit: its error (nil: committed) and how long the write lock was held.
  func wait() -> (error: SQLiteError?, hold: Duration) {
    done.wait()
    return (error, (committedAt ?? finishedAt ?? lockedAt) - lockedAt)
  }
}
