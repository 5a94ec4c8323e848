import RuleLanguage

// Seasons: a workout on a day of a season earns that season's points (its formula, rounded half
// away from zero, at least 0); each tier the points reach is awarded once, in order, and its
// reward XP counts like an achievement's (it can raise the level; achievements run after).

extension Engine {
  func earnSeasonPoints(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let rules = pack.seasons else { return }
    let seasons = plan.seasons
    var filled = false
    for index in seasons.days.indices where seasons.days[index].from <= context.day {
      guard context.day <= seasons.days[index].to else { continue }
      if !filled {
        fill(slots(SeasonsMechanic.self, 0), &context, &state)
        filled = true
      }
      let points = max(
        0,
        try wholeXP(
          RoundingMode.halfAwayFromZero(try evaluate(SeasonsMechanic.self, site: 0, formula: index, context))))
      // The season's progress changes in place (only once its new points are known to fit).
      try add(points, to: &state.seasons.seasons[index].points, "season '\(rules.seasons[index].id)' points")
      let total = state.seasons.seasons[index].points
      let first = Int(seasons.tierStarts[index])
      let tiers = Int(seasons.tierStarts[index + 1]) - first
      let before = state.seasons.seasons[index].tier
      var tier = before
      while tier < tiers, total >= seasons.tierPoints[first + tier] { tier += 1 }
      guard tier > before else { continue }
      state.seasons.seasons[index].tier = tier
      state.seasons.tiers += tier - before
      for reached in before + 1...tier {
        if log.isRecording {
          log.append(AwardRecord(day: context.day, Recorded.SeasonTier(season: index, tier: reached, points: total)))
        }
        let reward = seasons.tierRewards[first + reached - 1]
        if reward > 0 { try addPlayerXP(Int64(reward), &context, &state, &log) }
      }
    }
  }
}
