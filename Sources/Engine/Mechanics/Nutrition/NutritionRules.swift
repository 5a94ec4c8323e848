import RuleLanguage

/// Adaptive nutrition targets: the adjustment is clamp(Σ signals); each macro's target is its
/// formula of the baseline, the adjustment and the targets computed before it (by default
/// baseline × (1 + adjustment)).
public final class NutritionRules: Sendable {
  /// The baseline targets (a profile event can replace them per player).
  public let targets: MacroTargets
  /// Calendar days the intake trend averages (the days with a log among them).
  public let trendWindowDays: Int
  /// Whether the trend window ends with the settled day (AirFit's "recent 3-day average") rather
  /// than the day before it.
  public let trendIncludesSettledDay: Bool
  /// Signals, each limited to ±limit, summed in order.
  public let signals: [Signal]
  /// The sum is clamped to ±clamp.
  public let clamp: Double
  /// Per-macro target formulas, in the order they are computed; empty: baseline × (1 + adjustment).
  public let macros: [Macro]

  init(
    targets: MacroTargets, trendWindowDays: Int, trendIncludesSettledDay: Bool = false, signals: [Signal],
    clamp: Double,
    macros: [Macro] = []
  ) {
    self.targets = targets
    self.trendWindowDays = trendWindowDays
    self.trendIncludesSettledDay = trendIncludesSettledDay
    self.signals = signals
    self.clamp = clamp
    self.macros = macros
  }

  /// The four macros, as nutrition.json names them.
  public enum MacroName: String, Sendable, CaseIterable {
    /// Energy.
    case kcal
    /// Protein, grams.
    case proteinG
    /// Carbohydrates, grams.
    case carbsG
    /// Fat, grams.
    case fatG
  }

  /// A macro's target formula. Its variables: `baseline.kcal`, `baseline.proteinG`,
  /// `baseline.carbsG`, `baseline.fatG`, `adjustment`, and `target.NAME` of the macros before it.
  public struct Macro: Sendable {
    /// The macro it computes.
    public let name: MacroName
    /// Its formula.
    public let formula: Formula
    /// The variables' order (the slots the formula reads).
    let variables: [String]
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
    let includesSettledDay = object.optional("trendIncludesSettledDay")?.bool ?? false
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
    let macros = object.optional("macros").flatMap { decodeMacros($0, decoder) } ?? []
    guard let targets, let clamp else { return nil }
    return NutritionRules(
      targets: targets, trendWindowDays: window, trendIncludesSettledDay: includesSettledDay, signals: signals,
      clamp: clamp,
      macros: macros)
  }

  /// The variables every macro formula can read.
  static let macroInputs = MacroName.allCases.map { "baseline.\($0.rawValue)" } + ["adjustment"]

  /// Reads `"macros": {"kcal": formula, …}`: all four, each reading the targets before it.
  static func decodeMacros(_ node: JSONNode, _ decoder: PackDecoder) -> [Macro]? {
    guard let object = node.object else { return nil }
    defer { object.finish() }
    var macros: [Macro] = []
    var variables = macroInputs
    var failed = false
    for entry in object.entries {
      guard let name = MacroName(rawValue: entry.key) else {
        let names = MacroName.allCases.map(\.rawValue)
        entry.node.error(
          "unknown macro '\(entry.key)' (macros are \(names.joined(separator: ", ")))\(Suggestion.hint(for: entry.key, among: names))",
          at: entry.keyOffset)
        failed = true
        continue
      }
      if let source = entry.node.string,
        let later = MacroName.allCases.first(where: {
          !variables.contains("target.\($0.rawValue)") && source.contains("target.\($0.rawValue)")
        })
      {
        entry.node.error(
          "'target.\(later.rawValue)' is not computed before '\(name.rawValue)'; list '\(later.rawValue)' before '\(name.rawValue)' in \"macros\" (they are computed in order)"
        )
        failed = true
        variables.append("target.\(name.rawValue)")
        continue
      }
      if let formula = decoder.formula(entry.node, variables: variables) {
        macros.append(Macro(name: name, formula: formula, variables: variables))
      } else {
        failed = true
      }
      variables.append("target.\(name.rawValue)")
    }
    let missing = MacroName.allCases.filter { name in !object.entries.contains { $0.key == name.rawValue } }
    if !missing.isEmpty {
      node.error("'macros' needs a formula for every macro; missing \(missing.map(\.rawValue).joined(separator: ", "))")
      return nil
    }
    return failed ? nil : macros
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
      Fact("intake.average", .number, [.day], "average daily intake over the trend window (0 without data)") {
        _, c, _ in
        C.context(c).pointee.facts.intakeAverage
      },
      Fact("intake.days", .number, [.day], "days with logged intake in the trend window") { _, c, _ in
        Double(C.context(c).pointee.facts.intakeDays)
      },
    ]
  }
}
