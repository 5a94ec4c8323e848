// Quests: each workout adds to the totals of its day and of its ISO week; then every quest not
// yet completed in its current period is checked, in the pack's order, and completes at the
// workout that meets its goal. A quest's reward XP counts like an achievement's: it can raise the
// level (and so unlock achievements, which are checked after quests).

extension Engine {
  func progressQuests(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let rules = pack.quests else { return }
    // The day's and the week's keys (a tuple: an array would be allocated on every workout).
    let keys = (context.day.number, context.day.week)
    let categories = pack.categories.count
    for index in 0..<2 {
      let key = index == 0 ? keys.0 : keys.1
      Self.count(context.facts, in: &state.quests.periods[index], period: key, categories: categories)
    }
    // The slots are filled for one period at a time, and again after a completion (its count
    // and reward change what the facts read).
    var filled = -1
    for index in rules.quests.indices {
      let periodIndex = rules.quests[index].period == .day ? 0 : 1
      let key = periodIndex == 0 ? keys.0 : keys.1
      guard state.quests.quests[index].lastPeriod != key else { continue }
      if filled != periodIndex {
        context.questPeriod = periodIndex
        fill(slots(QuestsMechanic.self, 0), &context, &state)
        filled = periodIndex
      }
      guard try evaluate(QuestsMechanic.self, site: 0, formula: index, context) != 0 else { continue }
      filled = -1
      state.quests.quests[index].completions += 1
      state.quests.quests[index].lastPeriod = key
      state.quests.completions += 1
      if log.isRecording { log.append(AwardRecord(day: context.day, Recorded.QuestCompletion(quest: index))) }
      let reward = rules.quests[index].rewardXP
      if reward > 0 { try addPlayerXP(Int64(reward), &context, &state, &log) }
    }
  }

  /// Counts a workout in a period's totals (one access to them), restarting them for a new
  /// period.
  @inline(__always)
  private static func count(_ facts: borrowing EventFacts, in totals: inout PeriodTotals, period: Int, categories: Int)
  {
    if totals.period != period { totals.restart(period: period, categories: categories) }
    totals.add(facts)
  }
}
