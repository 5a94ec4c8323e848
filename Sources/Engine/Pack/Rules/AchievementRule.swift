import RuleLanguage

/// An achievement: one or more tiers, each unlocked once, in order.
public final class AchievementRule: Sendable {
  public let id: String
  public let name: String
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

  /// The unlock condition of a tier.
  public enum Condition: Sendable {
    case formula(Formula)
    case metric(Formula, atLeast: Double)
  }
}
