import RuleLanguage

// XP for a workout: the terms are summed left to right, the sum is multiplied by the factors
// left to right, the product is rounded, the bonuses whose conditions hold are added (each
// rounded), negative totals become 0, then the per-workout and per-day caps apply. Without
// explanations the terms and factors run as one fused program; a failure of it is re-run term by
// term to name the failing term.

extension Engine {
  @inline(__always)
  func awardExperience(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    var raw: Double
    var breakdown = ValueRange.empty
    let category = context.facts.category
    if !log.isExplaining, category < plan.fusedExperience.count, let value = runFused(category, &context, &state) {
      raw = value
    } else {
      fill(slots(XPMechanic.self, 0), &context, &state)
      (raw, breakdown) = try experienceTermByTerm(context, &log)
    }
    let rounded = try wholeXP(plan.rounding.round(raw))
    var total = rounded
    if plan.hasBonuses { try addBonuses(&total, &breakdown, context, &log) }
    try finishExperience(raw: raw, rounded: rounded, total: total, breakdown: breakdown, &context, &state, &log)
  }

  /// The category's fused program on its slots (and the bonuses'); nil when a step fails.
  @inline(__always)
  private func runFused(_ category: Int, _ context: inout EventContext, _ state: inout PlayerProgress) -> Double? {
    let start = category == 0 ? 0 : Int(plan.fusedSlotEnds[category - 1])
    fill(UnsafeBufferPointer(rebasing: plan.fusedSlots[start..<Int(plan.fusedSlotEnds[category])]), &context, &state)
    return plan.fusedExperience[category].run(
      slots: UnsafePointer(context.slots), stack: context.stack, capacity: context.stackCapacity)
  }

  /// Σ terms × Π factors one formula at a time: for explanations, and to locate a failure of the
  /// fused program.
  private func experienceTermByTerm(_ context: borrowing EventContext, _ log: inout AwardLog) throws(EngineError)
    -> (Double, ValueRange)
  {
    let rules = pack.xp
    let explain = log.isExplaining
    var raw = 0.0
    // Each number goes straight into the log (not into an array of the event's own first): a
    // refused event's numbers stay there unread, as no record refers to them.
    let start = log.values.count
    for index in rules.terms.indices {
      let value = try evaluate(rules.terms[index].formula, context)
      raw = index == 0 ? value : raw + value
      if explain { log.append(value: value) }
    }
    for factor in rules.factors {
      let value = try evaluate(factor.formula, context)
      raw *= value
      if explain { log.append(value: value) }
    }
    return (raw, explain ? ValueRange(start: Int32(start), count: Int32(log.values.count - start)) : .empty)
  }

  /// Adds the bonuses whose conditions hold (each rounded); explained as (index, amount) pairs.
  private func addBonuses(
    _ total: inout Int64, _ breakdown: inout ValueRange, _ context: borrowing EventContext, _ log: inout AwardLog
  ) throws(EngineError) {
    let rules = pack.xp
    // The (index, amount) pairs go straight into the log, after the terms' numbers.
    let start = log.values.count
    // The bonuses' formulas follow the terms and factors in XP's formula site, condition then amount.
    let first = rules.terms.count + rules.factors.count
    for index in rules.bonuses.indices
    where try evaluate(XPMechanic.self, site: 0, formula: first + 2 * index, context) != 0 {
      let amount = try wholeXP(
        plan.rounding.round(try evaluate(XPMechanic.self, site: 0, formula: first + 2 * index + 1, context)))
      try add(amount, to: &total, "the workout's XP")
      if log.isExplaining {
        log.append(value: Double(index))
        log.append(value: Double(amount))
      }
    }
    let count = log.values.count - start
    guard log.isExplaining, count > 0 else { return }
    let range = ValueRange(start: Int32(start), count: Int32(count))
    breakdown = breakdown.count == 0 ? range : ValueRange(start: breakdown.start, count: breakdown.count + range.count)
  }

  /// Applies the floor of 0 and the caps, and records the award.
  @inline(__always)
  private func finishExperience(
    raw: Double, rounded: Int64, total: Int64, breakdown: ValueRange, _ context: inout EventContext,
    _ state: inout PlayerProgress, _ log: inout AwardLog
  ) throws(EngineError) {
    var total = max(0, total)
    let uncapped = total
    var cap: XPCap?
    if plan.perWorkoutCap >= 0, total > plan.perWorkoutCap {
      total = plan.perWorkoutCap
      cap = .perWorkout
    }
    if plan.perDayCap >= 0 {
      let room = max(0, plan.perDayCap - state.today.xp)
      if total > room {
        total = room
        cap = .perDay
      }
    }
    context.facts.xp = total
    state.today.xp += total
    if log.isRecording {
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.XP(xp: total, raw: raw, rounded: rounded, cap: cap, uncapped: uncapped, breakdown: breakdown)))
    }
  }

  /// Converts a rounded formula result to XP, failing beyond ±2^53.
  @inline(__always)
  func wholeXP(_ value: Double) throws(EngineError) -> Int64 {
    guard value.isFinite, abs(value) <= 9_007_199_254_740_992 else {
      throw .overflow(what: "the workout's XP (\(NumberText.format(value)))")
    }
    return Int64(value)
  }
}
