import RuleLanguage

// Seasons: a workout on a day of a season earns that season's points (its formula, rounded half
// away from zero, at least 0); each tier the points reach is awarded once, in order, and its
// reward XP counts like an achievement's (it can raise the level; achievements run after).

extension Engine {
  func earnSeasonPoints(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let rules = pack.seasons else { return }
    var filled = false
    for index in rules.seasons.indices where rules.seasons[index].contains(context.day) {
      let season = rules.seasons[index]
      if !filled {
        fill(slots(SeasonsMechanic.self, 0), &context, &state)
        filled = true
      }
      let points = max(
        0,
        try wholeXP(
          RoundingMode.halfAwayFromZero(try evaluate(SeasonsMechanic.self, site: 0, formula: index, context))))
      var progress = state.seasons.seasons[index]
      try add(points, to: &progress.points, "season '\(season.id)' points")
      var reached: [Int] = []
      while progress.tier < season.tiers.count, progress.points >= season.tiers[progress.tier].at {
        progress.tier += 1
        reached.append(progress.tier)
      }
      state.seasons.seasons[index] = progress
      state.seasons.tiers += reached.count
      for tier in reached {
        if log.isRecording {
          log.append(
            AwardRecord(day: context.day, Recorded.SeasonTier(season: index, tier: tier, points: progress.points)))
        }
        let reward = season.tiers[tier - 1].rewardXP
        if reward > 0 { try addPlayerXP(Int64(reward), &context, &state, &log) }
      }
    }
  }
}
