import RuleLanguage

/// A formula with the name the rule file gave it (an XP term, a bonus, a signal).
public struct NamedFormula: Sendable {
  /// The name, shown in award explanations.
  public let name: String
  /// The compiled formula.
  public let formula: Formula
}

/// How a real number becomes whole XP.
public enum RoundingMode: String, Sendable, CaseIterable {
  /// 2.5 → 3, −2.5 → −3.
  case halfAwayFromZero
  /// 2.5 → 2, 3.5 → 4 (banker's rounding).
  case halfEven
  /// Toward −∞.
  case down
  /// Toward +∞.
  case up

  /// Rounds a value.
  public func round(_ value: Double) -> Double {
    switch self {
    case .halfAwayFromZero: return value.rounded(.toNearestOrAwayFromZero)
    case .halfEven: return value.rounded(.toNearestOrEven)
    case .down: return value.rounded(.down)
    case .up: return value.rounded(.up)
    }
  }
}
