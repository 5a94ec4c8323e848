/// The compact forms in which phases record awards: plain values with indexes into the pack
/// rather than names (each mechanic defines its own in its folder, as `Recorded.Name`).
package enum Recorded {}

/// One award as the engine records it: its day and its compact payload.
package struct AwardRecord: Sendable {
  /// The day the award belongs to (for a nutrition target, the day settled).
  package var day: Day
  package var payload: Payload

  package init(day: Day, _ payload: Payload) {
    self.day = day
    self.payload = payload
  }

  /// The payloads, one case per kind of award (the mechanics' registration lines).
  package enum Payload: Sendable {
    case xp(Recorded.XP)
    case levelUp(LevelUp)
    case streak(StreakUpdate)
    case personalRecord(Recorded.PersonalRecord)
    case achievement(Recorded.AchievementUnlock)
    case companionJoined(Recorded.CompanionJoined)
    case companionXP(Recorded.CompanionXP)
    case companionLevelUp(Recorded.CompanionLevelUp)
    case evolution(Recorded.Evolution)
    case nutritionTarget(Recorded.NutritionTarget)
    case loadSuggestion(Recorded.LoadSuggestion)
    case questCompleted(Recorded.QuestCompletion)
  }
}
