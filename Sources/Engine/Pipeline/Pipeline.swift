/// The phases of the engine, and — written once, here — the order in which they run for each
/// kind of event.
///
/// The workout order follows the source app's completion pipeline: complete the workout (open the
/// day, streak, totals, personal records, load suggestions) → calculate XP → companion XP and
/// stats → evolution → player XP and level → achievements (to a fixed point, since reward XP can
/// level up and unlock more). docs/architecture.md explains each phase.
extension Engine {
  func applyWorkout(_ workout: Workout, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    try openDay(&step, &state, &awards)
    updateStreak(&step, &state, &awards)
    try addTotals(workout, &step, &state)
    try updateRecords(workout, &step, &state, &awards)
    suggestLoads(workout, &step, &state, &awards)
    try awardExperience(&step, &state, &awards)
    giveDefaultStarter(&step, &state, &awards)
    try awardCompanionXP(&step, &state, &awards)
    try evolve(&step, &state, &awards)
    try addPlayerXP(step.facts.xp, &step, &state, &awards)
    try checkAchievements(&step, &state, &awards)
  }

  func applyNutrition(_ log: NutritionLog, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    try openDay(&step, &state, &awards)
    logIntake(log, &state)
    try checkAchievements(&step, &state, &awards)
  }

  func applyCompanionChoice(
    _ choice: CompanionChoice, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]
  ) throws(EngineError) {
    try openDay(&step, &state, &awards)
    choose(choice, &step, &state, &awards)
    try checkAchievements(&step, &state, &awards)
  }

  func applyProfile(_ profile: ProfileUpdate, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    try openDay(&step, &state, &awards)
    state.nutrition.baseline = profile.targets
  }

  func applyDayClosure(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    try openDay(&step, &state, &awards)
    try closeDay(&step, &state, &awards)
  }
}

/// What a phase knows about the event being applied.
struct Step {
  let eventID: String
  let day: Day
  /// Facts of the event, filled by ``Engine/prepare(_:step:state:)``.
  var facts = EventFacts()
  /// Slot array for formula variables.
  let slots: UnsafeMutablePointer<Double>
  /// Operand stack for formula evaluation (the engine's deepest formula fits).
  let stack: UnsafeMutablePointer<Double>
  /// The pack index of each exercise of the workout, in order.
  let exercises: UnsafeMutablePointer<Int32>
  let explain: Bool
}

/// Numbers about the current event that formulas read (`workout.*`, `day.*`, `intake.*`).
struct EventFacts {
  var category = -1
  var durationMin = 0.0
  var sets = 0
  var reps = 0
  var volumeKg = 0.0
  var rpe = 0.0
  var hasRPE = false
  var activeKcal = 0.0
  var distanceKm = 0.0
  var exerciseCount = 0
  var isFirstOfWeek = false
  var isFirstOfDay = false
  var prs = 0
  var xp: Int64 = 0
  var intakeAverage = 0.0
  var intakeDays = 0
}
