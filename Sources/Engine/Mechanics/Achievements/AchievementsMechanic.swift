import RuleLanguage

/// Achievements (achievements.json): conditions and tiers over the player's facts, unlocked once.
package enum AchievementsMechanic: Mechanic {
  package static let name = "achievements"
  package static var index: Int { 5 }
  package static func decode(_ decoder: PackDecoder) -> [AchievementRule]? { AchievementRule.decode(decoder) }
  package static func summary(_ rules: [AchievementRule]) -> String? { "\(rules.count) achievements" }
  package static func facts(_ names: FactNames) -> [Fact] { AchievementFacts.facts(names) }
  /// One site: the conditions that are not indexed (see ``AchievementPlan``).
  package static func formulas(_ rules: [AchievementRule], pack: RulePack) -> [[Formula]] {
    [AchievementPlan(pack: pack).formulas]
  }

  package static let stateKey = "achievements"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, [AchievementProgress]> { \.achievements }
  package static var emptyState: [AchievementProgress] { [] }

  package static func isAligned(_ state: [AchievementProgress], to pack: RulePack) -> Bool {
    state.hasNames(pack.achievementIDs, \.id)
      && zip(state, pack.achievements).allSatisfy { (0...$1.tiers.count).contains($0.tier) }
  }

  package static func align(_ state: inout [AchievementProgress], to pack: RulePack) -> [String] {
    let dropped = state.align(to: pack.achievementIDs, \.id, make: AchievementProgress.init)
    for (index, rule) in pack.achievements.enumerated() where !(0...rule.tiers.count).contains(state[index].tier) {
      // A tier the pack no longer has (tiers were removed): the highest that remains.
      state[index].tier = min(max(state[index].tier, 0), rule.tiers.count)
    }
    return dropped
  }

  package static func check(_ state: [AchievementProgress], _ check: inout ProgressCheck) {
    for (index, achievement) in state.enumerated() {
      check.count("[\(index)].tier", achievement.tier, 0...1_000)
      check.period("[\(index)].unlockedOn", achievement.unlockedOn?.number)
    }
    check.unique(state, "", what: "achievement", name: \.id)
  }

  package static func write(_ state: [AchievementProgress], to w: inout BinaryWriter, pack: RulePack?) {
    w.entries(
      state, packNames: pack?.nameLists.achievements, name: \.id, isNew: { $0.tier == 0 && $0.unlockedOn == nil }
    ) {
      w, achievement in
      w.int(achievement.tier)
      w.optional(achievement.unlockedOn) { $0.day($1) }
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError)
    -> [AchievementProgress]
  {
    try r.entries(packNames: pack?.nameLists.achievements, make: AchievementProgress.init) {
      r, achievement throws(BinaryFormatError) in
      achievement.tier = try r.int()
      achievement.unlockedOn = try r.optional { r throws(BinaryFormatError) in try r.day() }
    }
  }

  package static let phases = ["checkAchievements"]
  package static let awards: [any RecordedAward.Type] = [Recorded.AchievementUnlock.self]
}

extension RulePack {
  /// The achievements, in the pack's order.
  public var achievements: [AchievementRule] { rules(AchievementsMechanic.self) ?? [] }
  /// The achievements' ids, in the pack's order.
  package var achievementIDs: [String] { nameLists.achievements.names }
}
