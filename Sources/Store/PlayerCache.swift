import Engine
import Ledger

/// Players kept in memory between batches, within a memory budget: each with its state, how
/// many events it has logged and how many its snapshot covers.
///
/// A batch takes a player's state out (``take(_:)``) and puts it back changed: the cache never
/// holds a copy of a state the batch is changing (the two would share, then duplicate, every
/// array the batch touches). A taken state stays counted at its last size until it is back; a
/// player whose state is out has its entry (what the store holds of it) and is read from the
/// store if asked for again meanwhile.
///
/// Over budget, players first shed what they can rebuild (``PlayerState/shrink()``: per-day
/// snapshots and resolved events), then leave (``SQLiteStore`` writes their snapshot when their
/// log has grown since). Those not used since the last batch leave first, and among equals a
/// fixed order of the players (a hash of their id): a stream that visits every player in the
/// same order each day keeps a stable part of them cached rather than evicting each just
/// before it comes back, which is what least-recently-used does on such a cycle.
struct PlayerCache {
  /// What the cache knows of a player besides its state (no reference: cheap to copy).
  struct Entry {
    /// Events logged (the state's applied count).
    var head: Int
    /// Events the stored snapshot covers.
    var at: Int
    /// Whether the store has no row for the player yet.
    var isNew: Bool
    /// The store's commit count when `head` was last known to be the store's (another process's
    /// commit since then may have changed the player).
    var verified: Int64
    /// The days of events the player keeps (its state's window).
    var windowDays: Int
    /// The memory the state takes, estimated (``PlayerState/estimatedBytes``).
    var bytes: Int
    var used: UInt64
    /// The player's place in the order of leaving (a hash of its id's bytes).
    var rank: UInt64
    /// How many of the player's event ids the store holds (nil: not known), and with `at`, as of
    /// which commit count: a snapshot written with no other process's commit since then needs
    /// neither read from the store (``SQLiteStore`` counts snapshot writes as commits too).
    var saved: SavedIDs?

    /// Events logged after the snapshot.
    var tail: Int { head - at }
  }

  /// The count of a player's event ids the store holds, as of a commit count.
  struct SavedIDs {
    var count: Int
    var asOf: Int64
  }

  /// The budget, in bytes.
  let limit: Int
  private(set) var entries: [PlayerID: Entry] = [:]
  /// The states in the cache: those of the entries whose state no batch has taken out.
  private(set) var states = StateSlots()
  /// Cached players' logged lines whose positions are known, for their snapshots to refer to;
  /// forgotten with the player (a batch rolled back, another process's commit).
  private(set) var logged: [PlayerID: LoggedLines] = [:]
  private(set) var bytes = 0
  private var clock: UInt64 = 0
  /// The clock when players last had to leave: those used since are the latest batch's.
  private var lastPressure: UInt64 = 0

  init(limit: Int) { self.limit = limit }

  /// A player's entry, marked as used now.
  mutating func entry(_ player: PlayerID) -> Entry? {
    guard let index = entries.index(forKey: player) else { return nil }
    clock += 1
    entries.values[index].used = clock
    return entries.values[index]
  }

  /// Takes a player's state out of the cache (its entry stays, counted at its size until the
  /// state is back through ``put(_:state:head:at:isNew:verified:)`` or ``restore(_:_:)``); nil
  /// when it is out already or the player is not cached.
  mutating func take(_ player: PlayerID) -> PlayerState? {
    states.take(player)
  }

  /// Stores (or replaces) a player's entry and state; `saved`: what the store holds of its ids
  /// (``Entry/saved``), nil when not known.
  mutating func put(
    _ player: PlayerID, state: consuming PlayerState, head: Int, at: Int, isNew: Bool, verified: Int64,
    saved: SavedIDs? = nil
  ) {
    clock += 1
    let size = state.estimatedBytes
    measured(size)
    if let old = entries[player] { bytes -= old.bytes }
    let held = size + Self.heldBytes(player)
    entries[player] = Entry(
      head: head, at: at, isNew: isNew, verified: verified, windowDays: state.windowDays, bytes: held, used: clock,
      rank: Self.rank(player), saved: saved)
    if let known = logged[player]?.count, known > state.history.kept.count + LoggedLines.slack {
      logged[player]?.prune(keepingLinesOf: state.history.kept)
    }
    states.put(player, state)
    bytes += held
  }

  /// Stores an entry without a state: a player the store has no row for, whose state the batch
  /// that reads it makes (with the window its change names; 60 days, a new player's default,
  /// until then).
  mutating func putNew(_ player: PlayerID, verified: Int64) {
    clock += 1
    if let old = entries[player] { bytes -= old.bytes }
    states.remove(player)
    logged.removeValue(forKey: player)
    let held = Self.entryBytes(player)
    entries[player] = Entry(
      head: 0, at: 0, isNew: true, verified: verified, windowDays: 60, bytes: held, used: clock,
      rank: Self.rank(player), saved: SavedIDs(count: 0, asOf: verified))
    bytes += held
  }

  /// Puts back a state taken out and not changed by what the store holds (a batch applied no
  /// event to it); ignored when the entry is gone or its state is back already.
  mutating func restore(_ player: PlayerID, _ state: consuming PlayerState) {
    guard let old = entries[player], !old.isNew, !states.contains(player) else { return }
    let size = state.estimatedBytes
    measured(size)
    let held = size + Self.heldBytes(player)
    bytes += held - old.bytes
    entries[player]?.bytes = held
    states.put(player, state)
  }

