// Progressive overload: after each exercise of a progression category, the next session's load
// from the session's RPE band (the hardest working set's RPE, else the session RPE), rounded to
// the plate increment. Rounding never cancels a change: if it would, the load moves one
// increment in the band's direction. In a deload week the progression pauses. With a program the
// load planned for a day is the base × the modifier of its training week (weeks below 1 pause).

import RuleLanguage

extension Engine {
  func suggestLoads(
    _ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ log: inout AwardLog
  ) {
    let workout = EventView(event)
    guard workout.exerciseCount > 0, let rules = pack.progression else { return }
    let deload = isDeloadWeek(context.day, state)
    var setIndex = 0
    for position in 0..<workout.exerciseCount {
      let exercise = Int(workout.exercise(position))
      var load = 0.0
      var hardest = 0.0
      workout.withSets { sets in
        while setIndex < sets.count, sets[setIndex].exercise == Int32(position) {
          let set = sets[setIndex]
          setIndex += 1
          if set.isWarmUp { continue }
          load = max(load, set.weightKg)
          hardest = max(hardest, set.rpe)
        }
      }
      // The exercise's category and increment from the engine's tables (the pack's rule, a
      // struct with a name, would be copied and released per exercise).
      guard plan.progressionCategories[Int(plan.exerciseCategories[exercise])], load > 0 else { continue }
      let rpe: Double
      if hardest > 0 {
        rpe = hardest
      } else if workout.hasRPE {
        rpe = workout.rpe
      } else {
        continue
      }
      let ownIncrement = plan.exerciseIncrements[exercise]
      let increment = ownIncrement.isNaN ? rules.incrementKg : ownIncrement
      let index = pack.entry(
        of: workout, at: position, in: &state.loads, name: \.exercise, make: { LoadState(exercise: $0) })
      let text = index < pack.exercises.count ? -1 : log.append(text: state.loads[index].exercise)
      var nextKg = state.loads[index].nextKg
      let suggestion: Recorded.LoadSuggestion
      if deload {
        let next = nextKg > 0 ? nextKg : load
        suggestion = Recorded.LoadSuggestion(
          exercise: index, loadKg: load, rpe: rpe, band: -1, change: 0, nextKg: next, name: text)
        nextKg = next
      } else if rules.bands.isEmpty {
        // A program alone: the next base is this session's heaviest working set.
        suggestion = Recorded.LoadSuggestion(
          exercise: index, loadKg: load, rpe: rpe, band: -2, change: 0, nextKg: load, name: text)
        nextKg = load
      } else {
        let band = rules.bands.firstIndex { rpe <= $0.upTo } ?? rules.bands.count - 1
        let change = rules.bands[band].change
        let next = Self.roundLoad(load * (1 + change), from: load, change: change, increment: increment)
        suggestion = Recorded.LoadSuggestion(
          exercise: index, loadKg: load, rpe: rpe, band: band, change: change, nextKg: next, name: text)
        nextKg = next
      }
      // Written in place: the entry's name is neither copied nor released.
      state.loads[index].nextKg = nextKg
      state.loads[index].lastKg = load
      state.loads[index].lastRPE = rpe
      if log.isRecording { log.append(AwardRecord(day: context.day, suggestion)) }
    }
  }

  /// Rounds to the nearest multiple of `increment`, moving at least one increment when the
  /// change is non-zero, and never below zero.
  static func roundLoad(_ raw: Double, from load: Double, change: Double, increment: Double) -> Double {
    // Half away from zero without a library call (``RoundingMode/halfAwayFromZero(_:)``).
    func clean(_ steps: Double) -> Double { RoundingMode.halfAwayFromZero(steps * increment * 1000) / 1000 }
    var rounded = clean(RoundingMode.halfAwayFromZero(raw / increment))
    if change > 0, rounded <= load { rounded = clean((load / increment).rounded(.down) + 1) }
    if change < 0, rounded >= load { rounded = clean((load / increment).rounded(.up) - 1) }
    return max(0, rounded)
  }

  /// Whether a day falls in a deload week of the player's training (weeks count from the ISO
  /// week of their first workout, starting at 1).
  public func isDeloadWeek(_ day: Day, _ state: borrowing PlayerProgress) -> Bool {
    let first = state.firstWeek ?? day.week
    if let program = pack.progression?.program { return program.modifier(week: day.week - first + 1) < 1 }
    guard let deload = pack.progression?.deload else { return false }
    return deload.isDeload(week: day.week - first + 1)
  }

  /// The program's load modifier of the training week of a day (1 without a program).
  public func programModifier(on day: Day, _ state: borrowing PlayerProgress) -> Double {
    guard let program = pack.progression?.program else { return 1 }
    return program.modifier(week: day.week - (state.firstWeek ?? day.week) + 1)
  }

  /// The load to use for an exercise on a day: the suggested next load, reduced by the deload
  /// factor in a deload week, rounded to the increment; nil before the first session.
  public func plannedLoad(forExercise index: Int, on day: Day, _ state: borrowing PlayerProgress) -> Double? {
    guard index >= 0, index < state.loads.count, state.loads[index].nextKg > 0 else { return nil }
    let next = state.loads[index].nextKg
    let own = index < pack.exercises.count ? pack.exercises[index].incrementKg : nil
    let increment = own ?? pack.progression?.incrementKg ?? 2.5
    if pack.progression?.program != nil {
      let factor = programModifier(on: day, state)
      return max(increment, ((next * factor) / increment).rounded(.toNearestOrAwayFromZero) * increment)
    }
    guard isDeloadWeek(day, state), let deload = pack.progression?.deload else { return next }
    return max(increment, ((next * deload.loadFactor) / increment).rounded(.toNearestOrAwayFromZero) * increment)
  }

  /// The planned load for an exercise by its name, an alias or (for an unlisted exercise already
  /// lifted) its own name (see ``plannedLoad(forExercise:on:_:)``); nil for any other name.
  public func plannedLoad(for exercise: String, on day: Day, _ state: borrowing PlayerProgress) -> Double? {
    let loads = state.loads
    let unlisted = loads.indices.dropFirst(pack.exercises.count).first {
      loads[$0].exercise.hasSameBytes(as: exercise)
    }
    guard let index = pack.exercise(named: exercise) ?? unlisted else { return nil }
    return plannedLoad(forExercise: index, on: day, state)
  }
}
