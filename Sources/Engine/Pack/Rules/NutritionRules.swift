import RuleLanguage

/// Adaptive nutrition targets: baseline × (1 + clamp(Σ signals)).
public final class NutritionRules: Sendable {
  /// The baseline targets (a profile event can replace them per player).
  public let targets: MacroTargets
  /// Calendar days before the target day that the intake trend averages.
  public let trendWindowDays: Int
  /// Signals, each limited to ±limit, summed in order.
  public let signals: [Signal]
  /// The sum is clamped to ±clamp.
  public let clamp: Double

  init(targets: MacroTargets, trendWindowDays: Int, signals: [Signal], clamp: Double) {
    self.targets = targets
    self.trendWindowDays = trendWindowDays
    self.signals = signals
    self.clamp = clamp
  }

  /// One adjustment signal.
  public struct Signal: Sendable {
    public let name: String
    public let formula: Formula
    public let limit: Double
  }
}

/// Progressive overload: next-session loads from RPE bands, with deload weeks.
public final class ProgressionRules: Sendable {
  /// Categories whose exercises get load suggestions.
  public let categories: [Int]
  /// Bands in ascending order of `upTo`; the last covers RPE 10.
  public let bands: [Band]
  /// Loads round to multiples of this.
  public let incrementKg: Double
  public let deload: Deload?

  init(categories: [Int], bands: [Band], incrementKg: Double, deload: Deload?) {
    self.categories = categories
    self.bands = bands
    self.incrementKg = incrementKg
    self.deload = deload
  }

  /// An RPE band.
  public struct Band: Sendable {
    public let upTo: Double
    public let change: Double
    public let label: String
  }

  /// Deload weeks: every Nth training week, or marked weeks of a repeating cycle.
  public struct Deload: Sendable {
    public let everyWeeks: Int?
    public let cycleWeeks: Int?
    public let weeks: [Int]
    public let loadFactor: Double
    public let volumeFactor: Double

    /// Whether training week `week` (1-based) is a deload week.
    public func isDeload(week: Int) -> Bool {
      if let everyWeeks, everyWeeks > 0 { return week % everyWeeks == 0 }
      if let cycleWeeks, cycleWeeks > 0 { return weeks.contains((week - 1) % cycleWeeks + 1) }
      return false
    }
  }
}
