/// What a batch of runs produced, reduced to one ``Histogram`` per metric: the streaming form of
/// a Monte Carlo result. Memory is flat in the number of runs; two aggregates of disjoint runs
/// merge into exactly the aggregate of all of them, whatever the order.
public struct RunAggregate: Sendable, Equatable {
  /// The metrics aggregated, in report order.
  public let metrics: [String]
  private let keys: [MetricKey?]
  /// One histogram per metric, in the order of ``metrics``.
  public internal(set) var histograms: [Histogram]
  /// Runs added.
  public internal(set) var runs = 0

  /// An empty aggregate of the named metrics (duplicates are kept once).
  public init(metrics: [String]) {
    var unique: [String] = []
    for metric in metrics where !unique.contains(metric) { unique.append(metric) }
    self.metrics = unique
    keys = unique.map(MetricKey.init)
    histograms = unique.map { _ in Histogram() }
  }

  /// Counts one run.
  public mutating func add(_ summary: RunSummary) {
    for index in keys.indices {
      histograms[index].add(keys[index].flatMap { summary.value(of: $0) })
    }
    runs += 1
  }

  /// Adds the runs of another aggregate of the same metrics.
  public mutating func merge(_ other: RunAggregate) {
    precondition(other.metrics == metrics, "merging aggregates of different metrics")
    for index in histograms.indices { histograms[index].merge(other.histograms[index]) }
    runs += other.runs
  }

  /// The histogram of a metric, if aggregated.
  public func histogram(of metric: String) -> Histogram? {
    metrics.firstIndex(of: metric).map { histograms[$0] }
  }

  /// The distribution of a metric (of no runs when it was not aggregated).
  public func distribution(of metric: String) -> Distribution {
    Distribution(histogram(of: metric) ?? Histogram())
  }
}
