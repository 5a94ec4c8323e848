import RuleLanguage

// XP for a workout: the terms are summed left to right, the sum is multiplied by the factors
// left to right, the product is rounded, the bonuses whose conditions hold are added (each
// rounded), negative totals become 0, then the per-workout and per-day caps apply.

extension Engine {
  func awardExperience(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    let rules = pack.xp
    if !experienceSlots.isEmpty { fill(experienceSlots, step, state) }
    let explain = step.explain
    var terms: [Contribution] = []
    var factors: [Contribution] = []
    var bonuses: [Contribution] = []
    var raw = 0.0
    if !explain, let fused = fusedExperience, let value = try? fused.evaluate(slots: UnsafePointer(step.slots), stack: step.stack) {
      raw = value
    } else {
      // Term by term: for explanations, and to locate a failure of the fused program.
      for (index, term) in rules.terms.enumerated() {
        let value = try evaluate(term.formula, step)
        raw = index == 0 ? value : raw + value
        if explain { terms.append(Contribution(term.name, value)) }
      }
      for factor in rules.factors {
        let value = try evaluate(factor.formula, step)
        raw *= value
        if explain { factors.append(Contribution(factor.name, value)) }
      }
    }
    let rounded = try wholeXP(rules.rounding.round(raw), step)
    var total = rounded
    for bonus in rules.bonuses where try evaluate(bonus.condition, step) != 0 {
      let amount = try wholeXP(rules.rounding.round(try evaluate(bonus.amount, step)), step)
      try add(amount, to: &total, "the workout's XP", step)
      bonuses.append(Contribution(bonus.name, Double(amount)))
    }
    total = max(0, total)
    let uncapped = total
    var cap: XPCap?
    if let perWorkout = rules.perWorkoutCap, total > Int64(perWorkout) {
      total = Int64(perWorkout)
      cap = .perWorkout
    }
    if let perDay = rules.perDayCap {
      let room = max(0, Int64(perDay) - state.today.xp)
      if total > room {
        total = room
        cap = .perDay
      }
    }
    step.facts.xp = total
    if workoutSlots.xp >= 0 { step.slots[workoutSlots.xp] = Double(total) }
    state.today.xp += total
    awards.append(
      .xp(
        XPAward(
          eventID: step.eventID, day: step.day, xp: total, raw: raw, rounded: rounded, terms: terms, factors: factors,
          bonuses: bonuses, cap: cap, uncapped: uncapped)))
  }

  /// Converts a rounded formula result to XP, failing beyond ±2^53.
  func wholeXP(_ value: Double, _ step: borrowing Step) throws(EngineError) -> Int64 {
    guard value.isFinite, abs(value) <= 9_007_199_254_740_992 else {
      throw .overflow(eventID: step.eventID, what: "the workout's XP (\(NumberText.format(value)))")
    }
    return Int64(value)
  }

  /// Adds XP to the player and reports every level crossed.
  func addPlayerXP(_ amount: Int64, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    try add(amount, to: &state.xp, "the player's total XP", step)
    let curve = pack.levels
    while let threshold = curve.threshold(after: state.level), state.xp >= threshold {
      state.level += 1
      awards.append(.levelUp(LevelUp(eventID: step.eventID, day: step.day, level: state.level, threshold: threshold, xp: state.xp)))
    }
  }
}
