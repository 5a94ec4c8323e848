/// The distribution of a metric over runs, as reports print it.
///
/// Percentiles are nearest-rank, with "never" ranked after every day: a percentile, minimum or
/// maximum that falls among the runs where the metric never happened is nil ("never" in text,
/// `null` in JSON and empty in CSV). With one run, every statistic is that run's value.
public struct Distribution: Sendable, Equatable {
  public var p10: Double?
  public var p50: Double?
  public var p90: Double?
  public var min: Double?
  public var max: Double?
  /// The share of runs in which the metric has a value (it happened), 0–1.
  public var share: Double
  /// The number of runs.
  public var runs: Int

  /// Summarises a histogram.
  public init(_ histogram: Histogram) {
    let values = histogram.percentiles([0.1, 0.5, 0.9, 0, 1])
    p10 = values[0]
    p50 = values[1]
    p90 = values[2]
    min = values[3]
    max = values[4]
    runs = histogram.runs
    share = runs == 0 ? 0 : Double(histogram.happened) / Double(runs)
  }

  /// The distribution of one run's value.
  public init(single value: Double?) {
    var histogram = Histogram()
    histogram.add(value)
    self.init(histogram)
  }
}

/// Small statistics on samples, defined exactly so that reports are reproducible.
public enum Statistics {
  /// The median: the middle value, or the mean of the two middle values.
  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
