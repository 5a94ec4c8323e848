/// The values one metric took over a batch of runs: a count per distinct value, and the number
/// of runs in which it never happened.
///
/// Memory grows with the number of distinct values (a day metric has at most one per simulated
/// day), not with the number of runs, so a million runs aggregate in the same space as a thousand.
/// Histograms of separate batches merge exactly, which is what makes sharded Monte Carlo runs
/// reproduce an unsharded one.
public struct Histogram: Sendable, Equatable {
  /// How often each value occurred. Read in sorted order only (``sorted``).
  private var counts: [Double: Int] = [:]
  /// Runs in which the metric has no value ("never").
  public private(set) var never = 0

  /// Creates an empty histogram.
  public init() {}

  /// Runs counted, with or without a value.
  public var runs: Int { counts.values.reduce(0, +) + never }

  /// Runs in which the metric happened.
  public var happened: Int { counts.values.reduce(0, +) }

  /// Counts one run's value (nil: the metric never happened in that run).
  public mutating func add(_ value: Double?) {
    guard let value else {
      never += 1
      return
    }
    // 0 and −0 are one value.
    counts[value == 0 ? 0 : value, default: 0] += 1
  }

  /// Counts a value `count` times.
  public mutating func add(_ value: Double?, count: Int) {
    guard count > 0 else { return }
    guard let value else {
      never += count
      return
    }
    counts[value == 0 ? 0 : value, default: 0] += count
  }

  /// Adds another batch's counts.
  public mutating func merge(_ other: Histogram) {
    for (value, count) in other.counts { counts[value, default: 0] += count }
    never += other.never
  }

  /// The distinct values in ascending order with their counts. O(k log k) for k distinct values.
  public var sorted: [(value: Double, count: Int)] {
    counts.keys.sorted().map { ($0, counts[$0] ?? 0) }
  }

  /// The nearest-rank percentile with "never" ranked after every value: the value at rank
  /// ⌈p × runs⌉ of the sorted runs, or nil when that rank falls among the runs where the metric
  /// never happened (or there are no runs).
  public func percentile(_ p: Double) -> Double? {
    percentiles([p])[0]
  }

  /// Several nearest-rank percentiles in one pass over the sorted values.
  public func percentiles(_ ps: [Double]) -> [Double?] {
    let total = runs
    guard total > 0 else { return ps.map { _ in nil } }
    let values = sorted
    return ps.map { p in
      let rank = Swift.min(total, Swift.max(1, Int((p * Double(total)).rounded(.up))))
      var seen = 0
      for entry in values {
        seen += entry.count
        if seen >= rank { return entry.value }
      }
      return nil
    }
  }

  /// Runs whose value satisfies `holds` (called with nil for the runs where it never happened).
  public func count(where holds: (Double?) -> Bool) -> Int {
    var total = holds(nil) ? never : 0
    for (value, count) in counts where holds(value) { total += count }
    return total
  }
}
