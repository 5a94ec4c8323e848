import Engine
import Ledger

/// A player's progress as the store holds it, with what tells how it was made: the pack that
/// made it, the events it covers and how many times the player's pack changed under it.
public struct StoredProgress: Sendable {
  /// The progress after every logged event.
  public var progress: PlayerProgress
  /// The rule pack the progress belongs to.
  public var pack: PackStamp
  /// The events applied to the player.
  public var appliedCount: Int
  /// How many times the player moved to another pack (the engine re-aligned its progress and
  /// closed its window); 0 when every event was applied under ``pack``.
  public var packChanges: Int

  /// The stored progress of a whole state.
  init(_ state: PlayerState) {
    self.init(
      progress: state.progress, pack: state.pack, appliedCount: state.appliedCount, packChanges: state.history.epoch)
  }

  init(progress: PlayerProgress, pack: PackStamp, appliedCount: Int, packChanges: Int) {
    self.progress = progress
    self.pack = pack
    self.appliedCount = appliedCount
    self.packChanges = packChanges
  }
}

extension SQLiteStore {
  /// A player's stored progress, read as ``loadProgress(player:)`` reads it (the snapshot's
  /// header and progress alone when the snapshot covers the whole log), with the events it
  /// covers and its pack changes. Nil for no such player.
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its rows are damaged.
  public func loadStoredProgress(player: PlayerID) throws(LedgerError) -> StoredProgress? {
    mutex.lock()
    defer { mutex.unlock() }
    if let state = cache.states[player] { return StoredProgress(state) }
    do {
      return try readProgress(player)
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }
}
