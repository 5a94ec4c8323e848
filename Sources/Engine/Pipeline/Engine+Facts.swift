import RuleLanguage

// Reading facts into formula slots, and preparing an event's facts before any phase runs.

extension Engine {
  /// Writes the current value of each listed slot's fact.
  @inline(__always)
  func fill(_ slots: [Int], _ step: Step, _ state: PlayerState) {
    for slot in slots { step.slots[slot] = value(of: facts[slot], step, state) }
  }

  /// The current value of a fact (true/false as 1/0, choices as their index).
  func value(of fact: Fact, _ step: Step, _ state: PlayerState) -> Double {
    let event = step.facts
    switch fact {
    case .workoutDurationMin: return event.durationMin
    case .workoutSets: return Double(event.sets)
    case .workoutReps: return Double(event.reps)
    case .workoutVolumeKg: return event.volumeKg
    case .workoutRPE: return event.rpe
    case .workoutHasRPE: return event.hasRPE ? 1 : 0
    case .workoutActiveKcal: return event.activeKcal
    case .workoutDistanceKm: return event.distanceKm
    case .workoutCategory: return Double(event.category)
    case .workoutExercises: return Double(event.exercises.count)
    case .workoutIsFirstOfWeek: return event.isFirstOfWeek ? 1 : 0
    case .workoutIsFirstOfDay: return event.isFirstOfDay ? 1 : 0
    case .workoutPRs: return Double(event.prs)
    case .workoutXP: return Double(event.xp)
    case .workoutWeekday: return Double(step.day.weekday)
    case .categoryParameter(let index):
      return event.category >= 0 ? pack.categories[event.category].parameters[index] : 0
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
    case .intakeAverage: return event.intakeAverage
    case .intakeDays: return Double(event.intakeDays)
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

  /// Resolves names and computes the event's facts; throws before anything changes.
  func prepare(_ event: Event, step: inout Step, state: inout PlayerState) throws(EngineError) {
    if let open = state.today.day, event.day < open || (event.day == open && state.today.isClosed) {
      throw .outOfOrder(eventID: event.id, day: event.day, openDay: open, isClosed: state.today.isClosed)
    }
    switch event {
    case .workoutLogged(let workout): try prepare(workout, &step, state)
    case .companionChosen(let choice):
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
    default: break
    }
  }

  private func prepare(_ workout: Workout, _ step: inout Step, _ state: PlayerState) throws(EngineError) {
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
      facts.exercises.reserveCapacity(workout.exercises.count)
      for exercise in workout.exercises {
        guard let index = pack.exercise(named: exercise.name) else {
          let hint = Suggestion.hint(for: exercise.name, among: pack.exercises.map(\.name))
          throw .invalidEvent(eventID: workout.id, message: "unknown exercise '\(exercise.name)'\(hint)")
        }
        facts.exercises.append(index)
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
    step.facts = facts
  }
}
