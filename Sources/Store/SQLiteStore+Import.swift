import Engine
import Ledger
import RuleLanguage

extension SQLiteStore {
  /// Adds a player from a saved state (a single-player state file): its snapshot, its ids, and
  /// its kept events as the start of its history. Checked and written in one write transaction,
  /// so a concurrent `award` cannot create the player in between.
  /// - Throws: ``LedgerError/corrupt(_:)`` when the store already has the player (or a kept
  ///   line is invalid); ``LedgerError/busy(_:)`` past the wait.
  public func importPlayer(_ state: PlayerState, as player: PlayerID, engine: Engine) throws(LedgerError) {
    var state = state
    var kept: [KeptEvent] = []
    for event in state.history.kept {
      do {
        let decoded = try EventDecoder(pack: nil).decode(line: Array(event.line.utf8), file: "", lineNumber: 1)
        kept.append(KeptEvent(decoded, line: decoded.jsonLine, seq: event.seq))
      } catch {
        throw .corrupt(
          Diagnostic(message: "kept event '\(event.id)' is invalid: \(error.diagnostics.first?.message ?? "")"))
      }
    }
    state.history.kept = KeptEvents(kept)
    let imported = state
    let exists = try writing("cannot import player '\(player)'") { () throws(SQLiteError) -> Bool in
      if try playerRow(player) != nil { return true }
      let at = imported.appliedCount
      let pack = imported.pack.digest == engine.pack.digest ? engine.pack : nil
      if pack != nil { _ = try packID(for: engine) }
      try writePlayerRow(player, at: at, snapshot: PlayerSnapshot.encode(imported, pack: pack), isNew: true)
      try appendIDs(player, first: 0, imported.history.ids.ordered[...])
      let lines = kept.map(\.line).suffix(at)
      if !lines.isEmpty {
        let row = pack != nil ? try packID(for: engine) : try packID(imported.pack, files: nil)
        try appendLog(player, seq: at - lines.count, pack: row, windowDays: imported.windowDays, lines: Array(lines))
      }
      try database.execute("UPDATE fitquest_head SET generation = generation + 1")
      return false
    }
    if exists {
      throw .corrupt(
        Diagnostic(
          file: path,
          message:
            "the store already has a player '\(Award.escapingControls(player.text))'; import under another --player"))
    }
  }
}
