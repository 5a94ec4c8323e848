import RuleLanguage

/// Expectations on a replay, for CI: a file
/// `{"format": 1, "expect": {"replay.demoted.share": {"max": 0}, "replay.levelDelta.p50": {"min": 0}}}`
/// naming metrics of the replay's summary (``ImpactSummary/metrics``, prefixed `replay.`), each
/// with a `min`, a `max` or both (inclusive). `fitquest check --replay R --expect FILE` fails
/// (exit 1) when one does not hold.
public struct ReplayGate: Sendable {
  /// The newest gate format this version reads.
  public static let format = 1

  /// One bound on one metric, with where it is written.
  public struct Expectation: Sendable {
    /// The metric, as written (`replay.demoted.share`).
    public var metric: String
    /// The least value allowed.
    public var min: Double?
    /// The greatest value allowed.
    public var max: Double?
    /// Where the expectation is written (its key).
    var source: SourceFile
    var offset: Int

    /// "replay.demoted.share at most 0".
    public var summary: String {
      switch (min, max) {
      case let (low?, high?): return "\(metric) between \(NumberText.format(low)) and \(NumberText.format(high))"
      case let (low?, nil): return "\(metric) at least \(NumberText.format(low))"
      case let (nil, high?): return "\(metric) at most \(NumberText.format(high))"
      case (nil, nil): return metric
      }
    }
  }

  /// An expectation checked against a replay.
  public struct Result: Sendable {
    /// The expectation.
    public var expectation: Expectation
    /// The metric's value (nil: undefined, as a mean with no player compared).
    public var actual: Double?
    /// Whether it holds (an undefined value holds no bound).
    public var passed: Bool
    /// Where the expectation is written: `gate.json:3:5`.
    public var location: String {
      let position = expectation.source.position(of: expectation.offset)
      return "\(expectation.source.name):\(position.line):\(position.column)"
    }
    /// The failure, located at the expectation.
    public var diagnostic: Diagnostic {
      let actualText = actual.map(NumberText.format) ?? "undefined (no player compared)"
      return Diagnostic(
        in: expectation.source, offset: expectation.offset,
        message: "expectation failed: \(expectation.summary); actual \(actualText)")
    }
  }

  /// The file.
  public var path: String
  /// The expectations, in the order written.
  public var expectations: [Expectation]

  /// Reads a gate file.
  /// - Throws: located errors for unknown metrics (with a hint), keys, types and bounds.
  public static func load(path: String) throws(DiagnosticError) -> ReplayGate {
    let source = try FileSystem.read(path)
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    var expectations: [Expectation] = []
    if let object = root.object {
      if let formatNode = object.optional("format"), let number = formatNode.integer(in: 1...Int.max), number > format {
        formatNode.error("gate format \(number) is newer than this fitquest supports (\(format)); update fitquest")
      }
      if let expect = object.required("expect")?.object {
        let known = ImpactSummary.metricNames.map { "replay." + $0 }
        for (metric, node, offset) in expect.entries {
          guard known.contains(metric) else {
            node.error("unknown metric '\(metric)'\(Suggestion.hint(for: metric, among: known))", at: offset)
            continue
          }
          guard let bounds = node.object else { continue }
          let low = bounds.optional("min")?.number
          let high = bounds.optional("max")?.number
          bounds.finish()
          if low == nil && high == nil {
            node.error("'\(metric)' needs \"min\", \"max\" or both")
          } else if let low, let high, low > high {
            node.error("'\(metric)' has a min (\(NumberText.format(low))) above its max (\(NumberText.format(high)))")
          }
          expectations.append(Expectation(metric: metric, min: low, max: high, source: source, offset: offset))
        }
      }
      object.finish()
    }
    try log.throwIfErrors()
    return ReplayGate(path: path, expectations: expectations)
  }

  /// Checks every expectation against a replay.
  public func check(_ replay: ReplayDocument) -> [Result] {
    expectations.map { expectation in
      let actual = replay.metric(String(expectation.metric.dropFirst("replay.".count)))
      var passed = actual != nil
      if let actual {
        if let low = expectation.min, actual < low { passed = false }
        if let high = expectation.max, actual > high { passed = false }
      }
      return Result(expectation: expectation, actual: actual, passed: passed)
    }
  }
}
