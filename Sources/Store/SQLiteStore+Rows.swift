import Engine
import Ledger

/// A player's row: how many events its snapshot covers, and the snapshot (nil before the first).
struct PlayerRow {
  var at: Int
  var snapshot: [UInt8]?
}

/// A `log` row: the events one batch applied to a player, from event number `seq` on.
struct LogChunk {
  var seq: Int
  var pack: Int64
  var windowDays: Int
  var lines: [ArraySlice<UInt8>]
}

// Every row is read through these functions, which check its checksum and ranges, and written
// through them, which compute its checksum: a damaged row is an error naming its player.
extension SQLiteStore {
  /// The checksum of a row of a player: its id, its numbers, its bytes (nil: none).
  package static func checksum(_ player: PlayerID, _ numbers: [Int64], _ bytes: [UInt8]?) -> Int64 {
    var checksum = RowChecksum()
    checksum.add(player.bytes)
    for number in numbers { checksum.add(number) }
    if let bytes { checksum.add(bytes) } else { checksum.add(-1) }
    return checksum.stored
  }

  /// A player's row, or nil when the store has no such player.
  func playerRow(_ player: PlayerID) throws(SQLiteError) -> PlayerRow? {
    let row = try database.cached("SELECT at, snapshot, checksum FROM players WHERE id = ?")
    try row.bind(1, player.bytes)
    guard try row.step() else { return nil }
    defer { row.reset() }
    guard row.isInteger(0), row.isInteger(2) else { throw .damaged("its row holds values of the wrong type") }
    let at = row.int(0)
    let snapshot = row.isNull(1) ? nil : row.blob(1)
    guard Self.checksum(player, [at], snapshot) == row.int(2) else {
      throw .damaged("its row does not match its checksum")
    }
    if at == -1 { throw .damaged(try damageReason(player)) }
    guard at >= 0, at <= Int64(Int32.max), snapshot != nil || at == 0 else {
      throw .damaged("its event count \(at) is out of range")
    }
    return PlayerRow(at: Int(at), snapshot: snapshot)
  }

  /// Why a player could not be migrated (the `damaged` table).
  private func damageReason(_ player: PlayerID) throws(SQLiteError) -> String {
    let row = try database.cached("SELECT reason FROM damaged WHERE player = ?")
    try row.bind(1, player.bytes)
    defer { row.reset() }
    return try row.step() ? row.text(0) : "it is marked as damaged"
  }

  /// Writes a player's row (inserting it when `isNew`).
  func writePlayerRow(_ player: PlayerID, at: Int, snapshot: [UInt8]?, isNew: Bool) throws(SQLiteError) {
    let row = try database.cached(
      isNew
        ? "INSERT INTO players (at, snapshot, checksum, id) VALUES (?, ?, ?, ?)"
        : "UPDATE players SET at = ?, snapshot = ?, checksum = ? WHERE id = ?")
    try row.bind(1, Int64(at))
    if let snapshot { try row.bind(2, snapshot) } else { try row.bindNull(2) }
    try row.bind(3, Self.checksum(player, [Int64(at)], snapshot))
    try row.bind(4, player.bytes)
    try row.run()
  }

  /// A player's `log` rows from event number `from` on, in order, checked: each starts where the
  /// previous ended, the first exactly at `from` (unless `from` is nil: every row).
  func logChunks(_ player: PlayerID, from: Int?) throws(SQLiteError) -> [LogChunk] {
    let rows = try database.cached(
      "SELECT seq, pack, window_days, count, lines, checksum FROM log WHERE player = ? AND seq >= ? ORDER BY seq")
    try rows.bind(1, player.bytes)
    try rows.bind(2, from.map(Int64.init) ?? Int64.min)
    var chunks: [LogChunk] = []
    var next = from
    while try rows.step() {
      let chunk = try logChunk(rows, player, column: 0)
      if let expected = next, chunk.seq != expected {
        throw .damaged("its log jumps from event \(expected) to \(chunk.seq)")
      }
      next = chunk.seq + chunk.lines.count
      chunks.append(chunk)
    }
    return chunks
  }

  /// The `log` row at the statement's row (its columns `seq, pack, window_days, count, lines,
  /// checksum` from `column` on), checked.
  func logChunk(_ rows: SQLiteStatement, _ player: PlayerID, column: Int32) throws(SQLiteError) -> LogChunk {
    guard (0...5).allSatisfy({ $0 == 4 || rows.isInteger(column + Int32($0)) }) else {
      throw .damaged("a log row holds values of the wrong type")
    }
    let seq = rows.int(column)
    let pack = rows.int(column + 1)
    let window = rows.int(column + 2)
    let count = rows.int(column + 3)
    let bytes = rows.blob(column + 4)
    guard Self.checksum(player, [seq, pack, window, count], bytes) == rows.int(column + 5) else {
      throw .damaged("its log row at event \(seq) does not match its checksum")
    }
    guard let lines = ByteList.decode(bytes), lines.count == count, count >= 1, (1...3650).contains(window),
      seq >= 0, seq <= Int64(Int32.max) - count
    else { throw .damaged("its log row at event \(seq) is out of range") }
    return LogChunk(seq: Int(seq), pack: pack, windowDays: Int(window), lines: lines)
  }

