import RuleLanguage

/// The core activity: the day and week being accumulated, lifetime and per-category totals. No
/// rule file of its own (categories and exercises are the pack's shared parts).
package enum ActivityMechanic: Mechanic {
  package static let name = "activity"
  package static var index: Int { 0 }
  package static func decode(_ decoder: PackDecoder) -> NoRules? { NoRules() }
  package static func facts(_ names: FactNames) -> [Fact] { ActivityFacts.facts(names) }
  package static func formulas(_ rules: NoRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "activity"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, ActivityState> { \.activity }
  package static var emptyState: ActivityState { ActivityState() }

  package static func isAligned(_ state: ActivityState, to pack: RulePack) -> Bool {
    state.categories.hasNames(pack.categoryNames, \.name)
  }

  package static func align(_ state: inout ActivityState, to pack: RulePack) -> [String] {
    state.categories.align(to: pack.categoryNames, \.name, make: CategoryTotals.init)
  }

  package static func check(_ state: ActivityState, _ check: inout ProgressCheck) {
    let t = state.totals
    check.count("totals.workouts", t.workouts)
    check.count("totals.sets", t.sets)
    check.count("totals.reps", t.reps)
    check.count("totals.activeDays", t.activeDays)
    check.count("totals.prs", t.prs)
    check.count("totals.achievements", t.achievements)
    check.count("totals.evolutions", t.evolutions)
    check.count("totals.nutritionDays", t.nutritionDays)
    check.amount("totals.minutes", t.minutes)
    check.amount("totals.volumeKg", t.volumeKg)
    check.period("today.day", state.today.day?.number)
    check.count("today.xp", state.today.xp)
    check.count("today.workouts", state.today.workouts)
    check.amount("today.activeKcal", state.today.activeKcal)
    if let intake = state.today.intakeKcal { check.amount("today.intakeKcal", intake) }
    check.week("week.week", state.week.week)
    check.count("week.workouts", state.week.workouts)
    check.week("firstWeek", state.firstWeek)
    for (index, category) in state.categories.enumerated() {
      check.count("categories[\(index)].workouts", category.workouts)
      check.amount("categories[\(index)].minutes", category.minutes)
      check.amount("categories[\(index)].volumeKg", category.volumeKg)
    }
    check.unique(state.categories, "categories", what: "category", name: \.name)
  }

  package static func write(_ state: ActivityState, to w: inout BinaryWriter, pack: RulePack?) {
    let t = state.totals
    for count in [t.workouts, t.sets, t.reps, t.activeDays, t.prs, t.achievements, t.evolutions, t.nutritionDays] {
      w.int(count)
    }
    w.double(t.minutes)
    w.double(t.volumeKg)
    w.optional(state.today.day) { $0.day($1) }
    w.bool(state.today.isClosed)
    w.int64(state.today.xp)
    w.int(state.today.workouts)
    w.double(state.today.activeKcal)
    w.optional(state.today.intakeKcal) { $0.double($1) }
    w.optional(state.week.week) { $0.int($1) }
    w.int(state.week.workouts)
    w.optional(state.firstWeek) { $0.int($1) }
    w.entries(
      state.categories, packNames: pack?.nameLists.categories, name: \.name,
      isNew: { $0.workouts == 0 && $0.minutes == 0 && $0.volumeKg == 0 }
    ) { w, category in
      w.int(category.workouts)
      w.double(category.minutes)
      w.double(category.volumeKg)
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> ActivityState {
    var state = ActivityState()
    state.totals.workouts = try r.int()
    state.totals.sets = try r.int()
    state.totals.reps = try r.int()
    state.totals.activeDays = try r.int()
    state.totals.prs = try r.int()
    state.totals.achievements = try r.int()
    state.totals.evolutions = try r.int()
    state.totals.nutritionDays = try r.int()
    state.totals.minutes = try r.double()
    state.totals.volumeKg = try r.double()
    state.today.day = try r.optional { r throws(BinaryFormatError) in try r.day() }
    state.today.isClosed = try r.bool()
    state.today.xp = try r.int64()
    state.today.workouts = try r.int()
    state.today.activeKcal = try r.double()
    state.today.intakeKcal = try r.optional { r throws(BinaryFormatError) in try r.double() }
    state.week.week = try r.optional { r throws(BinaryFormatError) in try r.int() }
    state.week.workouts = try r.int()
    state.firstWeek = try r.optional { r throws(BinaryFormatError) in try r.int() }
    state.categories = try r.entries(packNames: pack?.nameLists.categories, make: CategoryTotals.init) {
      r, category throws(BinaryFormatError) in
      category.workouts = try r.int()
      category.minutes = try r.double()
      category.volumeKg = try r.double()
    }
    return state
  }

  package static let phases = ["prepare", "startDay", "addTotals", "logIntake"]
  package static let awards: [any RecordedAward.Type] = []
}

extension RulePack {
  /// The categories' names, in the pack's order.
  package var categoryNames: [String] { nameLists.categories.names }
  /// The exercises' names, in the pack's order.
  package var exerciseNames: [String] { nameLists.exercises.names }
}
