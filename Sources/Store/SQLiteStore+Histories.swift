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

/// Streams players' logged histories in id byte order, one player at a time (memory is one
/// player's log, whatever the number of players). Used from one thread.
public final class HistoryCursor {
  private let store: SQLiteStore
  /// Every player: one statement over the log, in (player, seq) order; nil for a list.
  private let statement: SQLiteStatement?
  /// A list of players (sorted by bytes), and the next one.
  private let list: [PlayerID]
  private var listIndex = 0
  /// Whether the statement stands on a row not yet consumed (the next player's first).
  private var isPending = false
  private var isDone = false

  init(store: SQLiteStore, players: [PlayerID]?) throws(SQLiteError) {
    self.store = store
    if let players {
      list = Array(Set(players)).sorted()
      statement = nil
    } else {
      list = []
      statement = try store.database.prepare(
        "SELECT player, seq, pack, window_days, count, lines, checksum FROM log ORDER BY player, seq")
    }
  }

  /// The next player's history, or nil after the last.
  /// - Throws: ``LedgerError`` when the store cannot be read (a damaged player is not an error:
  ///   its history says why in ``LoggedHistory/damage``).
  public func next() throws(LedgerError) -> LoggedHistory? {
    store.mutex.lock()
    defer { store.mutex.unlock() }
    do throws(SQLiteError) {
      if let statement { return try nextOfAll(statement) }
      return try nextOfList()
    } catch {
      throw store.failure(error, "cannot read the players' histories")
    }
  }

  private func nextOfList() throws(SQLiteError) -> LoggedHistory? {
    guard listIndex < list.count else { return nil }
    let player = list[listIndex]
    listIndex += 1
    do {
      return Self.history(player, try store.logChunks(player, from: nil))
    } catch  where error.isAboutContents {
      return LoggedHistory(player: player, first: 0, chunks: [], damage: error.message)
    }
  }

  private func nextOfAll(_ statement: SQLiteStatement) throws(SQLiteError) -> LoggedHistory? {
    guard !isDone else { return nil }
    if !isPending {
      guard try statement.step() else {
        isDone = true
        return nil
      }
    }
    isPending = false
    let bytes = statement.blob(0)
    guard let player = PlayerID(bytes: bytes) else {
      throw .damaged("a logged player id is not 1 to 200 bytes of UTF-8 without NUL")
    }
    var chunks: [LogChunk] = []
    var damage: String?
    repeat {
      if damage == nil {
        do {
          let chunk = try store.logChunk(statement, player, column: 1)
          if let last = chunks.last, chunk.seq != last.seq + last.lines.count {
            damage = "its log jumps from event \(last.seq + last.lines.count) to \(chunk.seq)"
          }
          chunks.append(chunk)
        } catch  where error.isAboutContents {
          damage = error.message
        }
      }
      guard try statement.step() else {
        isDone = true
        break
      }
      isPending = !statement.blob(0).elementsEqual(bytes)
    } while !isPending
    if let damage { return LoggedHistory(player: player, first: 0, chunks: [], damage: damage) }
    return Self.history(player, chunks)
  }

  private static func history(_ player: PlayerID, _ chunks: [LogChunk]) -> LoggedHistory {
    LoggedHistory(
      player: player, first: chunks.first?.seq ?? 0,
      chunks: chunks.map { LoggedHistory.Chunk(pack: $0.pack, windowDays: $0.windowDays, lines: $0.lines) }, damage: nil
    )
  }
}

extension SQLiteStore {
  /// A cursor over the logged histories of every player (nil), or of `players` (those the
  /// store does not have come back with no chunks), in id byte order.
  public func histories(of players: [PlayerID]? = nil) throws(LedgerError) -> HistoryCursor {
    mutex.lock()
    defer { mutex.unlock() }
    do {
      return try HistoryCursor(store: self, players: players)
    } catch {
      throw failure(error, "cannot read the players' histories")
    }
  }

  /// The engine of the rule pack in row `id` of the store (compiled once from its stored files).
  /// - Throws: ``LedgerError/corrupt(_:)`` when the store has no such pack, or not its files.
  public func engine(forPackRow id: Int64) throws(LedgerError) -> Engine {
    mutex.lock()
    defer { mutex.unlock() }
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
    do {
      return try storedPack(digest: digest)
    } catch {
      throw failure(error, "cannot read rule pack \(digest)")
    }
  }
}