  /// Appends a `log` row.
  /// `summary`: the player's figures after these events (``LogSummary``), when known.
  func appendLog(
    _ player: PlayerID, seq: Int, pack: Int64, windowDays: Int, lines: some Collection<String>,
    summary: PlayerSummary? = nil
  ) throws(SQLiteError) {
    let bytes = ByteList.encode(lines: lines)
    let row = try database.cached(
      "INSERT INTO log (player, seq, pack, window_days, count, lines, checksum, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    )
    try row.bind(1, player.bytes)
    try row.bind(2, Int64(seq))
    try row.bind(3, pack)
    try row.bind(4, Int64(windowDays))
    try row.bind(5, Int64(lines.count))
    try row.bind(6, bytes)
    try row.bind(7, Self.checksum(player, [Int64(seq), pack, Int64(windowDays), Int64(lines.count)], bytes))
    if let summary {
      try row.bind(8, LogSummary.encode(summary, player: player, seq: seq))
    } else {
      try row.bindNull(8)
    }
    try row.run()
  }

  /// How many events the store holds for a player: where its last `log` row ends, or what its
  /// snapshot covers (0 for no such player).
  func storedHead(_ player: PlayerID) throws(SQLiteError) -> Int {
    guard let row = try playerRow(player) else { return 0 }
    return Swift.max(row.at, try loggedCount(player))
  }

  /// The first event number of a player's log (nil for none): never negative in a sound store.
  func firstLogged(_ player: PlayerID) throws(SQLiteError) -> Int64? {
    let row = try database.cached("SELECT seq FROM log WHERE player = ? ORDER BY seq LIMIT 1")
    try row.bind(1, player.bytes)
    defer { row.reset() }
    return try row.step() ? row.int(0) : nil
  }

  /// How many events a player has logged: where its last `log` row ends (0 for none).
  func loggedCount(_ player: PlayerID) throws(SQLiteError) -> Int {
    let row = try database.cached("SELECT seq + count FROM log WHERE player = ? ORDER BY seq DESC LIMIT 1")
    try row.bind(1, player.bytes)
    defer { row.reset() }
    return try row.step() ? Int(row.int(0)) : 0
  }

  /// A player's event ids up to its snapshot, in order, checked: rows start where the previous
  /// ended.
  func savedIDs(_ player: PlayerID) throws(SQLiteError) -> [Fingerprint] {
    var ids: [Fingerprint] = []
    _ = try checkIDRows(player) { data in
      ids.append(contentsOf: Fingerprint.list(from: data))
    }
    return ids
  }

  /// How many event ids a player's `ids` rows hold, checked as ``savedIDs(_:)`` checks them
  /// (checksums, rows starting where the previous ended), without reading the ids.
  func checkedIDCount(_ player: PlayerID) throws(SQLiteError) -> Int {
    try checkIDRows(player) { _ in }
  }

  /// Checks a player's `ids` rows in order, handing each row's ids to `each`; returns their count.
  private func checkIDRows(_ player: PlayerID, _ each: ([UInt8]) -> Void) throws(SQLiteError) -> Int {
    let rows = try database.cached("SELECT first, data, checksum FROM ids WHERE player = ? ORDER BY first")
    try rows.bind(1, player.bytes)
    var count = 0
    while try rows.step() {
      let first = rows.int(0)
      let data = rows.blob(1)
      guard rows.isInteger(0), Self.checksum(player, [first], data) == rows.int(2) else {
        throw .damaged("its event ids from \(first) on do not match their checksum")
      }
      guard first == Int64(count), !data.isEmpty, data.count % 16 == 0 else {
        throw .damaged("its event ids jump from \(count) to \(first)")
      }
      each(data)
      count += data.count / 16
    }
    return count
  }

  /// How many of a player's event ids the `ids` table holds.
  func savedIDCount(_ player: PlayerID) throws(SQLiteError) -> Int {
    let row = try database.cached(
      "SELECT first + length(data) / 16 FROM ids WHERE player = ? ORDER BY first DESC LIMIT 1")
    try row.bind(1, player.bytes)
    defer { row.reset() }
    return try row.step() ? Int(row.int(0)) : 0
  }

  /// Appends event ids from position `first` on.
  func appendIDs(_ player: PlayerID, first: Int, _ ids: ArraySlice<Fingerprint>) throws(SQLiteError) {
    guard !ids.isEmpty else { return }
    let data = Fingerprint.bytes(of: ids)
    let row = try database.cached("INSERT INTO ids (player, first, data, checksum) VALUES (?, ?, ?, ?)")
    try row.bind(1, player.bytes)
    try row.bind(2, Int64(first))
    try row.bind(3, data)
    try row.bind(4, Self.checksum(player, [Int64(first)], data))
    try row.run()
  }
}
