import RuleLanguage

/// A balance intention checked after a run: a metric within bounds, or never happening.
public struct ScenarioExpectation: Sendable {
  /// A metric name as `simulate` reports it (docs/scenarios.md lists them).
  public let metric: String
  public let atLeast: Double?
  public let atMost: Double?
  /// Whether the metric must never happen (a day metric that stays empty).
  public let never: Bool
  /// With several runs, the share of runs in which it must hold (default: judged on the median run).
  public let share: Double?
  /// Where the expectation is written.
  public let position: SourcePosition
  /// The file.
  public let file: String

  /// "level.10 between 40 and 70", "achievement.streak-30 at most 60", "… never".
  public var summary: String {
    var text = metric
    switch (atLeast, atMost) {
    case (let low?, let high?): text += " between \(NumberText.format(low)) and \(NumberText.format(high))"
    case (let low?, nil): text += " at least \(NumberText.format(low))"
    case (nil, let high?): text += " at most \(NumberText.format(high))"
    case (nil, nil): text += never ? " never happens" : " happens"
    }
    if let share { text += " in at least \(NumberText.format(share * 100))% of runs" }
    return text
  }

  /// Whether a value satisfies the bounds (nil means "never happened").
  public func holds(for value: Double?) -> Bool {
    guard let value else { return never }
    if never { return false }
    if let atLeast, value < atLeast { return false }
    if let atMost, value > atMost { return false }
    return true
  }
}
