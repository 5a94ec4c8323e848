import RuleLanguage

// Reading facts into formula slots, and preparing an event's facts before any phase runs.

extension Engine {
  /// Writes the current value of each listed slot's fact.
  @inline(__always)
  func fill(_ slots: [Int], _ step: borrowing Step, _ state: borrowing PlayerState) {
    for slot in slots { step.slots[slot] = value(of: facts[slot], step, state) }
  }

  /// The current value of a fact (true/false as 1/0, choices as their index).
  func value(of fact: Fact, _ step: borrowing Step, _ state: borrowing PlayerState) -> Double {
    switch fact {
    case .workoutDurationMin: return step.facts.durationMin
    case .workoutSets: return Double(step.facts.sets)
    case .workoutReps: return Double(step.facts.reps)
    case .workoutVolumeKg: return step.facts.volumeKg
    case .workoutRPE: return step.facts.rpe
    case .workoutHasRPE: return step.facts.hasRPE ? 1 : 0
    case .workoutActiveKcal: return step.facts.activeKcal
    case .workoutDistanceKm: return step.facts.distanceKm
    case .workoutCategory: return Double(step.facts.category)
    case .workoutExercises: return Double(step.facts.exerciseCount)
    case .workoutIsFirstOfWeek: return step.facts.isFirstOfWeek ? 1 : 0
    case .workoutIsFirstOfDay: return step.facts.isFirstOfDay ? 1 : 0
    case .workoutPRs: return Double(step.facts.prs)
    case .workoutXP: return Double(step.facts.xp)
    case .workoutWeekday: return Double(step.day.weekday)
    case .categoryParameter(let index):
      return step.facts.category >= 0 ? pack.categories[step.facts.category].parameters[index] : 0
    case .playerLevel: return Double(state.level)
    case .playerXP: return Double(state.xp)
    case .playerWorkouts: return Double(state.totals.workouts)
    case .playerMinutes: return state.totals.minutes
    case .playerVolumeKg: return state.totals.volumeKg
    case .playerSets: return Double(state.totals.sets)
    case .playerReps: return Double(state.totals.reps)
    case .playerStreak: return Double(state.streak.current)
    case .playerBestStreak: return Double(state.streak.best)
    case .playerFreezes: return Double(state.streak.freezes)
    case .playerPRs: return Double(state.totals.prs)
    case .playerAchievements: return Double(state.totals.achievements)
    case .playerEvolutions: return Double(state.totals.evolutions)
    case .playerActiveDays: return Double(state.totals.activeDays)
    case .playerWorkoutsThisWeek: return Double(state.week.workouts)
    case .playerXPToday: return Double(state.today.xp)
    case .playerNutritionDays: return Double(state.totals.nutritionDays)
    case .playerCompanions: return Double(state.companions.members.count)
    case .playerCategoryWorkouts(let index): return Double(state.categories[index].workouts)
    case .playerCategoryMinutes(let index): return state.categories[index].minutes
    case .companionActive: return state.companions.active == nil ? 0 : 1
    case .companionLevel: return activeCompanion(state).map { Double($0.companion.level) } ?? 0
    case .companionStage: return activeCompanion(state).map { Double($0.species.stage) } ?? 0
    case .companionEvolutions: return activeCompanion(state).map { Double($0.companion.evolutions) } ?? 0
    case .companionElement: return activeCompanion(state).map { Double($0.species.element) } ?? -1
    case .dayActiveKcal: return state.today.activeKcal
    case .dayWorkouts: return Double(state.today.workouts)
    case .dayIntakeKcal: return state.today.intakeKcal ?? 0
    case .intakeAverage: return step.facts.intakeAverage
    case .intakeDays: return Double(step.facts.intakeDays)
    }
  }

  /// The active companion, its species rule and its index in the collection.
  public func activeCompanion(_ state: PlayerState) -> (companion: Companion, species: SpeciesRule, index: Int)? {
    guard let rules = pack.companions, let active = state.companions.active,
      active < state.companions.members.count
    else { return nil }
    let companion = state.companions.members[active]
    guard let species = rules.species(named: companion.species) else { return nil }
    return (companion, rules.species[species], active)
  }

  /// Checks that a companion choice names a starter or a companion in the collection.
  func validate(_ choice: CompanionChoice, _ state: PlayerState) throws(EngineError) {
    guard let rules = pack.companions else {
      throw .invalidEvent(eventID: choice.id, message: "this rule pack has no companions")
    }
    guard let index = rules.species(named: choice.species) else {
      let hint = Suggestion.hint(for: choice.species, among: rules.species.map(\.id))
      throw .invalidEvent(eventID: choice.id, message: "unknown species '\(choice.species)'\(hint)")
    }
    let owned = state.companions.members.contains { $0.species == choice.species }
    if !owned && !rules.species[index].isStarter {
      let starters = rules.species.filter(\.isStarter).map { "'\($0.id)'" }.joined(separator: ", ")
      throw .invalidEvent(
        eventID: choice.id,
        message: "'\(choice.species)' is not a starter and not in the collection; starters are \(starters)")
    }
  }

  /// Resolves a workout's names and computes its facts; throws before anything changes.
  func prepare(_ workout: borrowing Workout, _ step: inout Step, _ state: borrowing PlayerState) throws(EngineError) {
    guard let category = pack.category(named: workout.category) else {
      let hint = Suggestion.hint(for: workout.category, among: pack.categories.map(\.name))
      throw .invalidEvent(eventID: workout.id, message: "unknown category '\(workout.category)'\(hint)")
    }
    var facts = EventFacts()
    facts.category = category
    facts.durationMin = workout.durationMin
    facts.activeKcal = workout.activeKcal ?? 0
    facts.distanceKm = workout.distanceKm ?? 0
    var hardestSet: Double?
    if let summary = workout.summary {
      facts.sets = summary.sets
      facts.reps = summary.reps
      facts.volumeKg = summary.volumeKg
    }
    if !workout.exercises.isEmpty {
      guard workout.exercises.count <= Self.maximumExercises else {
        throw .invalidEvent(eventID: workout.id, message: "a workout has at most \(Self.maximumExercises) exercises")
      }
      for exercise in workout.exercises {
        guard let index = pack.exercise(named: exercise.name) else {
          let hint = Suggestion.hint(for: exercise.name, among: pack.exercises.map(\.name))
          throw .invalidEvent(eventID: workout.id, message: "unknown exercise '\(exercise.name)'\(hint)")
        }
        step.exercises[facts.exerciseCount] = Int32(truncatingIfNeeded: index)
        facts.exerciseCount += 1
        for set in exercise.sets where set.kind != .warmUp {
          facts.sets += 1
          facts.reps += set.reps
          facts.volumeKg += Double(set.reps) * set.weightKg
          if let rpe = set.rpe { hardestSet = max(hardestSet ?? rpe, rpe) }
        }
      }
    }
    if let rpe = workout.rpe ?? hardestSet {
      facts.rpe = rpe
      facts.hasRPE = true
    }
    facts.isFirstOfDay = state.today.day != step.day || state.today.workouts == 0
    facts.isFirstOfWeek = state.week.week != step.day.week || state.week.workouts == 0
    workoutSlots.write(facts, day: step.day, category: pack.categories[category], into: step.slots)
    step.facts = facts
  }
}
