/// The phases of the engine, and — written once, here — the order in which they run for each
/// kind of event (phases of mechanics the pack does not use are skipped here, not called).
///
/// The workout order follows the source app's completion pipeline: complete the workout (open the
/// day, streak, totals, personal records, load suggestions) → calculate XP → companion XP and
/// stats → evolution → player XP and level → quests → season points → weekly goal → achievements (to a fixed point, since
/// reward XP can level up and unlock more). docs/architecture.md explains each phase.
extension Engine {
  func applyWorkout(
    _ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ live: inout LivePlayer,
    _ log: inout AwardLog
  )
    throws(EngineError)
  {
    prepare(event, &context, &live.progress)
    try openDay(&context, &live.progress, &log)
    updateStreak(&context, &live.progress, &log)
    try addTotals(&context, &live.progress)
    if has(RecordsMechanic.self) { try updateRecords(event, &context, &live.progress, &log) }
    if has(ProgressionMechanic.self) { suggestLoads(event, &context, &live.progress, &log) }
    try awardExperience(&context, &live.progress, &log)
    if has(CompanionsMechanic.self) {
      giveDefaultStarter(&context, &live.progress, &log)
      try awardCompanionXP(&context, &live.progress, &log)
      try evolve(&context, &live.progress, &log)
    }
    try addPlayerXP(context.facts.xp, &context, &live.progress, &log)
    if has(QuestsMechanic.self) { try progressQuests(&context, &live.progress, &log) }
    if has(SeasonsMechanic.self) { try earnSeasonPoints(&context, &live.progress, &log) }
    if has(GoalsMechanic.self) { try progressGoal(&context, &live.progress, &log) }
    try checkAchievements(&context, &live, &log)
  }

  func applyNutrition(
    _ intakeKcal: Double, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog
  )
    throws(EngineError)
  {
    try openDay(&context, &live.progress, &log)
    logIntake(intakeKcal, &live.progress)
    try checkAchievements(&context, &live, isNutrition: true, &log)
  }

  func applyCompanionChoice(
    _ species: Int, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog
  )
    throws(EngineError)
  {
    try checkChoice(species, live.progress)
    try openDay(&context, &live.progress, &log)
    choose(species, &context, &live.progress, &log)
    try checkAchievements(&context, &live, &log)
  }

  func applyProfile(
    _ targets: MacroTargets, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog
  )
    throws(EngineError)
  {
    try openDay(&context, &live.progress, &log)
    live.progress.nutrition.baseline = targets
  }

  func applyDayClosure(_ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
    throws(EngineError)
  {
    try openDay(&context, &live.progress, &log)
    try closeDay(&context, &live.progress, &log)
  }

  /// An event a mechanic adds, then achievements. A pause is granted before the day opens (so
  /// that it can keep a streak whose rest days it covers); a goal is set once the day is open.
  func applyMechanicEvent(
    _ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ live: inout LivePlayer,
    _ log: inout AwardLog
  )
    throws(EngineError)
  {
    switch event.pointee.payload {
    case let pause as PauseEvent:
      requestPause(pause, &context, &live.progress, &log)
      try openDay(&context, &live.progress, &log)
    case let goal as GoalEvent:
      try openDay(&context, &live.progress, &log)
      try setGoal(goal, &context, &live.progress, &log)
    case let other?: throw .invalidEvent(message: "no phase applies '\(type(of: other).type)' events")
    case nil: throw .invalidEvent(message: "the event has no payload")
    }
    try checkAchievements(&context, &live, &log)
  }

  /// Opening a new day: settle the previous day's nutrition target (if it was not closed), start
  /// the day (and a new ISO week), count planned and paused rest days as not missed, break a
  /// streak whose rest days ran out, close the weeks of weekly goals before this one.
  @inline(__always)
  func openDay(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) throws(EngineError)
  {
    if let open = state.today.day {
      if open == context.day { return }
      if !state.today.isClosed { try settleTarget(of: open, &context, &state, &log) }
    }
    startDay(&context, &state)
    if has(RestMechanic.self) { excuseRestDays(&context, &state) }
    breakLapsedStreak(&context, &state, &log)
    if has(GoalsMechanic.self) { try closeGoalWeeks(&context, &state, &log) }
  }
}
