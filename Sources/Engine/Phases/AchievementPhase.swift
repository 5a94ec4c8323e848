import RuleLanguage

// Achievements are checked after every event, to a fixed point: reward XP can raise the level,
// which can meet further conditions. Each round collects the tiers whose conditions hold, then
// unlocks them in pack order (achievement, then tier). The rounds are bounded by the number of
// tiers, since each unlocks once.

extension Engine {
  func checkAchievements(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    let plan = achievementPlan
    let rules = pack.achievements
    let limit = rules.reduce(1) { $0 + $1.tiers.count }
    for _ in 0..<limit {
      var found: [(achievement: Int, tier: Int, values: [Contribution])] = []
      for (groupIndex, group) in plan.groups.enumerated() {
        var cursor = state.achievementCursors[groupIndex]
        guard cursor < group.entries.count else { continue }
        let value = self.value(of: group.fact, step, state)
        while cursor < group.entries.count, group.entries[cursor].isMet(by: value) {
          let entry = group.entries[cursor]
          if state.achievements[entry.achievement].tier <= entry.tier {
            found.append((entry.achievement, entry.tier, [Contribution(pack.facts.entries[group.slot].name, value)]))
          }
          cursor += 1
        }
        state.achievementCursors[groupIndex] = cursor
      }
      if !plan.general.isEmpty {
        fill(plan.generalSlots, step, state)
        for index in plan.general {
          let tier = state.achievements[index].tier
          guard tier < rules[index].tiers.count else { continue }
          let met: Bool
          let formula: Formula
          switch rules[index].tiers[tier].condition {
          case .formula(let condition):
            formula = condition
            met = try evaluate(condition, step) != 0
          case .metric(let metric, let atLeast):
            formula = metric
            met = try evaluate(metric, step) >= atLeast
          }
          if met {
            found.append((index, tier, formula.slots.map { Contribution(pack.facts.entries[$0].name, step.slots[$0]) }))
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
    let condition: String
    switch tierRule.condition {
    case .formula(let formula): condition = formula.source
    case .metric(let metric, let atLeast): condition = "\(metric.source) >= \(NumberText.format(atLeast))"
    }
    awards.append(
      .achievement(
        AchievementUnlock(
          eventID: step.eventID, day: step.day, id: rule.id, name: rule.name, tier: tier + 1, tierName: tierRule.name,
          rewardXP: tierRule.rewardXP, condition: condition, values: values)))
    if tierRule.rewardXP > 0 { try addPlayerXP(Int64(tierRule.rewardXP), &step, &state, &awards) }
  }
}
