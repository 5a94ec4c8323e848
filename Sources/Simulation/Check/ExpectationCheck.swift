import RuleLanguage

/// An expectation checked against one run or a distribution of runs.
public struct ExpectationResult: Sendable {
  public let expectation: ScenarioExpectation
  public let passed: Bool
  /// The actual value, as printed ("day 81", "never", "0.12", "73% of runs").
  public let actual: String

  /// `scenarios/x.json:42:7: error: expectation failed: level.10 between 40 and 70; actual day 81`.
  public var diagnostic: Diagnostic {
    Diagnostic(
      file: expectation.file, position: expectation.position,
      message: "expectation failed: \(expectation.summary); actual \(actual)")
  }

  /// Checks an expectation on runs: one run directly; several on the median run, or on the share
  /// of runs in which it holds when the expectation gives `inAtLeast`.
  public static func check(_ expectation: ScenarioExpectation, runs: [RunSummary]) -> ExpectationResult {
    let values = runs.map { $0.value(of: expectation.metric) }
    if let share = expectation.share, runs.count > 1 {
      let holding = values.filter { expectation.holds(for: $0) }.count
      let actual = Double(holding) / Double(values.count)
      return ExpectationResult(
        expectation: expectation, passed: actual >= share,
        actual: "holds in \(NumberText.format(actual * 100, decimals: 1))% of \(runs.count) runs")
    }
    // The median run, with "never" counted as later than any day.
    let ordered = values.map { $0 ?? .infinity }.sorted()
    let median = Statistics.percentile(ordered, 0.5).flatMap { $0.isFinite ? $0 : nil }
    let shown = Format.value(expectation.metric, median) + (runs.count > 1 ? " (median of \(runs.count) runs)" : "")
    return ExpectationResult(expectation: expectation, passed: expectation.holds(for: median), actual: shown)
  }
}
