import Engine
import Ledger
import RuleLanguage

/// What `players check` found wrong in a store: a player (or a row of no player) and why.
public struct StoreProblem: Sendable, Hashable {
  /// The player, when the problem is one player's.
  public var player: PlayerID?
  /// What is wrong.
  public var message: String
}

extension SQLiteStore {
  /// Reads every player of the store as a run would — every row's checksum and ranges, the
  /// snapshot, the ids, the logged events replayed (and the summary of the last log row compared
  /// with them), the history before the snapshot — and every
  /// stored rule pack, in one read
  /// transaction; returns how many players were read and the problems found (damaged players,
  /// rows of no player). Nothing is written.
  public func check(engine: Engine? = nil) throws(LedgerError) -> (players: Int, problems: [StoreProblem]) {
    let players = try self.players()
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    var problems: [StoreProblem] = []
    do {
      try database.execute("BEGIN")
      defer { try? database.execute("COMMIT") }
      for player in players {
        do throws(SQLiteError) {
          let stored = try read(player, engine: engine)
          _ = try logChunks(player, from: nil)
          // The summary `players show` would read from its last row is what the replay gives.
          if let stored, stored.at < stored.head, let row = try playerRow(player),
            let summary = try tailSummary(player, row: row),
            summary != PlayerSummary(stored.state)
          {
            throw SQLiteError.damaged("the summary of its last log row differs from its replayed state")
          }
        } catch {
          problems.append(StoreProblem(player: player, message: error.message))
        }
      }
      for table in ["log", "ids"] {
        let orphans = try database.prepare(
          "SELECT DISTINCT player FROM \(table) WHERE player NOT IN (SELECT id FROM players)")
        while try orphans.step() {
          let bytes = orphans.blob(0)
          problems.append(
            StoreProblem(
              player: PlayerID(bytes: bytes), message: "rows of '\(table)' for a player the store does not have"))
        }
      }
      let packs = try database.prepare("SELECT id FROM packs ORDER BY id")
      var ids: [Int64] = []
      while try packs.step() { ids.append(packs.int(0)) }
      for id in ids {
        do {
          _ = try self.engine(forPack: id, current: engine)
        } catch  where error.message.contains("does not have") {
          continue  // a pack kept for history only (no files)
        } catch {
          problems.append(StoreProblem(player: nil, message: error.message))
        }
      }
    } catch {
      throw failure(error, "cannot check the store")
    }
    return (players.count, problems)
  }
}
