import Ledger

/// The memory bound of a run over the store (``SQLiteStore/Options/cacheBytes``): the players in
/// memory — cached between batches and held by a batch — and the batch's queued events stay
/// within it, less what the process takes anyway (code, SQLite's page cache).
extension SQLiteStore {
  /// What the process takes besides players and batches, left out of the players' share of a
  /// bound of more than twice it: 25 MB of peak RSS for a run of three events, and paging through
  /// a small bound adds transient memory (10,000 players × 30 days peaked at 130 MB with a 128 MB
  /// bound, 284 MB with 256 MB). Short of it where the players overfill a bound by a little
  /// (593–604 MB with 512 MB): there the process holds about 60 MB resident besides its heap in
  /// use (docs/scale.md).
  static let baselineBytes = 48 << 20

  /// The players' and batches' share of a memory bound of `cacheBytes`.
  static func playersShare(of cacheBytes: Int) -> Int {
    cacheBytes > 2 * baselineBytes ? cacheBytes - baselineBytes : cacheBytes / 2
  }

  /// A batch's players and queued events together should stay within the players' share.
  public var batchMemoryBudget: Int? { cache.limit }

  /// The player's size as the cache last measured it, else the cached players' average.
  public func estimatedBytes(of player: PlayerID?) -> Int {
    guard let player else { return 0 }
    mutex.lock()
    defer { mutex.unlock() }
    return cache.estimatedBytes(of: player)
  }

  /// Lets cached players that the batch does not name leave until the batch's players (those not
  /// in memory yet at their estimated size) and its events fit in the players' share with the
  /// ones that stay; leaving players get a snapshot of what they logged since their last one.
  public func prepareBatch(players: [PlayerID?], eventBytes: Int) {
    mutex.lock()
    defer { mutex.unlock() }
    var keeping = Set<PlayerID>()
    keeping.reserveCapacity(players.count)
    var incoming = 0
    for case let player? in players {
      keeping.insert(player)
      if !cache.holdsState(of: player) { incoming += cache.estimatedBytes(of: player) }
    }
    let target = Swift.max(0, cache.limit - eventBytes - incoming)
    if cache.bytes > target { evict(downTo: target, keeping: keeping) }
  }
}
