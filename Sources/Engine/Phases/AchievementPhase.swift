import RuleLanguage

// Achievements are checked after every event, to a fixed point: reward XP can raise the level,
// which can meet further conditions. Each round collects the tiers whose conditions hold, then
// unlocks them in pack order (achievement, then tier). The rounds are bounded by the number of
// tiers, since each unlocks once.

extension Engine {
  func checkAchievements(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    let plan = achievementPlan
    for _ in 0..<plan.tierCount + 1 {
      var found: [(achievement: Int, tier: Int, values: [Contribution])] = []
      plan.entries.withUnsafeBufferPointer { entries in
        for group in plan.groups.indices {
          var cursor = state.cursorCache.values[group]
          let end = plan.groupEnds[group]
          guard cursor < end else { continue }
          let value = self.value(of: plan.groupFacts[group], step, state)
          guard entries[cursor].isMet(by: value) else { continue }
          while cursor < end, entries[cursor].isMet(by: value) {
            let entry = entries[cursor]
            if state.achievements[entry.achievement].tier <= entry.tier {
              found.append((entry.achievement, entry.tier, [Contribution(pack.facts.entries[plan.groups[group]].name, value)]))
            }
            cursor += 1
          }
          state.cursorCache.values[group] = cursor
        }
      }
      if !plan.general.isEmpty {
        fill(plan.generalSlots, step, state)
        for general in plan.general {
          let tier = state.achievements[general.achievement].tier
          guard tier < general.conditions.count else { continue }
          let condition = general.conditions[tier]
          let value = try evaluate(condition.formula, step)
          if condition.atLeast.map({ value >= $0 }) ?? (value != 0) {
            found.append((general.achievement, tier, condition.formula.slots.map { Contribution(pack.facts.entries[$0].name, step.slots[$0]) }))
          }
        }
      }
      if found.isEmpty { return }
      found.sort { ($0.achievement, $0.tier) < ($1.achievement, $1.tier) }
      for unlock in found {
        try self.unlock(unlock.achievement, tier: unlock.tier, values: unlock.values, &step, &state, &awards)
      }
      state.cursorCache.unlockCount = state.totals.achievements
    }
  }

  private func unlock(
    _ index: Int, tier: Int, values: [Contribution], _ step: inout Step, _ state: inout PlayerState,
    _ awards: inout [Award]
  ) throws(EngineError) {
    let rule = pack.achievements[index]
    let tierRule = rule.tiers[tier]
    state.achievements[index].tier = tier + 1
    state.achievements[index].unlockedOn = step.day
    state.totals.achievements += 1
    let unlock = tierRule.condition
    let condition = unlock.atLeast.map { "\(unlock.formula.source) >= \(NumberText.format($0))" } ?? unlock.formula.source
    awards.append(
      .achievement(
        AchievementUnlock(
          eventID: step.eventID, day: step.day, id: rule.id, name: rule.name, tier: tier + 1, tierName: tierRule.name,
          rewardXP: tierRule.rewardXP, condition: condition, values: values)))
    if tierRule.rewardXP > 0 { try addPlayerXP(Int64(tierRule.rewardXP), &step, &state, &awards) }
  }
}
