import Engine
import Ledger
import RuleLanguage

/// A player as read from the store: its state after every logged event, and where its snapshot
/// and log stand.
struct StoredPlayer {
  var state: PlayerState
  /// Events logged (the player's applied events; its state's applied count).
  var head: Int
  /// Events the snapshot covers.
  var at: Int
  /// The logged lines read (those the snapshot refers to, and those replayed after it).
  var logged = LoggedLines()
  /// How many event ids the `ids` table holds (nil: not read, the player has no snapshot).
  var savedIDs: Int?
}

extension SQLiteStore {
  /// Reads a player: its snapshot, its event ids, and the events logged after the snapshot
  /// replayed (each row with the pack and window it was applied with). Nil for no such player.
  /// - Throws: a message for a damaged player (a checksum, a range, events that do not replay).
  /// The statements run in one read transaction (see ``SQLiteDatabase/reading(_:)``).
  func read(_ player: PlayerID, engine: Engine?) throws(SQLiteError) -> StoredPlayer? {
    try database.reading { () throws(SQLiteError) -> StoredPlayer? in try readRows(player, engine: engine) }
  }

  private func readRows(_ player: PlayerID, engine: Engine?) throws(SQLiteError) -> StoredPlayer? {
    guard let row = try playerRow(player) else { return nil }
    var state: PlayerState?
    var logged = LoggedLines()
    // The log from the first row a snapshot refers to, when it refers to any.
    var referredChunks: [LogChunk]?
    var idCount: Int?
    if let snapshot = row.snapshot {
      var decoded = try PlayerSnapshot.decode(
        snapshot,
        pack: { (digest: String) throws(SQLiteError) in try storedPack(digest: digest, current: engine) },
        logged: { (positions: [Int]) throws(SQLiteError) -> [String] in
          let chunks = try logChunks(player, from: try logRowStart(player, containing: positions[0]))
          referredChunks = chunks
          let lines = Self.lines(at: positions, in: chunks)
          for chunk in chunks where chunk.seq < row.at { logged.noteRow(at: chunk.seq) }
          for (position, line) in zip(positions, lines) { logged.append(line, at: position) }
          return lines
        })
      guard decoded.appliedCount == row.at else {
        throw .damaged("its snapshot covers \(decoded.appliedCount) events where its row says \(row.at)")
      }
      let ids = try savedIDs(player)
      guard ids.count <= row.at else { throw .damaged("it has \(ids.count) event ids for \(row.at) events") }
      decoded.history.ids = AppliedIDs(ordered: ids)
      idCount = ids.count
      state = decoded
    }
    // A row renumbered below 0 would hide from the tail (its checksum is checked when read).
    if let first = try firstLogged(player), first < 0 { throw .damaged("its log has a row at event \(first)") }
    let tail = try referredChunks.map { chunks throws(SQLiteError) in
      let after = chunks.filter { $0.seq >= row.at }
      if let first = after.first, first.seq != row.at {
        throw .damaged("its log jumps from event \(row.at) to \(first.seq)")
      }
      return after
    }
    let chunks: [LogChunk]
    if let tail { chunks = tail } else { chunks = try logChunks(player, from: row.at) }
    for chunk in chunks {
      let chunkEngine = try self.engine(forPack: chunk.pack, current: engine)
      var current = state ?? chunkEngine.newPlayer(windowDays: chunk.windowDays)
      logged.append(try replay(chunk, player, chunkEngine, &current), from: chunk.seq)
      state = current
    }
    guard let state else { return nil }
    return StoredPlayer(state: state, head: state.appliedCount, at: row.at, logged: logged, savedIDs: idCount)
  }

  /// Where the log row holding a position starts (the position itself when no row does: the
  /// read then finds no line there).
  private func logRowStart(_ player: PlayerID, containing position: Int) throws(SQLiteError) -> Int {
    let row = try database.cached("SELECT seq FROM log WHERE player = ? AND seq <= ? ORDER BY seq DESC LIMIT 1")
    try row.bind(1, player.bytes)
    try row.bind(2, Int64(position))
    defer { row.reset() }
    return try row.step() ? Int(row.int(0)) : position
  }

