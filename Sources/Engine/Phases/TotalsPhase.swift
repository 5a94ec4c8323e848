// Completing a workout: it counts in the lifetime, per-category, daily and weekly totals before
// XP is calculated, so XP formulas see `player.workouts` including this workout.

extension Engine {
  func addTotals(_ workout: Workout, _ step: inout Step, _ state: inout PlayerState) throws(EngineError) {
    let facts = step.facts
    if state.totals.workouts == Int.max { throw .overflow(eventID: step.eventID, what: "the workout count") }
    state.totals.workouts += 1
    state.totals.minutes += facts.durationMin
    state.totals.sets += facts.sets
    state.totals.reps += facts.reps
    state.totals.volumeKg += facts.volumeKg
    if facts.isFirstOfDay { state.totals.activeDays += 1 }
    state.categories[facts.category].workouts += 1
    state.categories[facts.category].minutes += facts.durationMin
    state.categories[facts.category].volumeKg += facts.volumeKg
    state.today.workouts += 1
    state.today.activeKcal += facts.activeKcal
    state.week.workouts += 1
    if state.firstWeek == nil { state.firstWeek = step.day.week }
  }
}
