import Engine
import Foundation
import Ledger
import RuleLanguage

extension SQLiteStore {
  /// A player's saved state, or nil when the store has none.
  public func load(player: String) throws(LedgerError) -> PlayerState? {
    do {
      let row = try database.cached("SELECT state FROM players WHERE id = ?")
      try row.bind(1, player)
      guard try row.step() else { return nil }
      let body = row.blob(0)
      row.reset()
      let base: PlayerState
      do {
        base = try CompactDecoder.decode(PlayerState.self, from: body)
      } catch {
        throw LedgerError.corrupt(Diagnostic(file: path, message: "player '\(player)': \(Self.describe(error))"))
      }
      let kept = try database.cached("SELECT seq, line FROM kept WHERE player = ? ORDER BY seq")
      try kept.bind(1, player)
      var events: [KeptEvent] = []
      let decoder = EventDecoder(pack: nil)
      while try kept.step() {
        let line = kept.text(1)
        do {
          let event = try decoder.decode(line: Array(line.utf8), file: "\(path) (player '\(player)')", lineNumber: 1)
          events.append(KeptEvent(event, line: line, seq: Int(kept.int(0))))
        } catch {
          throw LedgerError.corrupt(error.diagnostics.first ?? Diagnostic(file: path, message: "a kept event of '\(player)' is invalid"))
        }
      }
      let chunks = try database.cached("SELECT data FROM ids WHERE player = ? ORDER BY first")
      try chunks.bind(1, player)
      var ids: [Fingerprint] = []
      while try chunks.step() {
        let data = chunks.blob(0)
        guard data.count % 16 == 0 else { throw LedgerError.corrupt(Diagnostic(file: path, message: "the event ids of '\(player)' are damaged")) }
        for offset in stride(from: 0, to: data.count, by: 16) { ids.append(Fingerprint(bytes: data, at: offset)) }
      }
      guard let state = base.restoringHistoryLog(kept: events, ids: ids) else {
        throw LedgerError.corrupt(Diagnostic(file: path, message: "the kept events of '\(player)' do not match its state"))
      }
      return state
    } catch let error as LedgerError {
      throw error
    } catch let error as SQLiteError {
      throw Self.corrupt(path, error)
    } catch {
      throw .corrupt(Diagnostic(file: path, message: "\(error)"))
    }
  }

  /// Saves a player: its state, the kept events new since the last save (and no longer those
  /// that left the window), the new event ids. Inside a transaction when one is open.
  public func save(_ state: PlayerState, player: String) throws(LedgerError) {
    try transaction { () throws(LedgerError) in
      do throws(SQLiteError) {
        try write(state, player)
      } catch {
        throw .io(Diagnostic(file: path, message: "cannot save player '\(player)': \(error.message)"))
      }
    }
  }

  private func write(_ state: PlayerState, _ player: String) throws(SQLiteError) {
    let history = state.history
    let marks = try database.cached("SELECT epoch, journaled, ids FROM players WHERE id = ?")
    try marks.bind(1, player)
    var epoch = -1
    var journaled = 0
    var savedIDs = 0
    if try marks.step() {
      epoch = Int(marks.int(0))
      journaled = Int(marks.int(1))
      savedIDs = Int(marks.int(2))
      marks.reset()
    }
    if epoch != history.epoch {
      let clear = try database.cached("DELETE FROM kept WHERE player = ?")
      try clear.bind(1, player)
      try clear.run()
      journaled = 0
    } else if let latest = history.latestDay {
      let folded = try database.cached("DELETE FROM kept WHERE player = ? AND day < ?")
      try folded.bind(1, player)
      try folded.bind(2, Int64(latest.adding(-(history.windowDays - 1)).number))
      try folded.run()
    }
    let withdrawn = try database.cached("DELETE FROM kept WHERE player = ? AND seq = ?")
    for item in history.retracted {
      try withdrawn.bind(1, player)
      try withdrawn.bind(2, Int64(item.seq))
      try withdrawn.run()
    }
    let insert = try database.cached("INSERT OR REPLACE INTO kept (player, seq, day, line) VALUES (?, ?, ?, ?)")
    for event in history.kept where event.seq >= journaled {
      try insert.bind(1, player)
      try insert.bind(2, Int64(event.seq))
      try insert.bind(3, Int64(event.day.number))
      try insert.bind(4, event.line)
      try insert.run()
    }
    let ordered = history.ids.ordered
    if ordered.count > savedIDs {
      let chunk = try database.cached("INSERT OR REPLACE INTO ids (player, first, data) VALUES (?, ?, ?)")
      try chunk.bind(1, player)
      try chunk.bind(2, Int64(savedIDs))
      try chunk.bind(3, ordered[savedIDs...].flatMap(\.bytes))
      try chunk.run()
    }
    let body: [UInt8]
    do {
      body = try CompactEncoder.encode(state.withoutHistoryLog)
    } catch {
      throw SQLiteError(code: 1, message: "cannot encode the state: \(error)")
    }
    let row = try database.cached(
      "INSERT OR REPLACE INTO players (id, state, pack_digest, epoch, journaled, ids) VALUES (?, ?, ?, ?, ?, ?)")
    try row.bind(1, player)
    try row.bind(2, body)
    try row.bind(3, state.pack.digest)
    try row.bind(4, Int64(history.epoch))
    try row.bind(5, Int64(history.nextSeq))
    try row.bind(6, Int64(ordered.count))
    try row.run()
  }

  /// Records an applied event's line in the player's history (`number`: its count of applied
  /// events once applied).
  public func appendHistory(player: String, number: Int, day: Day, line: String) throws(LedgerError) {
    do {
      let insert = try database.cached("INSERT OR REPLACE INTO history (player, number, day, line) VALUES (?, ?, ?, ?)")
      try insert.bind(1, player)
      try insert.bind(2, Int64(number))
      try insert.bind(3, Int64(day.number))
      try insert.bind(4, line)
      try insert.run()
    } catch {
      throw .io(Diagnostic(file: path, message: "cannot record the history of '\(player)': \(error.message)"))
    }
  }

  /// Every player id, sorted by its bytes.
  public func players() throws(LedgerError) -> [String] {
    do {
      let rows = try database.prepare("SELECT id FROM players")
      var ids: [String] = []
      while try rows.step() { ids.append(rows.text(0)) }
      return ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    } catch {
      throw Self.corrupt(path, error)
    }
  }

  /// A player's history: every applied event line, in order.
  public func history(player: String) throws(LedgerError) -> [String] {
    do {
      let rows = try database.cached("SELECT line FROM history WHERE player = ? ORDER BY number")
      try rows.bind(1, player)
      var lines: [String] = []
      while try rows.step() { lines.append(rows.text(0)) }
      return lines
    } catch {
      throw Self.corrupt(path, error)
    }
  }

  static func describe(_ error: any Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "'\(path)': \(context.debugDescription)"
    }
    return "\(error)"
  }
}
