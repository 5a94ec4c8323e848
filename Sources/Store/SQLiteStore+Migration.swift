import Engine
import Foundation
import Ledger
import RuleLanguage

// Forward migrations of older stores, run inside the transaction that opens them.
//
// Schema 1 kept each player's state as JSON; schema 2 in the compact form, with the kept events,
// the event ids and the history in tables of their own (`kept`, `ids`, `history`), keyed by the
// player id as text. Schema 3 logs events and snapshots players (SQLiteStore).
extension SQLiteStore {
  /// Schema 1 → 2: states from JSON to the compact form.
  func migrateStatesToCompact() throws(SQLiteError) {
    let rows = try database.prepare("SELECT id, state FROM players")
    var converted: [(String, [UInt8])] = []
    while try rows.step() {
      let id = rows.text(0)
      do {
        let state = try PlayerState(data: Data(rows.blob(1)))
        converted.append((id, try CompactEncoder.encode(state)))
      } catch {
        throw .damaged("player '\(id)' cannot be migrated from schema 1: \(PlayerSnapshot.describe(error))")
      }
    }
    let update = try database.prepare("UPDATE players SET state = ? WHERE id = ?")
    for (id, body) in converted {
      try update.bind(1, body)
      try update.bind(2, id)
      try update.run()
    }
  }

  /// Schema 2 → 3: each player becomes a snapshot of its state (its kept events in their
  /// canonical lines), its ids, and its history as its log before the snapshot. A player whose
  /// rows are damaged is marked so (loading it is an error naming it; the others are usable), and
  /// the schema-2 tables are then kept, renamed `legacy_*`, for recovery.
  func migrateToEventLog() throws(SQLiteError) {
    try database.execute(
      """
      ALTER TABLE players RENAME TO legacy_players; ALTER TABLE kept RENAME TO legacy_kept;
      ALTER TABLE ids RENAME TO legacy_ids; ALTER TABLE history RENAME TO legacy_history;
      """)
    try database.execute(
      Self.tables.replacingOccurrences(of: "CREATE TABLE fitquest_schema (version INTEGER NOT NULL);", with: ""))
    let rows = try database.prepare("SELECT id, state, ids FROM legacy_players ORDER BY CAST(id AS BLOB)")
    var players: [([UInt8], [UInt8], Int64)] = []
    while try rows.step() { players.append((rows.blob(0), rows.blob(1), rows.int(2))) }
    var damaged = 0
    for (bytes, body, idCount) in players {
      guard let player = PlayerID(bytes: bytes) else {
        damaged += 1
        continue
      }
      do {
        try migrate(player, body: body, idCount: idCount)
      } catch {
        damaged += 1
        for table in ["players WHERE id", "ids WHERE player", "log WHERE player"] {
          let clear = try database.prepare("DELETE FROM \(table) = ?")
          try clear.bind(1, player.bytes)
          try clear.run()
        }
        try writePlayerRow(player, at: -1, snapshot: nil, isNew: true)
        let mark = try database.cached("INSERT INTO damaged (player, reason) VALUES (?, ?)")
        try mark.bind(1, player.bytes)
        try mark.bind(
          2, "its schema-2 rows could not be migrated (\(error.message)); they are kept in the legacy_* tables")
        try mark.run()
      }
    }
    if damaged == 0 {
      try database.execute(
        "DROP TABLE legacy_players; DROP TABLE legacy_kept; DROP TABLE legacy_ids; DROP TABLE legacy_history;")
    }
  }

  private func migrate(_ player: PlayerID, body: [UInt8], idCount: Int64) throws(SQLiteError) {
    var state: PlayerState
    do {
      state = try CompactDecoder.decode(PlayerState.self, from: body)
    } catch {
      throw .damaged("its state is invalid: \(PlayerSnapshot.describe(error))")
    }
    var kept: [KeptEvent] = []
    let keptRows = try database.cached("SELECT seq, line FROM legacy_kept WHERE player = ? ORDER BY seq")
    try keptRows.bind(1, player.text)
    while try keptRows.step() {
      let event = try Self.canonical(keptRows.blob(1))
      kept.append(KeptEvent(event, line: event.jsonLine, seq: Int(keptRows.int(0))))
    }
    var ids: [Fingerprint] = []
    let idRows = try database.cached("SELECT data FROM legacy_ids WHERE player = ? ORDER BY first")
    try idRows.bind(1, player.text)
    while try idRows.step() {
      let data = idRows.blob(0)
      guard data.count % 16 == 0 else { throw .damaged("its event ids are not 16-byte fingerprints") }
      ids.append(contentsOf: Fingerprint.list(from: data))
    }
    guard idCount == Int64(ids.count) else {
      throw .damaged("its row counts \(idCount) event ids where the table holds \(ids.count)")
    }
    guard let restored = state.restoringHistoryLog(kept: kept, ids: ids), ids.count <= restored.appliedCount else {
      throw .damaged("its kept events do not match its state")
    }
    state = restored
    var history: [String] = []
    let historyRows = try database.cached("SELECT line FROM legacy_history WHERE player = ? ORDER BY number")
    try historyRows.bind(1, player.text)
    while try historyRows.step() { history.append(try Self.canonical(historyRows.blob(0)).jsonLine) }
    let at = state.appliedCount
    history = Array(history.suffix(at))
    try writePlayerRow(player, at: at, snapshot: PlayerSnapshot.encode(state, pack: nil), isNew: true)
    try appendIDs(player, first: 0, ids[...])
    if !history.isEmpty {
      let pack = try packID(state.pack, files: nil)
      try appendLog(player, seq: at - history.count, pack: pack, windowDays: state.windowDays, lines: history)
    }
  }

  /// An event line of schema 2 (as received) read into its event, for its canonical line.
  private static func canonical(_ line: [UInt8]) throws(SQLiteError) -> Event {
    do {
      return try EventDecoder(pack: nil).decode(line: line, file: "", lineNumber: 1)
    } catch {
      throw .damaged("a stored event is invalid: \(error.diagnostics.first?.message ?? "")")
    }
  }
}
