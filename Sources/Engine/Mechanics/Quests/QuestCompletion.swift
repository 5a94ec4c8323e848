import RuleLanguage

extension Recorded {
  package struct QuestCompletion: Sendable {
    package var quest: Int
  }
}

/// A quest completed for its period.
public struct QuestCompletion: Sendable, Hashable, Codable {
  /// The quest id.
  public var id: String
  /// The quest name.
  public var name: String
  /// Whether it was a day's or a week's quest.
  public var period: Quest.Period
  /// The XP the quest gives.
  public var rewardXP: Int

  /// Creates the award.
  public init(id: String, name: String, period: Quest.Period, rewardXP: Int) {
    self.id = id
    self.name = name
    self.period = period
    self.rewardXP = rewardXP
  }

  init(_ record: Recorded.QuestCompletion, pack: RulePack) {
    let quest = pack.quests?.quests[record.quest]
    self.init(id: quest?.id ?? "", name: quest?.name ?? "", period: quest?.period ?? .day, rewardXP: quest?.rewardXP ?? 0)
  }

  func write(_ w: inout JSONWriter) {
    w.field("id", id)
    w.field("name", name)
    w.field("period", period.rawValue)
    w.field("rewardXP", rewardXP)
  }

  var explanation: String {
    let reward = rewardXP > 0 ? " +\(rewardXP) XP" : ""
    return "quest '\(name)' completed for the \(period.rawValue)\(reward)"
  }

  var token: String { "quest \(id)" }
}
