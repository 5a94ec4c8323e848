import RuleLanguage

// Achievements are checked after every event, to a fixed point: reward XP can raise the level,
// which can meet further conditions. Each round collects the tiers whose conditions hold, then
// unlocks them in pack order (achievement, then tier). The rounds are bounded by the number of
// tiers, since each unlocks once.

extension Engine {
  func checkAchievements(
    _ context: inout EventContext, _ state: inout PlayerProgress, _ cursors: inout [Int], _ log: inout AwardLog
  ) throws(EngineError) {
    let groups = plan.groups
    let groupEnds = plan.groupEnds
    let entries = plan.entries
    guard plan.tierCount > 0 else { return }
    for _ in 0...plan.tierCount {
      var found: [(achievement: Int, tier: Int, values: ValueRange)] = []
      for group in groups.indices {
        var cursor = cursors[group]
        let end = Int(groupEnds[group])
        guard cursor < end else { continue }
        let slot = Int(groups[group])
        let value = read(slot, &context, &state)
        guard entries[cursor].isMet(by: value) else { continue }
        while cursor < end, entries[cursor].isMet(by: value) {
          let entry = entries[cursor]
          if state.achievements[entry.achievement].tier <= entry.tier {
            let values = log.isExplaining ? log.append(values: [Double(slot), value]) : .empty
            found.append((entry.achievement, entry.tier, values))
          }
          cursor += 1
        }
        cursors[group] = cursor
      }
      if plan.hasGeneralAchievements {
        let plan = self.plan.achievements
        fill(self.plan.achievementSlots, &context, &state)
        for general in plan.general {
          let tier = state.achievements[general.achievement].tier
          guard tier < general.conditions.count else { continue }
          let condition = general.conditions[tier]
          let value = try evaluate(condition.formula, context)
          if condition.atLeast.map({ value >= $0 }) ?? (value != 0) {
            let values = log.isExplaining
              ? log.append(values: condition.formula.slots.flatMap { [Double($0), context.slots[$0]] }) : .empty
            found.append((general.achievement, tier, values))
          }
        }
      }
      if found.isEmpty { return }
      found.sort { ($0.achievement, $0.tier) < ($1.achievement, $1.tier) }
      for unlock in found {
        try self.unlock(unlock.achievement, tier: unlock.tier, values: unlock.values, &context, &state, &log)
      }
    }
  }

  private func unlock(
    _ index: Int, tier: Int, values: ValueRange, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ log: inout AwardLog
  ) throws(EngineError) {
    let tierRule = pack.achievements[index].tiers[tier]
    state.achievements[index].tier = tier + 1
    state.achievements[index].unlockedOn = context.day
    state.totals.achievements += 1
    if log.isRecording {
      log.append(AwardRecord(day: context.day, .achievement(Recorded.AchievementUnlock(achievement: index, tier: tier + 1, values: values))))
    }
    if tierRule.rewardXP > 0 { try addPlayerXP(Int64(tierRule.rewardXP), &context, &state, &log) }
  }
}
