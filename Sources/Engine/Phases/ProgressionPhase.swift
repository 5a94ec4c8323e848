// Progressive overload: after each exercise of a progression category, the next session's load
// from the session's RPE band (the hardest working set's RPE, else the session RPE), rounded to
// the plate increment. Rounding never cancels a change: if it would, the load moves one
// increment in the band's direction. In a deload week the progression pauses.

extension Engine {
  func suggestLoads(_ workout: Workout, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) {
    guard let rules = pack.progression else { return }
    let deload = isDeloadWeek(step.day, state)
    for (position, exercise) in workout.exercises.enumerated() {
      let index = Int(step.exercises[position])
      let rule = pack.exercises[index]
      guard progressionCategories[rule.category] else { continue }
      var load = 0.0
      var hardest: Double?
      for set in exercise.sets where set.kind != .warmUp {
        load = max(load, set.weightKg)
        if let rpe = set.rpe { hardest = max(hardest ?? rpe, rpe) }
      }
      guard load > 0, let rpe = hardest ?? workout.rpe else { continue }
      let increment = rule.incrementKg ?? rules.incrementKg
      var entry = state.loads[index]
      let suggestion: LoadSuggestion
      if deload {
        let next = entry.nextKg > 0 ? entry.nextKg : load
        suggestion = LoadSuggestion(
          eventID: step.eventID, day: step.day, exercise: rule.name, loadKg: load, rpe: rpe, band: "deload", change: 0,
          nextKg: next, isDeloadWeek: true)
        entry.nextKg = next
      } else {
        let band = rules.bands.first { rpe <= $0.upTo } ?? rules.bands[rules.bands.count - 1]
        let next = Self.roundLoad(load * (1 + band.change), from: load, change: band.change, increment: increment)
        suggestion = LoadSuggestion(
          eventID: step.eventID, day: step.day, exercise: rule.name, loadKg: load, rpe: rpe, band: band.label,
          change: band.change, nextKg: next, isDeloadWeek: false)
        entry.nextKg = next
      }
      entry.lastKg = load
      entry.lastRPE = rpe
      state.loads[index] = entry
      awards.append(.loadSuggestion(suggestion))
    }
  }

  /// Rounds to the nearest multiple of `increment`, moving at least one increment when the
  /// change is non-zero, and never below zero.
  static func roundLoad(_ raw: Double, from load: Double, change: Double, increment: Double) -> Double {
    func clean(_ steps: Double) -> Double { (steps * increment * 1000).rounded() / 1000 }
    var rounded = clean((raw / increment).rounded(.toNearestOrAwayFromZero))
    if change > 0, rounded <= load { rounded = clean((load / increment).rounded(.down) + 1) }
    if change < 0, rounded >= load { rounded = clean((load / increment).rounded(.up) - 1) }
    return max(0, rounded)
  }

  /// Whether a day falls in a deload week of the player's training (weeks count from the ISO
  /// week of their first workout, starting at 1).
  public func isDeloadWeek(_ day: Day, _ state: borrowing PlayerState) -> Bool {
    guard let deload = pack.progression?.deload else { return false }
    let first = state.firstWeek ?? day.week
    return deload.isDeload(week: day.week - first + 1)
  }

  /// The load to use for an exercise on a day: the suggested next load, reduced by the deload
  /// factor in a deload week, rounded to the increment; nil before the first session.
  public func plannedLoad(for exercise: String, on day: Day, _ state: borrowing PlayerState) -> Double? {
    guard let index = pack.exercise(named: exercise), state.loads[index].nextKg > 0 else { return nil }
    let next = state.loads[index].nextKg
    guard isDeloadWeek(day, state), let deload = pack.progression?.deload else { return next }
    let increment = pack.exercises[index].incrementKg ?? pack.progression?.incrementKg ?? 2.5
    return max(increment, ((next * deload.loadFactor) / increment).rounded(.toNearestOrAwayFromZero) * increment)
  }
}
