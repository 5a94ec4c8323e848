/// The slots of the workout facts a pack's formulas read, so that `prepare` writes each of them
/// once per workout with a plain store (-1 marks a fact no formula reads).
struct WorkoutSlots: Sendable {
  var durationMin = -1, sets = -1, reps = -1, volumeKg = -1, rpe = -1, hasRPE = -1, activeKcal = -1
  var distanceKm = -1, category = -1, exercises = -1, isFirstOfWeek = -1, isFirstOfDay = -1, weekday = -1
  var prs = -1, xp = -1
  /// (slot, parameter index) of each category parameter read.
  var parameters: [(slot: Int, index: Int)] = []

  init(facts: FactTable, used: Set<Int>) {
    for (slot, entry) in facts.entries.enumerated() where used.contains(slot) {
      switch entry.fact {
      case .workoutDurationMin: durationMin = slot
      case .workoutSets: sets = slot
      case .workoutReps: reps = slot
      case .workoutVolumeKg: volumeKg = slot
      case .workoutRPE: rpe = slot
      case .workoutHasRPE: hasRPE = slot
      case .workoutActiveKcal: activeKcal = slot
      case .workoutDistanceKm: distanceKm = slot
      case .workoutCategory: category = slot
      case .workoutExercises: exercises = slot
      case .workoutIsFirstOfWeek: isFirstOfWeek = slot
      case .workoutIsFirstOfDay: isFirstOfDay = slot
      case .workoutWeekday: weekday = slot
      case .workoutPRs: prs = slot
      case .workoutXP: xp = slot
      case .categoryParameter(let index): parameters.append((slot, index))
      default: break
      }
    }
  }

  /// Whether `prepare` (or the phase that computes it) writes the fact.
  func covers(_ fact: Fact) -> Bool {
    switch fact {
    case .workoutDurationMin, .workoutSets, .workoutReps, .workoutVolumeKg, .workoutRPE, .workoutHasRPE,
      .workoutActiveKcal, .workoutDistanceKm, .workoutCategory, .workoutExercises, .workoutIsFirstOfWeek,
      .workoutIsFirstOfDay, .workoutWeekday, .workoutPRs, .workoutXP, .categoryParameter:
      return true
    default: return false
    }
  }

  /// Writes the facts known before any phase runs.
  @inline(__always)
  func write(_ facts: EventFacts, day: Day, category: CategoryRule, into slots: UnsafeMutablePointer<Double>) {
    if durationMin >= 0 { slots[durationMin] = facts.durationMin }
    if sets >= 0 { slots[sets] = Double(facts.sets) }
    if reps >= 0 { slots[reps] = Double(facts.reps) }
    if volumeKg >= 0 { slots[volumeKg] = facts.volumeKg }
    if rpe >= 0 { slots[rpe] = facts.rpe }
    if hasRPE >= 0 { slots[hasRPE] = facts.hasRPE ? 1 : 0 }
    if activeKcal >= 0 { slots[activeKcal] = facts.activeKcal }
    if distanceKm >= 0 { slots[distanceKm] = facts.distanceKm }
    if self.category >= 0 { slots[self.category] = Double(facts.category) }
    if exercises >= 0 { slots[exercises] = Double(facts.exerciseCount) }
    if isFirstOfWeek >= 0 { slots[isFirstOfWeek] = facts.isFirstOfWeek ? 1 : 0 }
    if isFirstOfDay >= 0 { slots[isFirstOfDay] = facts.isFirstOfDay ? 1 : 0 }
    if weekday >= 0 { slots[weekday] = Double(day.weekday) }
    if prs >= 0 { slots[prs] = 0 }
    if xp >= 0 { slots[xp] = 0 }
    for parameter in parameters { slots[parameter.slot] = category.parameters[parameter.index] }
  }
}
