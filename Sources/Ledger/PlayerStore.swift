import Engine

/// Where a ledger keeps players: load a player's state, save it atomically. A store may write
/// only what changed since it last loaded or saved the player (a journal of kept events, the new
/// event ids). ``FileStore`` keeps one player in a file; multi-player stores plug in here.
public protocol PlayerStore: AnyObject, Sendable {
  /// The saved state of a player, or nil when there is none.
  func load(player: String) throws(LedgerError) -> PlayerState?
  /// Saves a player: after a crash at any moment the store holds the previous state or this one.
  func save(_ state: PlayerState, player: String) throws(LedgerError)
}
