import Engine
import Ledger

/// A player's logged history as the store holds it: the canonical lines of every event applied
/// to it, one chunk per batch, each with the rule pack (its row in the store) and window it was
/// applied with. What `fitquest replay` and `migrate` replay under another pack.
public struct LoggedHistory: Sendable {
  /// The events one batch applied to the player.
  public struct Chunk: Sendable {
    /// The row of the rule pack they were applied with (``SQLiteStore/engine(forPackRow:)``).
    public let pack: Int64
    /// The window of days the batch kept for late events.
    public let windowDays: Int
    /// The events' canonical JSON lines, in the order applied.
    public let lines: [ArraySlice<UInt8>]
  }

  /// The player.
  public let player: PlayerID
  /// Events applied before the first logged one: 0 when the log holds the player's whole
  /// history, more for a player imported (or migrated from schema 2) with part of it.
  public let first: Int
  /// The chunks, in the order applied (empty when ``damage`` says why).
  public let chunks: [Chunk]
  /// Why the player's log cannot be read (a checksum, a range, a gap), or nil.
  public let damage: String?

  /// The events logged.
  public var eventCount: Int { chunks.reduce(0) { $0 + $1.lines.count } }
}

/// Streams player ids in byte order: every player the log holds events of, or a given list
/// (sorted by bytes, each once; ids the store does not have included). One id at a time (memory
/// does not grow with the players); each player's history is read apart
/// (``SQLiteStore/loggedHistory(of:)``), by whichever thread replays it. Used from one thread.
public final class LoggedPlayers {
  private let store: SQLiteStore
  /// Every player: one statement over the log's (player, seq) index; nil for a list.
  private let statement: SQLiteStatement?
  private let list: [PlayerID]
  private var listIndex = 0
  private var isDone = false

  init(store: SQLiteStore, players: [PlayerID]?) throws(SQLiteError) {
    self.store = store
    if let players {
      list = Array(Set(players)).sorted()
      statement = nil
    } else {
      list = []
      statement = try store.database.prepare("SELECT DISTINCT player FROM log ORDER BY player")
    }
  }

  /// The next player, or nil after the last.
  /// - Throws: ``LedgerError`` when the store cannot be read, or a logged id is not one.
  public func next() throws(LedgerError) -> PlayerID? {
    guard let statement else {
      guard listIndex < list.count else { return nil }
      listIndex += 1
      return list[listIndex - 1]
    }
    guard !isDone else { return nil }
    store.mutex.lock()
    defer { store.mutex.unlock() }
    try store.settle()
    do throws(SQLiteError) {
      guard try statement.step() else {
        isDone = true
        return nil
      }
      guard let player = PlayerID(bytes: statement.blob(0)) else {
        throw .damaged("a logged player id is not 1 to 200 bytes of UTF-8 without NUL")
      }
      return player
    } catch {
      throw store.failure(error, "cannot read the players' histories")
    }
  }
}

extension SQLiteStore {
  /// The ids of every player with logged events (nil), or of `players`, in byte order.
  public func loggedPlayers(_ players: [PlayerID]? = nil) throws(LedgerError) -> LoggedPlayers {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      return try LoggedPlayers(store: self, players: players)
    } catch {
      throw failure(error, "cannot read the players' histories")
    }
  }

  /// A player's logged history (no chunks for a player the store does not have; a damaged log
  /// says why in ``LoggedHistory/damage`` rather than throwing).
  /// - Throws: ``LedgerError`` when the store cannot be read.
  public func loggedHistory(of player: PlayerID) throws(LedgerError) -> LoggedHistory {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do throws(SQLiteError) {
      let chunks = try logChunks(player, from: nil)
      return LoggedHistory(
        player: player, first: chunks.first?.seq ?? 0,
        chunks: chunks.map { LoggedHistory.Chunk(pack: $0.pack, windowDays: $0.windowDays, lines: $0.lines) },
        damage: nil)
    } catch  where error.isAboutContents {
      return LoggedHistory(player: player, first: 0, chunks: [], damage: error.message)
    } catch {
      throw failure(error, "cannot read player '\(player)'")
    }
  }

  /// The engine of the rule pack in row `id` of the store (compiled once from its stored files).
  /// - Throws: ``LedgerError/corrupt(_:)`` when the store has no such pack, or not its files.
  public func engine(forPackRow id: Int64) throws(LedgerError) -> Engine {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      return try engine(forPack: id, current: nil)
    } catch {
      throw failure(error, "cannot read rule pack \(id)")
    }
  }

  /// The rule pack of a digest when the store has its files (compiled once), else nil.
  public func pack(digest: String) throws(LedgerError) -> RulePack? {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      return try storedPack(digest: digest)
    } catch {
      throw failure(error, "cannot read rule pack \(digest)")
    }
  }
}
