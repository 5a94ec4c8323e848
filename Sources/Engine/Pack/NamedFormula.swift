import RuleLanguage

/// A formula with the name the rule file gave it (an XP term, a bonus, a signal).
public struct NamedFormula: Sendable {
  /// The name, shown in award explanations.
  public let name: String
  /// The compiled formula.
  public let formula: Formula
}
