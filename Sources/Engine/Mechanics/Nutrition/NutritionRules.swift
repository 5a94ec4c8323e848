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
    /// The signal's name, shown in the rationale.
    public let name: String
    /// The signal's formula (a fraction, +0.05 is +5%).
    public let formula: Formula
    /// The most the signal may move the target, either way.
    public let limit: Double
  }

  /// Every formula nutrition evaluates on the event's slots.
  var formulas: [Formula] { signals.map(\.formula) }

  /// Reads nutrition.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> NutritionRules? {
    guard let object = decoder.documents["nutrition"]?.object else { return nil }
    defer { object.finish() }
    let targets = decodeTargets(object.required("targets"))
    let window = object.optional("trendWindowDays")?.integer(in: 1...60) ?? 3
    var signals: [Signal] = []
    if let list = object.required("signals")?.object {
      for entry in list.entries {
        guard let fields = entry.node.object else { continue }
        defer { fields.finish() }
        let compiled = decoder.formula(fields.required("formula"), .day, .number)
        let limit = fields.required("limit")?.number(in: 0...1)
        if let compiled, let limit { signals.append(Signal(name: entry.key, formula: compiled, limit: limit)) }
      }
    }
    let clamp = object.required("clamp")?.number(in: 0...1)
    guard let targets, let clamp else { return nil }
    return NutritionRules(targets: targets, trendWindowDays: window, signals: signals, clamp: clamp)
  }

  static func decodeTargets(_ node: JSONNode?) -> MacroTargets? {
    guard let object = node?.object else { return nil }
    defer { object.finish() }
    let kcal = object.required("kcal")?.number(in: 500...10_000)
    let protein = object.required("proteinG")?.number(in: 0...1_000)
    let carbs = object.required("carbsG")?.number(in: 0...2_000)
    let fat = object.required("fatG")?.number(in: 0...1_000)
    guard let kcal, let protein, let carbs, let fat else { return nil }
    return MacroTargets(kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat)
  }
}

/// Nutrition memory: the personal baseline and recent intake for the trend signal.
public struct NutritionState: Sendable, Equatable, Codable, Hashable {
  /// Personal baseline from a profile event; nil uses the pack's.
  public package(set) var baseline: MacroTargets?
  /// Intake of recent days with data, oldest first, within the trend window.
  public package(set) var recentIntake: [DailyIntake] = []

  /// Creates an empty nutrition state.
  public init() {}
}

/// A day's total intake.
public struct DailyIntake: Sendable, Equatable, Codable, Hashable {
  /// The day.
  public package(set) var day: Day
  /// The energy eaten.
  public package(set) var kcal: Double

  /// Creates an entry.
  public init(day: Day, kcal: Double) {
    self.day = day
    self.kcal = kcal
  }
}

enum NutritionFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    typealias C = FactAccess
    return [
      Fact("intake.average", .number, [.day], "average daily intake over the trend window (0 without data)") { _, c, _ in
        C.context(c).pointee.facts.intakeAverage
      },
      Fact("intake.days", .number, [.day], "days with logged intake in the trend window") { _, c, _ in
        Double(C.context(c).pointee.facts.intakeDays)
      },
    ]
  }
}
