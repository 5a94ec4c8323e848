import Engine
import Ledger

extension SQLiteStore {
  /// A migrated player's snapshot as ``migrate(_:to:engine:policy:snapshot:)`` writes it: pure,
  /// so a migration encodes it on the thread that replayed the player, not on the writing one.
  package static func migrationSnapshot(_ state: PlayerState, engine: Engine) -> [UInt8] {
    PlayerSnapshot.encode(state, pack: engine.pack)
  }

  /// Whether the store has a row for the player (its snapshot is neither read nor checked: a
  /// writer about to replace it needs only to know it is there).
  func hasPlayerRow(_ player: PlayerID) throws(SQLiteError) -> Bool {
    let row = try database.cached("SELECT 1 FROM players WHERE id = ?")
    try row.bind(1, player.bytes)
    defer { row.reset() }
    return try row.step()
  }
}
