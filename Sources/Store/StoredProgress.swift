import Engine
import Ledger

/// A player's progress as its snapshot holds it, with what tells how it was made: the pack that
/// made it and how many times the player's pack changed under it.
package struct StoredProgress: Sendable {
  /// The progress after every logged event (only the mechanics asked for, when asked).
  package var progress: PlayerProgress
  /// The rule pack the progress belongs to.
  package var pack: PackStamp
  /// How many times the player moved to another pack (the engine re-aligned its progress and
  /// closed its window); 0 when every event was applied under ``pack``.
  package var packChanges: Int
}

extension SQLiteStore {
  /// A player's progress at its snapshot when the snapshot covers at most `logged` events, with
  /// the number it covers, for a replay that applies the rest: only the sections of `mechanics`
  /// when it covers all `logged` — the player's row (its checksum verified) and the snapshot's
  /// header and progress are decoded; the log and the event ids are not read — every section
  /// when it covers fewer (the replay applies the events after it). Nil when the store
  /// has no such player, no snapshot of it, or one covering more events.
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its row or snapshot is damaged.
  package func storedProgress(player: PlayerID, upTo logged: Int, mechanics: [any Mechanic.Type])
    throws(LedgerError) -> (stored: StoredProgress, at: Int)?
  {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    if let state = cache.states[player] {
      guard state.appliedCount <= logged else { return nil }
      return (
        StoredProgress(progress: state.progress, pack: state.pack, packChanges: state.history.epoch),
        state.appliedCount
      )
    }
    do throws(SQLiteError) {
      guard let row = try playerRow(player), row.at <= logged, let snapshot = row.snapshot else { return nil }
      let decoded = try PlayerSnapshot.decodeProgress(snapshot, mechanics: row.at == logged ? mechanics : nil) {
        (digest: String) throws(SQLiteError) in try storedPack(digest: digest)
      }
      guard decoded.appliedCount == row.at else { return nil }
      return (StoredProgress(progress: decoded.progress, pack: decoded.pack, packChanges: decoded.epoch), row.at)
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// ``loadProgress(player:)`` decoding only the sections of `mechanics` (nil: all) of the
  /// snapshot's progress, for a reader that uses nothing else (a migration's policy and
  /// comparison); a player whose log goes past its snapshot is read whole.
  package func loadProgress(player: PlayerID, mechanics: [any Mechanic.Type]?) throws(LedgerError) -> (
    progress: PlayerProgress, pack: PackStamp
  )? {
    try leanProgress(player, mechanics: mechanics).map { ($0.progress, $0.pack) }
  }
}
