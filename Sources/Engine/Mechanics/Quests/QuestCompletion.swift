import RuleLanguage

extension Recorded {
  package struct QuestCompletion: Sendable {
    package var quest: Int
  }
}

extension Recorded.QuestCompletion: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> QuestCompletion {
    QuestCompletion(self, pack: pack)
  }
}

/// A quest completed for its period.
public struct QuestCompletion: AwardPayload, FieldListPayload {
  /// `"questCompleted"`.
  public static let type = "questCompleted"
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
    self.init(
      id: quest?.id ?? "", name: quest?.name ?? "", period: quest?.period ?? .day, rewardXP: quest?.rewardXP ?? 0)
  }

  /// Writes `id`, `name`, `period`, `rewardXP`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("id", id)
    w.field("name", name)
    w.field("period", period.rawValue)
    w.field("rewardXP", rewardXP)
  }

  /// "quest 'Move Today' completed for the day +10 XP".
  public var explanation: String {
    let reward = rewardXP > 0 ? " +\(rewardXP) XP" : ""
    return "quest '\(name)' completed for the \(period.rawValue)\(reward)"
  }

  /// "/daily-move".
  public func subject(in award: Award) -> String { "/\(id)" }
  /// "quest daily-move".
  public func token(in award: Award) -> String { "quest \(id)" }
}