  /// The lines at positions (ascending) in consecutive log rows; fewer when the rows lack one.
  private static func lines(at positions: [Int], in chunks: [LogChunk]) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(positions.count)
    var chunk = 0
    for position in positions {
      while chunk < chunks.count, chunks[chunk].seq + chunks[chunk].lines.count <= position { chunk += 1 }
      guard chunk < chunks.count, chunks[chunk].seq <= position else { break }
      lines.append(String(decoding: chunks[chunk].lines[position - chunks[chunk].seq], as: UTF8.self))
    }
    return lines
  }

  /// Applies a logged row's events to a state, as they were applied: under the row's pack and
  /// window. Every event must apply (the log holds only applied events). Returns the row's lines.
  private func replay(_ chunk: LogChunk, _ player: PlayerID, _ engine: Engine, _ state: inout PlayerState)
    throws(SQLiteError) -> [String]
  {
    guard state.appliedCount == chunk.seq else {
      throw .damaged("its log row at event \(chunk.seq) follows \(state.appliedCount) applied events")
    }
    do {
      try engine.bind(&state)
    } catch {
      throw .damaged("its log row at event \(chunk.seq) cannot use its rule pack: \(error.message)")
    }
    state.history.windowDays = chunk.windowDays
    let decoder = EventDecoder(pack: engine.pack)
    var batch: [(event: ResolvedEvent, line: String)] = []
    batch.reserveCapacity(chunk.lines.count)
    for (offset, line) in chunk.lines.enumerated() {
      do {
        let event = try decoder.resolve(
          line: Array(line), file: "\(path) (player '\(player)')", lineNumber: chunk.seq + offset + 1)
        batch.append((event, String(decoding: line, as: UTF8.self)))
      } catch {
        throw .damaged("its logged event \(chunk.seq + offset) is invalid: \(error.diagnostics.first?.message ?? "")")
      }
    }
    let result = engine.record(batch: batch, to: &state, quiet: true)
    if let failure = result.failure {
      throw .damaged(
        "its logged event '\(batch[failure.index].event.id)' does not apply again: \(failure.error.message)")
    }
    if let index = result.outcomes.firstIndex(where: { !$0.changedPlayer }) {
      throw .damaged("its logged event '\(batch[index].event.id)' is not applied again (\(result.outcomes[index]))")
    }
    return batch.map(\.line)
  }

  /// A player's saved state after every event logged for it, or nil when the store has none.
  /// Events logged after its snapshot replay under the rule pack each was applied with: `engine`
  /// when its pack is that one, else the pack's files stored with them (nil: always those).
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its rows are damaged.
  public func load(player: PlayerID, engine: Engine? = nil) throws(LedgerError) -> PlayerState? {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    if let state = cache.states[player] { return state }
    do {
      return try read(player, engine: engine)?.state
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// A player's progress and pack after every logged event, as ``load(player:engine:)`` gives
  /// them, for a reader that needs nothing else (a migration compares the old progress with the
  /// replayed one). When its snapshot covers its whole log — the usual case — only the snapshot's
  /// header and progress are decoded (the row's and the progress's checksums verified), and its
  /// event ids are checked by their checksums without being read; otherwise the whole player is
  /// read. Nil for no such player.
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its rows are damaged.
  public func loadProgress(player: PlayerID) throws(LedgerError) -> (progress: PlayerProgress, pack: PackStamp)? {
    try loadProgress(player: player, mechanics: nil)
  }

  /// ``readProgress(_:mechanics:withPack:)`` under the store's lock, from the cache when the
  /// player is in it.
  func leanProgress(_ player: PlayerID, mechanics: [any Mechanic.Type]?, withPack: Bool = true)
    throws(LedgerError) -> (progress: PlayerProgress, pack: PackStamp, appliedCount: Int, appliedIDCount: Int)?
  {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    if let state = cache.states[player] {
      return (state.progress, state.pack, state.appliedCount, state.appliedIDCount)
    }
    do {
      return try readProgress(player, mechanics: mechanics, withPack: withPack)
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// `mechanics`: only their sections of the snapshot's progress are decoded (nil: all);
  /// `withPack` false: decoded without the pack's names (see
  /// ``PlayerSnapshot/decodeProgress(_:mechanics:withPack:pack:)``). With the events and event ids the
  /// progress covers.
  func readProgress(_ player: PlayerID, mechanics: [any Mechanic.Type]?, withPack: Bool = true)
    throws(SQLiteError) -> (progress: PlayerProgress, pack: PackStamp, appliedCount: Int, appliedIDCount: Int)?
  {
    try database.reading { () throws(SQLiteError) in
      try readProgressRows(player, mechanics: mechanics, withPack: withPack)
    }
  }

  private func readProgressRows(_ player: PlayerID, mechanics: [any Mechanic.Type]?, withPack: Bool)
    throws(SQLiteError) -> (progress: PlayerProgress, pack: PackStamp, appliedCount: Int, appliedIDCount: Int)?
  {
    guard let row = try playerRow(player) else { return nil }
    return try progressRows(player, row: row, mechanics: mechanics, withPack: withPack)
  }

  /// ``readProgressRows(_:mechanics:withPack:)`` of a player whose row is read already.
  func progressRows(_ player: PlayerID, row: PlayerRow, mechanics: [any Mechanic.Type]?, withPack: Bool)
    throws(SQLiteError) -> (progress: PlayerProgress, pack: PackStamp, appliedCount: Int, appliedIDCount: Int)?
  {
    if let first = try firstLogged(player), first < 0 { throw .damaged("its log has a row at event \(first)") }
    guard let snapshot = row.snapshot, try loggedCount(player) <= row.at else {
      return try read(player, engine: nil).map {
        ($0.state.progress, $0.state.pack, $0.state.appliedCount, $0.state.appliedIDCount)
      }
    }
    let decoded = try PlayerSnapshot.decodeProgress(snapshot, mechanics: mechanics, withPack: withPack) {
      (digest: String) throws(SQLiteError) in try storedPack(digest: digest)
    }
    guard decoded.appliedCount == row.at else {
      throw .damaged("its snapshot covers \(decoded.appliedCount) events where its row says \(row.at)")
    }
    let ids = try checkedIDCount(player)
    guard ids <= row.at else { throw .damaged("it has \(ids) event ids for \(row.at) events") }
    return (decoded.progress, decoded.pack, row.at, ids)
  }

  /// Every player id, in byte order.
  public func players() throws(LedgerError) -> [PlayerID] {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do throws(SQLiteError) {
      let rows = try database.prepare("SELECT id FROM players ORDER BY id")
      var ids: [PlayerID] = []
      while try rows.step() {
        guard let id = PlayerID(bytes: rows.blob(0)) else {
          throw .damaged("a player id is not 1 to 200 bytes of UTF-8 without NUL")
        }
        ids.append(id)
      }
      return ids
    } catch {
      throw failure(error, "cannot list the players")
    }
  }

  /// A player's history: every applied event's canonical line, in the order applied (for an
  /// imported player, the events its state file still kept).
  public func history(of player: PlayerID) throws(LedgerError) -> [String] {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      return try logChunks(player, from: nil).flatMap { chunk in chunk.lines.map { String(decoding: $0, as: UTF8.self) }
      }
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }
}
