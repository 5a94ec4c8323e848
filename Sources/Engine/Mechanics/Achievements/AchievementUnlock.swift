import RuleLanguage

extension Recorded {
  /// An unlock; `values` holds (slot, value) pairs of what its condition read.
  package struct AchievementUnlock: Sendable {
    package var achievement: Int
    package var tier: Int
    package var values: ValueRange
  }
}

extension Recorded.AchievementUnlock: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> AchievementUnlock {
    AchievementUnlock(self, values: log.values.slice(self.values), pack: pack)
  }

  /// Writes ``AchievementUnlock/write(_:)``'s fields straight from the record, the condition's
  /// text written into the line rather than built.
  package func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
    let rule = pack.achievements[achievement]
    let tier = rule.tiers[self.tier - 1]
    out.field("id", rule.id)
    out.field("name", rule.name)
    out.field("tier", self.tier)
    if let tierName = tier.name { out.field("tierName", tierName) }
    out.field("rewardXP", tier.rewardXP)
    // `FORMULA >= AT` (``NumberText/format(_:)``, which needs no escape), or the formula.
    out.key("condition")
    out.byte(UInt8(ascii: "\""))
    out.escaped(tier.condition.formula.source)
    if let atLeast = tier.condition.atLeast {
      out.append(" >= ")
      out.number(atLeast)
    }
    out.byte(UInt8(ascii: "\""))
    out.namedValues("values", log.values.slice(values), pack: pack)
  }
}

/// An achievement tier unlocked, with the values that met its condition.
public struct AchievementUnlock: AwardPayload, KeepsWrittenOrder {
  /// `"achievement"`.
  public static let type = "achievement"
  /// The achievement id.
  public var id: String
  /// The achievement name.
  public var name: String
  /// The tier unlocked, from 1.
  public var tier: Int
  /// The tier's name, when the tier has one.
  public var tierName: String?
  /// The XP the tier gives.
  public var rewardXP: Int
  /// The condition as written (for a tier: `metric >= at`).
  public var condition: String
  /// The variables the condition read, with their values.
  public var values: [Contribution]

  /// Creates an unlock.
  public init(
    id: String, name: String, tier: Int, tierName: String? = nil, rewardXP: Int, condition: String,
    values: [Contribution]
  ) {
    self.id = id
    self.name = name
    self.tier = tier
    self.tierName = tierName
    self.rewardXP = rewardXP
    self.condition = condition
    self.values = values
  }

  init(_ record: Recorded.AchievementUnlock, values: ArraySlice<Double>, pack: RulePack) {
    let rule = pack.achievements[record.achievement]
    let tier = rule.tiers[record.tier - 1]
    let unlock = tier.condition
    let condition =
      unlock.atLeast.map { "\(unlock.formula.source) >= \(NumberText.format($0))" } ?? unlock.formula.source
    self.init(
      id: rule.id, name: rule.name, tier: record.tier, tierName: tier.name, rewardXP: tier.rewardXP,
      condition: condition,
      values: pack.namedValues(values))
  }

  enum CodingKeys: String, CodingKey {
    case id, name, tier, tierName, rewardXP, condition, values
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    tier = try container.decode(Int.self, forKey: .tier)
    tierName = try container.decodeIfPresent(String.self, forKey: .tierName)
    rewardXP = try container.decode(Int.self, forKey: .rewardXP)
    condition = try container.decode(String.self, forKey: .condition)
    values = try container.decode(Contributions.self, forKey: .values).items
  }

  /// Writes `id`, `name`, `tier`, `tierName` (when named), `rewardXP`, `condition`, `values`.
  public func write(_ w: inout JSONWriter) {
    w.field("id", id)
    w.field("name", name)
    w.field("tier", tier)
    if let tierName { w.field("tierName", tierName) }
    w.field("rewardXP", rewardXP)
    w.field("condition", condition)
    Contributions(values).write("values", &w)
  }

  /// "achievement 'Iron Month' unlocked +100 XP: player.workouts >= 12 with player.workouts = 12".
  public var explanation: String {
    let tier = tierName.map { " '\($0)'" } ?? (self.tier > 1 ? " tier \(self.tier)" : "")
    let read = values.map { "\($0.name) = \(NumberText.short($0.value))" }.joined(separator: ", ")
    let reward = rewardXP > 0 ? " +\(rewardXP) XP" : ""
    return "achievement '\(name)'\(tier) unlocked\(reward): \(condition) with \(read)"
  }

  /// "/iron-month/2".
  public func subject(in award: Award) -> String { "/\(id)/\(tier)" }

  mutating func restoreOrder(_ order: AwardJSONOrder) { values = order.reorder(values, "values") }

  /// "achievement iron-month" ("achievement iron-month.2" for a later tier).
  public func token(in award: Award) -> String { tier > 1 ? "achievement \(id).\(tier)" : "achievement \(id)" }
}
