import RuleLanguage

extension Engine {
  /// Applies one resolved event to a live player, writing its awards to the log.
  ///
  /// Events must come in date order; one dated before the open day, or on a closed day, is
  /// refused with the state unchanged. When a rule formula fails midway, the progress may be
  /// partly updated: callers that need all-or-nothing keep a copy (copying is cheap).
  package func apply(_ event: borrowing ResolvedEvent, to live: inout LivePlayer, log: inout AwardLog)
    throws(EngineError)
  {
    // The event is reached through a pointer: a closure capturing it would copy it.
    try withUnsafePointer(to: event) { (event: UnsafePointer<ResolvedEvent>) throws(EngineError) in
      try apply(event, to: &live, log: &log)
    }
  }

  /// Applies the event a pointer points at (a hot loop over a buffer of events copies none).
  /// After a failure the live player may hold part of the event: callers stop, or restore and
  /// rebuild it (``live(_:)``), never apply to it again.
  package func apply(_ event: UnsafePointer<ResolvedEvent>, to live: inout LivePlayer, log: inout AwardLog)
    throws(EngineError)
  {
    if !live.progress.today.admits(event.pointee.day), let open = live.progress.today.day {
      throw .outOfOrder(day: event.pointee.day, openDay: open, isClosed: live.progress.today.isClosed)
    }
    if event.pointee.kind == .workout && !isResolved(EventView(event)) {
      throw .invalidEvent(message: "the workout was resolved against another rule pack")
    }
    let scratch = live.scratch(capacity: plan.slotCount + plan.stackDepth)
    var context = EventContext(
      day: event.pointee.day, slots: scratch, stack: scratch + plan.slotCount, stackCapacity: plan.stackDepth,
      tables: plan.tables, recording: log.isRecording, explaining: log.isExplaining)
    switch event.pointee.kind {
    case .workout:
      try applyWorkout(event, &context, &live, &log)
    case .nutrition:
      try applyNutrition(event.pointee.intakeKcal, &context, &live, &log)
    case .companion:
      try applyCompanionChoice(Int(event.pointee.species), &context, &live, &log)
    case .profile:
      try applyProfile(event.pointee.targets, &context, &live, &log)
    case .dayClosed:
      try applyDayClosure(&context, &live, &log)
    case .retraction:
      throw EngineError.invalidEvent(message: "a retraction is applied to a player's history, not to its progress")
    case .mechanic:
      try applyMechanicEvent(event, &context, &live, &log)
    }
  }

  /// Whether a workout's category and exercises are indices of this engine's pack (the tables
  /// the phases read are plain memory, not checked when read).
  private func isResolved(_ workout: EventView) -> Bool {
    guard (0..<plan.categoryCount).contains(Int(workout.category)) else { return false }
    for position in 0..<workout.exerciseCount
    where !plan.exerciseCategories.indices.contains(Int(workout.exercise(position))) {
      return false
    }
    return true
  }

  /// Writes the current value of each listed slot's fact.
  @inline(__always)
  func fill(_ slots: UnsafeBufferPointer<Int32>, _ context: inout EventContext, _ state: inout PlayerProgress) {
    guard !slots.isEmpty else { return }
    let readers = plan.readers.baseAddress.unsafelyUnwrapped
    withUnsafeMutablePointer(to: &state) { progress in
      withUnsafeMutablePointer(to: &context) { event in
        let values = event.pointee.slots
        for slot in slots {
          values[Int(slot)] = readers[Int(slot)].read(UnsafeRawPointer(progress), UnsafeRawPointer(event))
        }
      }
    }
  }

  /// The current value of one slot's fact.
  @inline(__always)
  func read(_ slot: Int, _ context: inout EventContext, _ state: inout PlayerProgress) -> Double {
    let reader = plan.readers[slot]
    return withUnsafeMutablePointer(to: &state) { progress in
      withUnsafeMutablePointer(to: &context) { event in
        reader.read(UnsafeRawPointer(progress), UnsafeRawPointer(event))
      }
    }
  }

  /// Evaluates a formula on the context's slots (filled by the caller).
  @inline(__always)
  func evaluate(_ formula: Formula, _ context: borrowing EventContext) throws(EngineError) -> Double {
    do {
      return try formula.evaluate(
        slots: UnsafePointer(context.slots), stack: context.stack, capacity: context.stackCapacity)
    } catch {
      throw failure(formula, error)
    }
  }

  /// Fails with a formula error.
  func failure(_ formula: Formula, _ error: FormulaFailure) -> EngineError {
    .formulaFailed(diagnostic: formula.diagnostic(for: error))
  }

  /// Adds to a 64-bit total, failing beyond 2^53 (where Doubles stop being exact). `what` is
  /// built only on failure (an interpolated name would cost a String on every event).
  @inline(__always)
  func add(_ amount: Int64, to total: inout Int64, _ what: @autoclosure () -> String) throws(EngineError) {
    let (sum, overflow) = total.addingReportingOverflow(amount)
    if overflow || sum > 9_007_199_254_740_992 || sum < -9_007_199_254_740_992 {
      throw .overflow(what: what())
    }
    total = sum
  }
}
