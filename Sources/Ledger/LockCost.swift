/// How long a commit holds the store's lock, as measured on the last parts. Most of a part's
/// hold does not grow with its events: each player it names costs a log row and its bookkeeping
/// (10,000 players × 30 days: about 0.1 s a part, then 2.5 µs an event). So a part of `n` events
/// holds the lock at most about `h · n / m` when a part of `m ≤ n` events held it `h` seconds,
/// and at most `h` when `m ≥ n`; the estimate is the least of these bounds over the last three
/// parts. (One cost per event, taken from the slowest recent part, counted a small part's fixed
/// cost against every event: after a first part of 25,000 events held 0.16 s, the next were
/// sized at 6.4 µs an event, 2.5 times what an event cost in a larger part, and each extra
/// part wrote another log row for every player.) A part that held the
/// lock well beyond what the others bound (by more than a quarter) means the store became
/// slower: it replaces them. Within a quarter, parts may keep holding the lock up to 1.25 times
/// the budget, which the margin the caller leaves (0.7 of `--max-lock-ms`) absorbs.
struct LockCost {
  /// What a part costs an event before any part is measured (a guess that errs on the short side).
  static let prior = 20e-6
  private(set) var recent: [(events: Int, seconds: Double)] = []

  mutating func record(events: Int, seconds: Double) {
    guard events >= 64, seconds.isFinite else { return }
    let seconds = Swift.max(seconds, 1e-9)
    if let bound = bound(events), seconds > bound * 1.25 { recent.removeAll() }
    recent.append((events, seconds))
    if recent.count > 3 { recent.removeFirst() }
  }

  /// The longest a part of `events` events is expected to hold the lock (nil before any part).
  func bound(_ events: Int) -> Double? {
    recent.map { $0.seconds * Swift.max(1, Double(events) / Double($0.events)) }.min()
  }

  /// The most events a part may have to hold the lock at most `budget` seconds (at least one).
  func events(within budget: Double) -> Int {
    func scaled(_ part: (events: Int, seconds: Double)) -> Int {
      Int(Swift.min(1e12, budget * Double(part.events) / part.seconds))
    }
    guard let newest = recent.last else { return Swift.max(1, Int(Swift.min(1e12, budget / Self.prior))) }
    // A part that held it within the budget vouches for parts up to its scaled size; when none
    // did, the newest measure scales down.
    let vouched = recent.filter { $0.seconds <= budget }.map(scaled).max()
    return Swift.max(1, vouched ?? scaled(newest))
  }
}
