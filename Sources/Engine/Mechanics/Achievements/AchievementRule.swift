import RuleLanguage

/// An achievement: one or more tiers, each unlocked once, in order.
public final class AchievementRule: Sendable {
  /// The achievement id.
  public let id: String
  /// The name shown to players.
  public let name: String
  /// A sentence saying what it takes.
  public let description: String
  /// Hidden achievements are not listed before they unlock.
  public let isHidden: Bool
  /// The tiers; a plain achievement has one.
  public let tiers: [AchievementTier]

  init(id: String, name: String, description: String, isHidden: Bool, tiers: [AchievementTier]) {
    self.id = id
    self.name = name
    self.description = description
    self.isHidden = isHidden
    self.tiers = tiers
  }
}

/// One tier of an achievement.
public struct AchievementTier: Sendable {
  /// The tier's name ("Bronze"), if tiered.
  public let name: String?
  /// XP granted when it unlocks.
  public let rewardXP: Int
  /// When it unlocks: a condition, or a metric reaching a value.
  public let condition: Condition

  /// The unlock condition of a tier: a true/false formula, or a metric formula reaching
  /// `atLeast`.
  // A struct rather than an enum with two Formula payloads: such an enum keeps its case in the
  // reference's spare bits, which hides the reference from leak checkers (LeakSanitizer reported
  // every metric formula as leaked while the fuzz targets ran).
  /// What unlocks a tier: a true/false formula, or a number formula and the value it must reach.
  public struct Condition: Sendable {
    /// The compiled formula.
    public let formula: Formula
    /// The metric's bound; nil for a true/false condition.
    public let atLeast: Double?

    /// A condition that holds when the formula is true.
    public static func formula(_ formula: Formula) -> Condition { Condition(formula: formula, atLeast: nil) }
    /// A condition that holds when the formula reaches `atLeast`.
    public static func metric(_ formula: Formula, atLeast: Double) -> Condition {
      Condition(formula: formula, atLeast: atLeast)
    }
  }
}

/// Progress of one achievement.
public struct AchievementProgress: Sendable, Equatable, Codable, Hashable {
  /// The achievement id.
  public package(set) var id: String
  /// Tiers unlocked (0: locked).
  public package(set) var tier = 0
  /// The day the latest tier unlocked.
  public package(set) var unlockedOn: Day?

  /// Creates a locked achievement.
  public init(id: String) { self.id = id }
}

enum AchievementFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact("player.achievements", .number, FactScope.all, "achievement tiers unlocked", monotonic: true) { p, _, _ in
        Double(FactAccess.progress(p).pointee.totals.achievements)
      }
    ]
  }
}
