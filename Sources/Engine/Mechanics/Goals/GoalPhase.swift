import RuleLanguage

// Weekly goals. Each workout adds to its ISO week's workouts and minutes; the week's goal is met
// by the workout (or the goal event) that reaches its target, once: reward XP (counted like an
// achievement's), and the streak of weeks grows. Days paused in a week (rest.json) lower its
// target pro rata (target × unpaused days ÷ 7, rounded up); a week paused whole has no goal and
// neither extends nor breaks the streak. When a new week opens, the weeks before it close: one
// whose goal was not met breaks the streak (one `goalMissed` award), and the next goal may be
// suggested from the last weeks.

extension Engine {
  /// The goal in force: the player's, else the pack's default.
  func goal(_ state: borrowing PlayerProgress) -> WeeklyGoal? { state.goals.goal ?? pack.goals?.defaultGoal }

  /// A week's target after its paused days; nil when the week is paused whole.
  func target(of goal: WeeklyGoal, week: Int, _ state: borrowing PlayerProgress) -> Double? {
    let monday = Day.monday(ofWeek: week)
    let paused = state.rest.pausedDays(from: monday, to: monday.adding(6))
    guard paused < 7 else { return nil }
    return paused == 0 ? goal.target : (goal.target * Double(7 - paused) / 7).rounded(.up)
  }

  /// A `goal` event: the goal changes from this week on (and is met at once if the week already
  /// reaches it).
  func setGoal(_ event: GoalEvent, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    state.goals.goal = event.goal
    try checkGoal(&context, &state, &log)
  }

  /// A workout counts towards its week's goal.
  func progressGoal(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    state.goals.workouts += 1
    state.goals.minutes += context.facts.durationMin
    try checkGoal(&context, &state, &log)
  }

  private func checkGoal(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let rules = pack.goals, !state.goals.isMet, let goal = goal(state), let week = state.goals.week,
      let target = target(of: goal, week: week, state)
    else { return }
    let achieved = goal.kind == .workouts ? Double(state.goals.workouts) : state.goals.minutes
    guard achieved >= target else { return }
    state.goals.isMet = true
    state.goals.streak += 1
    state.goals.best = max(state.goals.best, state.goals.streak)
    state.goals.weeksMet += 1
    if log.isRecording {
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.GoalMet(
            week: week, kind: goal.kind, goal: goal.target, target: target, achieved: achieved,
            streak: state.goals.streak)))
    }
    if rules.rewardXP > 0 { try addPlayerXP(Int64(rules.rewardXP), &context, &state, &log) }
  }

  /// Opening a day of a new week: close the weeks before it, then suggest the next goal.
  func closeGoalWeeks(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    let week = context.day.week
    guard let rules = pack.goals, state.goals.week != week else { return }
    if let current = state.goals.week, current < week {
      let goal = self.goal(state)
      var missed: GoalWeek?
      let lost = state.goals.streak
      for closing in current..<week {
        let entry =
          closing == current
          ? GoalWeek(
            week: closing, workouts: state.goals.workouts, minutes: state.goals.minutes, isMet: state.goals.isMet)
          : GoalWeek(week: closing, workouts: 0, minutes: 0, isMet: false)
        if closing >= week - GoalsState.maximumHistory { state.goals.history.append(entry) }
        if let goal, !entry.isMet, target(of: goal, week: closing, state) != nil, missed == nil {
          missed = entry
          state.goals.streak = 0
        }
      }
      state.goals.history.removeFirst(max(0, state.goals.history.count - GoalsState.maximumHistory))
      if let missed, let goal, log.isRecording {
        log.append(
          AwardRecord(
            day: context.day,
            Recorded.GoalMissed(
              week: missed.week, kind: goal.kind, target: target(of: goal, week: missed.week, state) ?? goal.target,
              achieved: missed.amount(goal.kind), lostStreak: lost)))
      }
    }
    state.goals.week = week
    state.goals.workouts = 0
    state.goals.minutes = 0
    state.goals.isMet = false
    if let suggestion = rules.suggestion { try suggestGoal(suggestion, rules, &context, &state, &log) }
  }

  /// Suggests next week's goal from the last weeks: the formula, kept within ±maxChange of the
  /// current target and within the limits, rounded to a whole number inside those bounds.
  private func suggestGoal(
    _ suggestion: GoalRules.Suggestion, _ rules: GoalRules, _ context: inout EventContext,
    _ state: inout PlayerProgress, _ log: inout AwardLog
  ) throws(EngineError) {
    guard let goal = goal(state) else { return }
    let weeks = state.goals.history.suffix(suggestion.weeks)
    guard !weeks.isEmpty else { return }
    let amounts = weeks.map { $0.amount(goal.kind) }
    let average = amounts.reduce(0, +) / Double(amounts.count)
    let raw: Double
    do {
      raw = try suggestion.formula.evaluate(
        average, amounts.max() ?? 0, Double(weeks.filter(\.isMet).count), Double(weeks.count), goal.target)
    } catch {
      throw failure(suggestion.formula, error)
    }
    let limits = rules.limits(goal.kind)
    let low = max(goal.target * (1 - suggestion.maxChange), limits.lowerBound)
    let high = min(goal.target * (1 + suggestion.maxChange), limits.upperBound)
    let bounded = min(max(raw, low), high)
    var suggested = bounded.rounded(.toNearestOrAwayFromZero)
    if suggested > high { suggested = high.rounded(.down) }
    if suggested < low { suggested = low.rounded(.up) }
    state.goals.suggested = suggested
    if suggestion.adopt { state.goals.goal = WeeklyGoal(kind: goal.kind, target: suggested) }
    if log.isRecording {
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.GoalSuggestion(
            week: context.day.week, kind: goal.kind, target: goal.target, suggested: suggested, raw: raw,
            average: average,
            weeks: weeks.count, isClamped: raw < low || raw > high, isAdopted: suggestion.adopt)))
    }
  }
}
