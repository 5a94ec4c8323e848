import RuleLanguage

/// The mechanics of the engine, registered once here: where each one's facts and formulas come
/// from. A mechanic's own folder (Mechanics/NAME/) holds its rules and their decoding, its saved
/// state, its facts, its phase and its awards; besides this list, adding one touches the files
/// that must name it: `RulePack` (its rules), `PlayerProgress` (its state), `Pipeline` (when it
/// runs), `AwardRecord` and `Award` (its awards). docs/architecture.md walks through an example.
package enum Mechanics {
  /// The rule files a pack may contain, in loading order; the first three are required.
  package static let files = [
    "pack", "xp", "levels", "streaks", "records", "exercises", "achievements", "companions", "nutrition",
    "progression", "quests",
  ]
  package static let requiredFiles: Set<String> = ["pack", "xp", "levels"]

  /// Every fact formulas can read, in slot order.
  package static func facts(_ names: FactNames) -> [Fact] {
    ActivityFacts.facts(names) + RecordFacts.facts(names) + XPFacts.facts(names) + LevelFacts.facts(names)
      + StreakFacts.facts(names) + AchievementFacts.facts(names) + CompanionFacts.facts(names)
      + NutritionFacts.facts(names) + QuestFacts.facts(names)
  }

  /// Every formula the engine evaluates on an event's slots (their deepest stack sizes the
  /// engine's operand stack).
  package static func formulas(_ pack: RulePack, achievements: AchievementPlan) -> [Formula] {
    pack.xp.formulas + (pack.companions?.formulas ?? []) + (pack.nutrition?.formulas ?? []) + achievements.formulas
      + (pack.quests?.formulas ?? [])
  }
}
