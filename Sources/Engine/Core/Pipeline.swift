/// The phases of the engine, and — written once, here — the order in which they run for each
/// kind of event (phases of mechanics the pack does not use are skipped here, not called).
///
/// The workout order follows the source app's completion pipeline: complete the workout (open the
/// day, streak, totals, personal records, load suggestions) → calculate XP → companion XP and
/// stats → evolution → player XP and level → quests → achievements (to a fixed point, since
/// reward XP can level up and unlock more). docs/architecture.md explains each phase.
extension Engine {
  func applyWorkout(_ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
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
    try checkAchievements(&context, &live, &log)
  }

  func applyNutrition(_ intakeKcal: Double, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
    throws(EngineError)
  {
    try openDay(&context, &live.progress, &log)
    logIntake(intakeKcal, &live.progress)
    try checkAchievements(&context, &live, isNutrition: true, &log)
  }

  func applyCompanionChoice(_ species: Int, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
    throws(EngineError)
  {
    try checkChoice(species, live.progress)
    try openDay(&context, &live.progress, &log)
    choose(species, &context, &live.progress, &log)
    try checkAchievements(&context, &live, &log)
  }

  func applyProfile(_ targets: MacroTargets, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
    throws(EngineError)
  {
    try openDay(&context, &live.progress, &log)
    live.progress.nutrition.baseline = targets
  }

  func applyDayClosure(_ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog) throws(EngineError) {
    try openDay(&context, &live.progress, &log)
    try closeDay(&context, &live.progress, &log)
  }

  /// An event a mechanic adds: open the day, the mechanic's phase, then achievements.
  func applyMechanicEvent(_ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ live: inout LivePlayer, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let payload = event.pointee.payload else { throw .invalidEvent(message: "the event has no payload") }
    try openDay(&context, &live.progress, &log)
    try applyPhase(of: payload, &context, &live.progress, &log)
    try checkAchievements(&context, &live, &log)
  }

  /// The phase of each event type a mechanic adds.
  private func applyPhase(of payload: any MechanicEvent, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    switch payload {
    default: throw .invalidEvent(message: "no phase applies '\(type(of: payload).type)' events")
    }
  }

  /// Opening a new day: settle the previous day's nutrition target (if it was not closed), start
  /// the day (and a new ISO week), break a streak whose rest days ran out.
  @inline(__always)
  func openDay(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) throws(EngineError) {
    if let open = state.today.day {
      if open == context.day { return }
      if !state.today.isClosed { try settleTarget(of: open, &context, &state, &log) }
    }
    startDay(&context, &state)
    breakLapsedStreak(&context, &state, &log)
  }
}
