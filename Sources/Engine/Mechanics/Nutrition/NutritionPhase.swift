import RuleLanguage

// Adaptive nutrition targets: baseline × (1 + adjustment), the adjustment being the sum of the
// signals (each limited to ±its limit), clamped to ±clamp. Computed when a day is settled, from
// that day's activity and the intake of the trend window before it.

extension Engine {
  /// A `dayClosed` event: settles the day now rather than when a later day opens.
  func closeDay(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) throws(EngineError)
  {
    guard !state.today.isClosed, let day = state.today.day else { return }
    try settleTarget(of: day, &context, &state, &log)
  }

  func settleTarget(of day: Day, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard let rules = pack.nutrition else {
      state.today.isClosed = true
      return
    }
    // The trend window: the `trendWindowDays` days before the settled day, or ending with it.
    let windowStart = day.number - rules.trendWindowDays + (rules.trendIncludesSettledDay ? 1 : 0)
    var days = 0
    var total = 0.0
    for entry in state.nutrition.recentIntake where entry.day.number >= windowStart && entry.day < day {
      days += 1
      total += entry.kcal
    }
    if rules.trendIncludesSettledDay, state.today.day == day, let intake = state.today.intakeKcal {
      days += 1
      total += intake
    }
    context.facts.intakeDays = days
    context.facts.intakeAverage = days == 0 ? 0 : total / Double(days)
    fill(slots(NutritionMechanic.self, 0), &context, &state)
    // Each limited signal goes straight to the log's explanation numbers (nothing else appends
    // to them before the record): no array per settled day.
    var signals = ValueRange(start: Int32(log.values.count), count: 0)
    var sum = 0.0
    for index in rules.signals.indices {
      let limit = rules.signals[index].limit
      let raw = try evaluate(NutritionMechanic.self, site: 0, formula: index, context)
      let limited = min(max(raw, -limit), limit)
      if log.isRecording {
        log.append(value: limited)
        signals.count += 1
      }
      sum += limited
    }
    let adjustment = min(max(sum, -rules.clamp), rules.clamp)
    let base = state.nutrition.baseline ?? rules.targets
    let targets = try targets(rules, base: base, adjustment: adjustment, context)
    if log.isRecording {
      log.append(
        AwardRecord(
          day: day,
          Recorded.NutritionTarget(
            targets: targets, adjustment: adjustment, unclamped: sum, isClamped: abs(sum) > rules.clamp,
            signals: signals)
        ))
    }
    // Keep the days that can still fall in a later window: (day − window, day], in order.
    let keepFrom = day.number - rules.trendWindowDays + 1
    Self.keep(&state.nutrition.recentIntake) { $0.day.number >= keepFrom && $0.day <= day }
    if let intake = state.today.intakeKcal, state.today.day == day {
      state.nutrition.recentIntake.append(DailyIntake(day: day, kcal: intake))
    }
    state.today.isClosed = true
  }

  /// Keeps the entries that pass, in order, moving them down in place (`removeAll(where:)`
  /// partitions and replaces a subrange: several times the work for a list of a few days).
  @inline(__always)
  static func keep(_ entries: inout [DailyIntake], where passes: (DailyIntake) -> Bool) {
    var kept = 0
    entries.withUnsafeMutableBufferPointer { entries in
      for index in entries.indices where passes(entries[index]) {
        entries[kept] = entries[index]
        kept += 1
      }
    }
    entries.removeLast(entries.count - kept)
  }

  /// Each macro's target, rounded: its formula in order (reading the unrounded targets before
  /// it), or baseline × (1 + adjustment) without formulas.
  func targets(_ rules: NutritionRules, base: MacroTargets, adjustment: Double, _ context: borrowing EventContext)
    throws(EngineError) -> MacroTargets
  {
    guard !rules.macros.isEmpty else {
      let factor = 1 + adjustment
      return MacroTargets(
        kcal: Self.wholeUnits(base.kcal * factor), proteinG: Self.wholeUnits(base.proteinG * factor),
        carbsG: Self.wholeUnits(base.carbsG * factor), fatG: Self.wholeUnits(base.fatG * factor))
    }
    // The slots: the baseline, the adjustment, then each target computed (on the stack: a day
    // is settled for every player every day).
    let slotCount = 5 + rules.macros.count
    let stack = context.stack
    let capacity = context.stackCapacity
    return try withUnsafeTemporaryAllocation(of: Double.self, capacity: slotCount) {
      values throws(EngineError) -> MacroTargets in
      values.initialize(repeating: 0)
      values[0] = base.kcal
      values[1] = base.proteinG
      values[2] = base.carbsG
      values[3] = base.fatG
      values[4] = adjustment
      var computed = MacroTargets(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)
      let slots = UnsafePointer(values.baseAddress.unsafelyUnwrapped)
      for index in rules.macros.indices {
        // The macro's program from the engine's plan (no reference counts); its formula only
        // to name a failing step.
        let value: Double
        if let computed = plan.macros[index].run(slots: slots, stack: stack, capacity: capacity) {
          value = computed
        } else {
          let formula = rules.macros[index].formula
          do throws(FormulaFailure) {
            value = try formula.evaluate(slots: slots)
          } catch {
            throw EngineError.formulaFailed(diagnostic: formula.diagnostic(for: error))
          }
        }
        values[5 + index] = value
        // A target below zero means none.
        let target = max(0, value)
        switch rules.macros[index].name {
        case .kcal: computed.kcal = Self.wholeUnits(target)
        case .proteinG: computed.proteinG = Self.wholeUnits(target)
        case .carbsG: computed.carbsG = Self.wholeUnits(target)
        case .fatG: computed.fatG = Self.wholeUnits(target)
        }
      }
      return computed
    }
  }

  /// Rounds to a whole unit, halves away from zero, after dropping binary noise below 1e-6
  /// (so 50 × 1.15, which is 57.4999… in binary, gives 58 as written by hand). Both roundings
  /// without a library call (``RoundingMode/halfAwayFromZero(_:)``, which falls back to it
  /// beyond 2^52).
  @inline(__always)
  static func wholeUnits(_ value: Double) -> Double {
    RoundingMode.halfAwayFromZero(RoundingMode.halfAwayFromZero(value * 1_000_000) / 1_000_000)
  }
}
