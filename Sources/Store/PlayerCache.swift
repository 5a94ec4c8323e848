import Engine
import Ledger

/// Players kept in memory between batches, within a memory budget: each with its state, how
/// many events it has logged and how many its snapshot covers. The least recently used leave
/// first (``SQLiteStore`` writes their snapshot when their log has grown since).
struct PlayerCache {
  struct Entry {
    var state: PlayerState
    /// Events logged (the state's applied count).
    var head: Int
    /// Events the stored snapshot covers.
    var at: Int
    /// Whether the store has no row for the player yet.
    var isNew: Bool
    /// The store's commit count when `head` was last known to be the store's (another process's
    /// commit since then may have changed the player).
    var verified: Int64
    /// The memory the state takes, estimated (``PlayerState/estimatedBytes``).
    var bytes: Int
    var used: UInt64

    /// Events logged after the snapshot.
    var tail: Int { head - at }
  }

  /// The budget, in bytes.
  let limit: Int
  private(set) var entries: [PlayerID: Entry] = [:]
  private(set) var bytes = 0
  private var clock: UInt64 = 0

  init(limit: Int) { self.limit = limit }

  /// A player's entry, marked as used now.
  mutating func entry(_ player: PlayerID) -> Entry? {
    guard var entry = entries[player] else { return nil }
    clock += 1
    entry.used = clock
    entries[player] = entry
    return entry
  }

  /// Stores (or replaces) a player's entry.
  mutating func put(_ player: PlayerID, state: PlayerState, head: Int, at: Int, isNew: Bool, verified: Int64) {
    clock += 1
    let size = state.estimatedBytes
    if let old = entries[player] { bytes -= old.bytes }
    entries[player] = Entry(
      state: state, head: head, at: at, isNew: isNew, verified: verified, bytes: size, used: clock)
    bytes += size
  }

  /// Records events logged for a player whose state comes later (its entry's state lags).
  mutating func advance(_ player: PlayerID, to head: Int, verified generation: Int64) {
    entries[player]?.head = head
    entries[player]?.isNew = false
    entries[player]?.verified = generation
  }

  /// Records that a player's head is the store's as of commit count `generation`.
  mutating func verified(_ player: PlayerID, at generation: Int64) {
    entries[player]?.verified = generation
  }

  /// Records that a player's snapshot now covers all its events.
  mutating func snapshotted(_ player: PlayerID) {
    guard var entry = entries[player] else { return }
    entry.at = entry.head
    entry.isNew = false
    entries[player] = entry
  }

  mutating func remove(_ player: PlayerID) {
    if let old = entries.removeValue(forKey: player) { bytes -= old.bytes }
  }

  mutating func removeAll() {
    entries.removeAll()
    bytes = 0
  }

  /// Whether the players take more than the budget.
  var isOverBudget: Bool { bytes > limit }

  /// The least recently used players whose leaving brings the memory to `target` bytes.
  func leastRecentlyUsed(downTo target: Int) -> [PlayerID] {
    var excess = bytes - target
    guard excess > 0 else { return [] }
    var chosen: [PlayerID] = []
    for (player, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
      guard excess > 0 else { break }
      chosen.append(player)
      excess -= entry.bytes
    }
    return chosen
  }
}