  /// Records events logged for a player whose state comes later (its entry's state lags).
  mutating func advance(_ player: PlayerID, to head: Int, verified generation: Int64) {
    // One lookup: three optional-chained assignments hashed and found the player three times.
    guard let index = entries.index(forKey: player) else { return }
    entries.values[index].head = head
    entries.values[index].isNew = false
    entries.values[index].verified = generation
  }

  /// Records that a player's head is the store's as of commit count `generation`.
  mutating func verified(_ player: PlayerID, at generation: Int64) {
    entries[player]?.verified = generation
  }

  /// Records that a player's snapshot now covers all its events; `saved`: the store's count of
  /// its event ids with it (nil: not known).
  mutating func snapshotted(_ player: PlayerID, saved: SavedIDs?) {
    guard let head = entries[player]?.head else { return }
    entries[player]?.at = head
    entries[player]?.isNew = false
    entries[player]?.saved = saved
  }

  mutating func remove(_ player: PlayerID) {
    if let old = entries.removeValue(forKey: player) { bytes -= old.bytes }
    states.remove(player)
    logged.removeValue(forKey: player)
  }

  /// Records a player's lines as read from the store: those at known positions.
  mutating func setLogged(_ player: PlayerID, _ lines: LoggedLines) {
    guard entries[player] != nil else { return }
    logged[player] = lines
  }

  /// Records lines a batch logged for a player from `position` on (those no longer kept are
  /// dropped when its state is put back, ``put(_:state:head:at:isNew:verified:)``).
  mutating func appendLogged(_ player: PlayerID, _ lines: some Sequence<String>, from position: Int) {
    guard entries.index(forKey: player) != nil else { return }
    logged[player, default: LoggedLines()].append(lines, from: position)
  }

  /// Forgets the players whose state is out (a batch abandoned: their states are gone).
  mutating func removeTaken() {
    for player in entries.keys where !states.contains(player) && entries[player]?.isNew == false { remove(player) }
  }

  mutating func removeAll() {
    entries.removeAll()
    states.removeAll()
    logged.removeAll()
    bytes = 0
  }

  /// Whether the players take more than the budget.
  var isOverBudget: Bool { bytes > limit }

  /// Whether the cache holds the player's state (not out in a batch, not unknown).
  func holdsState(of player: PlayerID) -> Bool { states.contains(player) }

  /// What the cache's own structures take per player besides its state: the entry's slot in
  /// its dictionary (up to 8/3 slots per entry at the lowest load) and the id's bytes.
  static func entryBytes(_ player: PlayerID) -> Int {
    8 * (MemoryLayout<PlayerID>.stride + MemoryLayout<Entry>.stride) / 3 + heapBlock(32 + player.bytes.count)
  }

  /// ``entryBytes(_:)`` and what holding a state adds to the state's estimate: its slot and box.
  static func heldBytes(_ player: PlayerID) -> Int {
    entryBytes(player) + StateSlots.slotBytes + StateSlots.boxBytes
  }

  /// What a player the cache knows nothing of (new, or gone) is taken to hold: a running mean
  /// of the sizes of the states put back (each weighs an eighth), at least 16 KB.
  private(set) var typicalBytes = 16 << 10

  private mutating func measured(_ size: Int) {
    typicalBytes = Swift.max(16 << 10, (typicalBytes * 7 + size) / 8)
  }

  /// What a player takes in memory: its size when known, else ``typicalBytes`` (with what the
  /// cache adds to hold it, ``heldBytes(_:)``).
  func estimatedBytes(of player: PlayerID) -> Int {
    guard let size = entries[player]?.bytes, size > Self.entryBytes(player) else {
      return typicalBytes + Self.heldBytes(player)
    }
    return size
  }

  /// Sheds what players can rebuild (except those in `keeping`), in id order, until the
  /// players take `target` bytes.
  mutating func shrink(downTo target: Int, keeping: Set<PlayerID>) {
    guard bytes > target else { return }
    for player in states.players.sorted() where !keeping.contains(player) {
      guard bytes > target, let old = entries[player]?.bytes else { break }
      let size = states.shrink(player).map { $0 + Self.heldBytes(player) } ?? old
      bytes += size - old
      entries[player]?.bytes = size
    }
  }

  /// The players whose leaving brings the memory to `target` bytes: first those not used since
  /// players last had to leave, then the others, each group in the fixed order of ``rank(_:)``;
  /// never a player whose state is out (the batch holding it puts it back), nor one of `keeping`.
  mutating func leaving(downTo target: Int, keeping: Set<PlayerID> = []) -> [PlayerID] {
    defer { lastPressure = clock }
    var excess = bytes - target
    guard excess > 0 else { return [] }
    let mark = lastPressure
    var chosen: [PlayerID] = []
    let order = entries.filter { ($0.value.isNew || states.contains($0.key)) && !keeping.contains($0.key) }.sorted {
      a, b in
      let (aRecent, bRecent) = (a.value.used > mark, b.value.used > mark)
      if aRecent != bRecent { return bRecent }
      return a.value.rank != b.value.rank ? a.value.rank < b.value.rank : a.key < b.key
    }
    for (player, entry) in order {
      guard excess > 0 else { break }
      chosen.append(player)
      excess -= entry.bytes
    }
    return chosen
  }

  /// A player's fixed place in the order of leaving: its id's bytes hashed (FNV-1a 64, then
  /// mixed, so that it does not follow the partitions, which take the plain FNV-1a modulo).
  static func rank(_ player: PlayerID) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in player.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    return hash ^ (hash >> 31)
  }
}
