import RuleLanguage

/// Weekly goals (goals.json): a goal of workouts or minutes a week, reward XP, a streak of
/// weeks, and suggested goals.
package enum GoalsMechanic: Mechanic {
  package static let name = "goals"
  package static var index: Int { 12 }
  package static func decode(_ decoder: PackDecoder) -> GoalRules? { GoalRules.decode(decoder) }
  package static func summary(_ rules: GoalRules) -> String? {
    "weekly goals" + (rules.defaultGoal.map { " (default \($0.description))" } ?? "")
  }
  package static func facts(_ names: FactNames) -> [Fact] { GoalFacts.facts(names) }
  package static func formulas(_ rules: GoalRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "goals"
  package static let since = 3
  package static var state: WritableKeyPath<PlayerProgress, GoalsState> { \.goals }
  package static var emptyState: GoalsState { GoalsState() }
  package static func isAligned(_ state: GoalsState, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout GoalsState, to pack: RulePack) -> [String] { [] }

  package static func check(_ state: GoalsState, _ check: inout ProgressCheck) {
    if let goal = state.goal { check.amount("goal.target", goal.target, 1...10_080) }
    check.week("week", state.week)
    check.count("workouts", state.workouts)
    check.amount("minutes", state.minutes)
    check.count("streak", state.streak, 0...10_000_000)
    check.count("best", state.best, 0...10_000_000)
    check.count("weeksMet", state.weeksMet)
    if let suggested = state.suggested { check.amount("suggested", suggested, 1...10_080) }
    if state.history.count > GoalsState.maximumHistory {
      check.fail("history", "more than \(GoalsState.maximumHistory) weeks")
    }
    for (index, week) in state.history.enumerated() {
      check.week("history[\(index)].week", week.week)
      check.count("history[\(index)].workouts", week.workouts)
      check.amount("history[\(index)].minutes", week.minutes)
    }
  }

  package static func write(_ state: GoalsState, to w: inout BinaryWriter, pack: RulePack?) {
    w.optional(state.goal) { w, goal in
      w.bool(goal.kind == .minutes)
      w.double(goal.target)
    }
    w.optional(state.week) { $0.int($1) }
    w.int(state.workouts)
    w.double(state.minutes)
    w.bool(state.isMet)
    w.list(state.history) { w, week in
      w.int(week.week)
      w.int(week.workouts)
      w.double(week.minutes)
      w.bool(week.isMet)
    }
    w.int(state.streak)
    w.int(state.best)
    w.int(state.weeksMet)
    w.optional(state.suggested) { $0.double($1) }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> GoalsState {
    var state = GoalsState()
    state.goal = try r.optional { r throws(BinaryFormatError) in
      WeeklyGoal(kind: try r.bool() ? .minutes : .workouts, target: try r.double())
    }
    state.week = try r.optional { r throws(BinaryFormatError) in try r.int() }
    state.workouts = try r.int()
    state.minutes = try r.double()
    state.isMet = try r.bool()
    state.history = try r.list(maximum: GoalsState.maximumHistory) { r throws(BinaryFormatError) in
      GoalWeek(week: try r.int(), workouts: try r.int(), minutes: try r.double(), isMet: try r.bool())
    }
    state.streak = try r.int()
    state.best = try r.int()
    state.weeksMet = try r.int()
    state.suggested = try r.optional { r throws(BinaryFormatError) in try r.double() }
    return state
  }

  package static let phases = ["setGoal", "progressGoal", "closeGoalWeeks"]
  package static let awards: [any RecordedAward.Type] = [
    Recorded.GoalMet.self, Recorded.GoalMissed.self, Recorded.GoalSuggestion.self,
  ]
  package static let events: [any MechanicEvent.Type] = [GoalEvent.self]

  package static func metrics(_ rules: GoalRules, pack: RulePack) -> [RunMetric] {
    [
      RunMetric("goals.weeksMet") { Double($0.goals.weeksMet) },
      RunMetric("goals.bestStreak") { Double($0.goals.best) },
    ]
  }

  /// "150 minutes a week: met 21 weeks, best streak 9, 4 at the end", when there is a goal.
  package static func reportLine(_ state: GoalsState, rules: GoalRules) -> (label: String, text: String)? {
    guard let goal = state.goal ?? rules.defaultGoal else { return nil }
    let text =
      "\(goal.description) a week: met \(state.weeksMet) week\(state.weeksMet == 1 ? "" : "s"), best streak \(state.best), \(state.streak) at the end"
    return ("Weekly goals", text)
  }

  package static let metricFamilies = [
    RunMetric.Family("goals.weeksMet", label: "weekly goals met", "weeks whose weekly goal was met"),
    RunMetric.Family("goals.bestStreak", label: "best weekly goal streak", "longest run of weeks whose goal was met"),
  ]
}

extension RulePack {
  /// Weekly goal rules, when the pack has them.
  public var goals: GoalRules? { rules(GoalsMechanic.self) }
}
