import RuleLanguage

extension Recorded {
  /// A season tier reached: the season's index, the tier (from 1), the season's points then.
  package struct SeasonTier: Sendable {
    package var season: Int
    package var tier: Int
    package var points: Int64
  }
}

extension Recorded.SeasonTier: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> SeasonTierReached {
    SeasonTierReached(self, pack: pack)
  }
}

/// A season tier reached, with its reward.
public struct SeasonTierReached: AwardPayload, FieldListPayload {
  /// `"seasonTier"`.
  public static let type = "seasonTier"

  /// The season id.
  public var season: String
  /// The season's name.
  public var seasonName: String
  /// The tier reached, from 1.
  public var tier: Int
  /// The tier's name.
  public var tierName: String
  /// The season points the tier needs.
  public var at: Int64
  /// The season's points when it was reached.
  public var points: Int64
  /// The XP it gives.
  public var rewardXP: Int
  /// The badge it gives, if any.
  public var badge: String?

  /// Creates the award.
  public init(
    season: String, seasonName: String, tier: Int, tierName: String, at: Int64, points: Int64, rewardXP: Int,
    badge: String? = nil
  ) {
    self.season = season
    self.seasonName = seasonName
    self.tier = tier
    self.tierName = tierName
    self.at = at
    self.points = points
    self.rewardXP = rewardXP
    self.badge = badge
  }

  init(_ record: Recorded.SeasonTier, pack: RulePack) {
    let season = pack.seasons?.seasons[record.season]
    let tier = season?.tiers[record.tier - 1]
    self.init(
      season: season?.id ?? "", seasonName: season?.name ?? "", tier: record.tier, tierName: tier?.name ?? "",
      at: tier?.at ?? 0,
      points: record.points, rewardXP: tier?.rewardXP ?? 0, badge: tier?.badge)
  }

  /// Writes `season`, `seasonName`, `tier`, `tierName`, `at`, `points`, `rewardXP`, and `badge` when the tier has one.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("season", season)
    w.field("seasonName", seasonName)
    w.field("tier", tier)
    w.field("tierName", tierName)
    w.field("at", at)
    w.field("points", points)
    w.field("rewardXP", rewardXP)
    if let badge { w.field("badge", badge) }
  }

  /// "season 'Spring Sprint' tier 2 'Silver' reached: 912 points ≥ 900 +100 XP, badge 'spring-silver'".
  public var explanation: String {
    let reward = rewardXP > 0 ? " +\(rewardXP) XP" : ""
    let badge = self.badge.map { ", badge '\($0)'" } ?? ""
    return "season '\(seasonName)' tier \(tier) '\(tierName)' reached: \(points) points ≥ \(at)\(reward)\(badge)"
  }

  /// "/spring-2026/2".
  public func subject(in award: Award) -> String { "/\(season)/\(tier)" }
  /// "season spring-2026 tier 2".
  public func token(in award: Award) -> String { "season \(season) tier \(tier)" }
}
