// The core activity: a new day starts a fresh day (and, on a Monday, a fresh ISO week); a
// completed workout counts in the lifetime, per-category, daily and weekly totals before XP is
// calculated, so XP formulas see `player.workouts` including this workout; a nutrition log adds
// to the day's intake.

extension Engine {
  /// Starts the event's day as the open day.
  @inline(__always)
  func startDay(_ context: inout EventContext, _ state: inout PlayerProgress) {
    let day = context.day
    state.today = DayState()
    state.today.day = day
    if state.week.week != day.week {
      state.week = WeekState()
      state.week.week = day.week
    }
  }

  /// Computes a workout's facts (sets, reps and volume of its working sets, its RPE, whether it
  /// is the first of the day and week) before any phase changes the state.
  @inline(__always)
  func prepare(_ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ state: inout PlayerProgress) {
    let workout = EventView(event)
    var facts = EventFacts()
    facts.category = Int(workout.category)
    facts.durationMin = workout.durationMin
    facts.activeKcal = workout.activeKcal.isNaN ? 0 : workout.activeKcal
    facts.distanceKm = workout.distanceKm.isNaN ? 0 : workout.distanceKm
    facts.sets = workout.summarySets
    facts.reps = workout.summaryReps
    facts.volumeKg = workout.summaryVolumeKg
    facts.exerciseCount = workout.exerciseCount
    var hardestSet = -Double.infinity
    for index in 0..<workout.setCount where !workout.set(index).isWarmUp {
      let set = workout.set(index)
      facts.sets += 1
      facts.reps += Int(set.reps)
      facts.volumeKg += Double(set.reps) * set.weightKg
      if set.rpe > hardestSet { hardestSet = set.rpe }
    }
    if workout.hasRPE {
      facts.rpe = workout.rpe
      facts.hasRPE = true
    } else if hardestSet > 0 {
      facts.rpe = hardestSet
      facts.hasRPE = true
    }
    facts.isFirstOfDay = state.today.day != context.day || state.today.workouts == 0
    facts.isFirstOfWeek = state.week.week != context.day.week || state.week.workouts == 0
    context.facts = facts
  }

  @inline(__always)
  func addTotals(_ context: inout EventContext, _ state: inout PlayerProgress) throws(EngineError) {
    let facts = context.facts
    if state.totals.workouts == Int.max { throw .overflow(what: "the workout count") }
    state.totals.workouts += 1
    state.totals.minutes += facts.durationMin
    state.totals.sets += facts.sets
    state.totals.reps += facts.reps
    state.totals.volumeKg += facts.volumeKg
    if facts.isFirstOfDay { state.totals.activeDays += 1 }
    state.categories.withUnsafeMutableBufferPointer { categories in
      categories[facts.category].workouts += 1
      categories[facts.category].minutes += facts.durationMin
      categories[facts.category].volumeKg += facts.volumeKg
    }
    state.today.workouts += 1
    state.today.activeKcal += facts.activeKcal
    state.week.workouts += 1
    if state.firstWeek == nil { state.firstWeek = context.day.week }
  }

  func logIntake(_ intakeKcal: Double, _ state: inout PlayerProgress) {
    if state.today.intakeKcal == nil { state.totals.nutritionDays += 1 }
    state.today.intakeKcal = (state.today.intakeKcal ?? 0) + intakeKcal
  }
}
