/// The memory a ``LedgerRun``'s queued batch is estimated to take, for a store that bounds it
/// (``BatchStore/batchMemoryBudget``): each distinct player's state once (as the store estimates
/// it) and each queued event.
struct BatchMemory {
  /// What a queued event takes besides its line, in bytes: its resolved form, its outcome and
  /// its awards' JSON until the batch is committed. Measured: `award --store` of 720,108 events of
  /// 10,000 players peaked 64 MB higher with 50,000-event batches than with 10,000-event ones,
  /// about 1.6 KB per queued event, of which ~0.2 KB is its line.
  static let bytesPerEvent = 1_400
  /// The fewest events a batch holds before the budget may end it: a batch holds its players
  /// whatever the budget, and a budget smaller than one player would otherwise make every event
  /// a batch of its own (one replay per late event instead of one per batch).
  static let minimumEvents = 64

  /// The distinct players' states, estimated.
  private(set) var playerBytes = 0
  /// The queued events.
  private(set) var eventBytes = 0

  /// Everything the batch holds.
  var bytes: Int { playerBytes + eventBytes }

  /// Counts a queued event, with its player's state when this is the player's first event of
  /// the batch (`player`: its estimated bytes; 0 otherwise).
  mutating func add(lineBytes: Int, player: Int) {
    eventBytes += Self.bytesPerEvent + lineBytes
    playerBytes += player
  }

  mutating func removeAll() {
    playerBytes = 0
    eventBytes = 0
  }
}
