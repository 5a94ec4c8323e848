import CSQLite

/// SQLite's automatic checkpoint, made deferrable. SQLite checkpoints the write-ahead log from a
/// hook called at the end of each commit, once the log holds `wal_autocheckpoint` frames (1,000
/// by default). SQLite has released the write lock by then, but the checkpoint still runs inside
/// `COMMIT`, so a caller that times `COMMIT` to measure how long it held the lock counts the
/// checkpoint too: for a batch of 10,000 log rows, half of `COMMIT`'s time.
///
/// The hook here replaces SQLite's own and does what it does (a PASSIVE checkpoint at the same
/// number of frames), except while ``SQLiteDatabase/defersCheckpoints`` is set: then it only
/// notes that a checkpoint is due, and ``SQLiteDatabase/checkpointIfDue()`` runs it once the
/// caller has noted the commit's end.
final class CheckpointHook {
  /// The frames at which a commit checkpoints.
  let frames: Int32
  var defers = false
  /// A checkpoint came due during a deferring commit.
  var isDue = false
  /// Checkpoints run inside a commit, and after one (counted for tests).
  var inside = 0
  var after = 0

  init(frames: Int32) { self.frames = frames }
}

extension SQLiteDatabase {
  /// Replaces SQLite's automatic checkpoint by ``CheckpointHook`` (once; nothing when the
  /// automatic checkpoint is off). `frames`: the threshold; nil: the connection's own setting.
  package func installCheckpointHook(frames: Int32? = nil) throws(SQLiteError) {
    guard checkpointHook == nil, let handle else { return }
    let threshold: Int32
    if let frames {
      threshold = frames
    } else {
      let setting = try cached("PRAGMA wal_autocheckpoint")
      threshold = try setting.step() ? Int32(clamping: setting.int(0)) : 0
      setting.reset()
    }
    guard threshold > 0 else { return }
    let hook = CheckpointHook(frames: threshold)
    checkpointHook = hook
    // The hook is held by the connection (`checkpointHook`) until it closes.
    _ = sqlite3_wal_hook(
      handle,
      { context, database, name, frames in
        guard let context else { return SQLITE_OK }
        let hook = Unmanaged<CheckpointHook>.fromOpaque(context).takeUnretainedValue()
        guard frames >= hook.frames else { return SQLITE_OK }
        if hook.defers {
          hook.isDue = true
        } else {
          hook.inside += 1
          // As SQLite's own hook: a failure leaves the frames in the log for the next one.
          _ = sqlite3_wal_checkpoint(database, name)
        }
        return SQLITE_OK
      }, Unmanaged.passUnretained(hook).toOpaque())
  }

  /// While set, a commit that fills the write-ahead log to the checkpoint's threshold leaves
  /// the checkpoint to ``checkpointIfDue()`` (with ``installCheckpointHook(frames:)`` only).
  package var defersCheckpoints: Bool {
    get { checkpointHook?.defers ?? false }
    set { checkpointHook?.defers = newValue }
  }

  /// Runs the checkpoint a deferring commit left due (PASSIVE, as SQLite's own).
  package func checkpointIfDue() {
    guard let hook = checkpointHook, hook.isDue, let handle else { return }
    hook.isDue = false
    hook.after += 1
    _ = sqlite3_wal_checkpoint(handle, nil)
  }

  /// The checkpoints the hook ran inside commits and after them.
  package var checkpointCounts: (inside: Int, after: Int) {
    (checkpointHook?.inside ?? 0, checkpointHook?.after ?? 0)
  }
}
