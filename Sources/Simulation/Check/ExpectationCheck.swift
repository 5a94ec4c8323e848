import RuleLanguage

/// An expectation checked against one run or a distribution of runs.
public struct ExpectationResult: Sendable {
  public let expectation: ScenarioExpectation
  public let passed: Bool
  /// The actual value, as printed ("day 81", "never", "0.12", "holds in 73% of 100 runs").
  public let actual: String

  /// `scenarios/x.json:42:7: error: expectation failed: level.10 between 40 and 70; actual day 81`.
  public var diagnostic: Diagnostic {
    Diagnostic(
      file: expectation.file, position: expectation.position,
      message: "expectation failed: \(expectation.summary); actual \(actual)")
  }

  /// Checks an expectation on the histogram of its metric over runs: one run directly; several
  /// on the median run ("never" ranked after every day), or on the share of runs in which it
  /// holds when the expectation gives `inAtLeast`.
  public static func check(_ expectation: ScenarioExpectation, _ histogram: Histogram) -> ExpectationResult {
    let runs = histogram.runs
    if let share = expectation.share, runs > 1 {
      let actual = Double(histogram.count(where: expectation.holds)) / Double(runs)
      return ExpectationResult(
        expectation: expectation, passed: actual >= share,
        actual: "holds in \(Format.share(actual)) of \(runs) runs")
    }
    let median = histogram.percentile(0.5)
    let shown = Format.value(expectation.metric, median) + (runs > 1 ? " (median of \(runs) runs)" : "")
    return ExpectationResult(expectation: expectation, passed: expectation.holds(for: median), actual: shown)
  }
}
