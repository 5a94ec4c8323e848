/// Checks a saved progress for values no sequence of events can produce (a negative count, a
/// level of a million, an active companion that does not exist, a week number past year 9999):
/// a state file edited by hand, or damaged, is refused with the field's path rather than
/// crashing or misbehaving later. Pack-dependent shape (one entry per category, exercise,
/// achievement) is aligned by ``Engine/reconcile(_:)`` instead.
struct ProgressCheck {
  private(set) var problems: [(path: String, message: String)] = []
  let prefix: String

  /// The largest exact integer of a Double; counts and XP stay below it.
  static let exact = 9_007_199_254_740_992.0
  /// Day numbers of 0001-01-01 and 9999-12-31, and the ISO weeks between them.
  static let days = -719_162...2_932_896
  static let weeks = (-719_162 + 3) / 7 - 1...(2_932_896 + 3) / 7

  init(_ prefix: String) { self.prefix = prefix }

  mutating func fail(_ path: String, _ message: String) { problems.append((prefix + "." + path, message)) }

  mutating func count(_ path: String, _ value: some BinaryInteger, _ range: ClosedRange<Double> = 0...exact) {
    if !range.contains(Double(value)) { fail(path, "\(value) is outside \(Int64(range.lowerBound))…\(Int64(range.upperBound))") }
  }

  mutating func amount(_ path: String, _ value: Double, _ range: ClosedRange<Double> = 0...exact) {
    if !value.isFinite || !range.contains(value) { fail(path, "\(value) is not a number in \(range.lowerBound)…\(range.upperBound)") }
  }

  mutating func week(_ path: String, _ value: Int?) {
    if let value, !Self.weeks.contains(value) { fail(path, "week \(value) is outside years 1–9999") }
  }

  mutating func period(_ path: String, _ value: Int?) {
    if let value, !Self.days.contains(value) { fail(path, "\(value) is outside years 1–9999") }
  }

  /// Every check of a progress.
  mutating func check(_ p: PlayerProgress) {
    count("xp", p.xp)
    count("level", p.level, 1...1_000_000)
    let t = p.totals
    for (name, value) in [
      ("workouts", t.workouts), ("sets", t.sets), ("reps", t.reps), ("activeDays", t.activeDays), ("prs", t.prs),
      ("achievements", t.achievements), ("evolutions", t.evolutions), ("nutritionDays", t.nutritionDays),
    ] {
      count("totals.\(name)", value)
    }
    amount("totals.minutes", t.minutes)
    amount("totals.volumeKg", t.volumeKg)
    count("today.xp", p.today.xp)
    count("today.workouts", p.today.workouts)
    amount("today.activeKcal", p.today.activeKcal)
    if let intake = p.today.intakeKcal { amount("today.intakeKcal", intake) }
    week("week.week", p.week.week)
    count("week.workouts", p.week.workouts)
    week("firstWeek", p.firstWeek)
    for (index, category) in p.categories.enumerated() {
      count("categories[\(index)].workouts", category.workouts)
      amount("categories[\(index)].minutes", category.minutes)
      amount("categories[\(index)].volumeKg", category.volumeKg)
    }
    count("streak.current", p.streak.current, 0...10_000_000)
    count("streak.best", p.streak.best, 0...10_000_000)
    count("streak.freezes", p.streak.freezes, 0...100)
    for (index, record) in p.records.enumerated() {
      count("records[\(index)].sessions", record.sessions)
      amount("records[\(index)].heaviestKg", record.heaviestKg)
      amount("records[\(index)].bestEstimatedOneRepMaxKg", record.bestEstimatedOneRepMaxKg)
      for (entry, reps) in record.repsAtWeight.enumerated() {
        amount("records[\(index)].repsAtWeight[\(entry)].weightKg", reps.weightKg)
        count("records[\(index)].repsAtWeight[\(entry)].reps", reps.reps, 0...999)
      }
    }
    for (index, load) in p.loads.enumerated() {
      amount("loads[\(index)].lastKg", load.lastKg, 0...1_000_000)
      amount("loads[\(index)].nextKg", load.nextKg, 0...1_000_000)
      if let rpe = load.lastRPE { amount("loads[\(index)].lastRPE", rpe, 0...10) }
    }
    for (index, achievement) in p.achievements.enumerated() { count("achievements[\(index)].tier", achievement.tier, 0...1_000) }
    checkCompanions(p.companions)
    if let baseline = p.nutrition.baseline {
      amount("nutrition.baseline.kcal", baseline.kcal, 0...10_000)
      amount("nutrition.baseline.proteinG", baseline.proteinG, 0...2_000)
      amount("nutrition.baseline.carbsG", baseline.carbsG, 0...2_000)
      amount("nutrition.baseline.fatG", baseline.fatG, 0...2_000)
    }
    if p.nutrition.recentIntake.count > 3_650 { fail("nutrition.recentIntake", "more than 3,650 days") }
    for (index, intake) in p.nutrition.recentIntake.enumerated() { amount("nutrition.recentIntake[\(index)].kcal", intake.kcal) }
    checkQuests(p.quests)
  }

  private mutating func checkCompanions(_ companions: CompanionCollection) {
    if let active = companions.active, !companions.members.indices.contains(active) {
      fail("companions.active", "\(active) is not the index of a companion (there are \(companions.members.count))")
    }
    for (index, member) in companions.members.enumerated() {
      count("companions.members[\(index)].level", member.level, 1...1_000_000)
      count("companions.members[\(index)].xp", member.xp)
      count("companions.members[\(index)].evolutions", member.evolutions, 0...1_000)
      for (name, value) in [("hp", member.stats.hp), ("attack", member.stats.attack), ("defense", member.stats.defense), ("speed", member.stats.speed)] {
        amount("companions.members[\(index)].stats.\(name)", value, -Self.exact...Self.exact)
      }
    }
  }

  private mutating func checkQuests(_ quests: QuestsState) {
    count("quests.completions", quests.completions)
    if !(quests.periods.isEmpty || quests.periods.count == 2) { fail("quests.periods", "must hold a day and a week, or nothing") }
    for (index, period) in quests.periods.enumerated() {
      if index == 0 { self.period("quests.periods[0].period", period.period) } else { week("quests.periods[1].period", period.period) }
      count("quests.periods[\(index)].workouts", period.workouts)
      count("quests.periods[\(index)].sets", period.sets)
      count("quests.periods[\(index)].reps", period.reps)
      count("quests.periods[\(index)].xp", period.xp)
      amount("quests.periods[\(index)].minutes", period.minutes)
      amount("quests.periods[\(index)].volumeKg", period.volumeKg)
      amount("quests.periods[\(index)].activeKcal", period.activeKcal)
      if period.categoryWorkouts.count != period.categoryMinutes.count {
        fail("quests.periods[\(index)]", "'categoryWorkouts' and 'categoryMinutes' differ in length")
      }
      for (entry, value) in period.categoryWorkouts.enumerated() { count("quests.periods[\(index)].categoryWorkouts[\(entry)]", value) }
      for (entry, value) in period.categoryMinutes.enumerated() { amount("quests.periods[\(index)].categoryMinutes[\(entry)]", value) }
    }
    for (index, quest) in quests.quests.enumerated() {
      count("quests.quests[\(index)].completions", quest.completions)
      if let last = quest.lastPeriod, !Self.days.contains(last) { fail("quests.quests[\(index)].lastPeriod", "\(last) is outside years 1–9999") }
    }
  }
}
