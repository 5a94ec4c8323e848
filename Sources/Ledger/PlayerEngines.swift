import Engine

/// Chooses the engine that applies each player's events, when players of one store follow
/// different rule packs (a store running cohorts: each player's own pack, engines compiled once
/// per pack). A ``LedgerRun`` without one applies every event with its ``LedgerRun/engine``.
public protocol PlayerEngines: AnyObject {
  /// The engine of a player's events; the same engine (not a copy) every time it is asked for
  /// the same player during a run.
  /// - Throws: ``LedgerError`` when the player's pack cannot be read or compiled.
  func engine(for player: PlayerID) throws(LedgerError) -> Engine
}
