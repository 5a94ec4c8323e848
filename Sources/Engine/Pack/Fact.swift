import RuleLanguage

/// A number the engine knows about the current event, the player or their companion, that rule
/// formulas can read by name (`player.streak`, `workout.durationMin`…).
enum Fact: Hashable, Sendable {
  case workoutDurationMin, workoutSets, workoutReps, workoutVolumeKg, workoutRPE, workoutHasRPE
  case workoutActiveKcal, workoutDistanceKm, workoutCategory, workoutExercises, workoutIsFirstOfWeek
  case workoutIsFirstOfDay, workoutPRs, workoutXP, workoutWeekday
  case categoryParameter(Int)
  case playerLevel, playerXP, playerWorkouts, playerMinutes, playerVolumeKg, playerSets, playerReps
  case playerStreak, playerBestStreak, playerFreezes, playerPRs, playerAchievements, playerEvolutions
  case playerActiveDays, playerWorkoutsThisWeek, playerXPToday, playerNutritionDays, playerCompanions
  case playerCategoryWorkouts(Int), playerCategoryMinutes(Int)
  case companionActive, companionLevel, companionStage, companionEvolutions, companionElement
  case dayActiveKcal, dayWorkouts, dayIntakeKcal, intakeAverage, intakeDays

  /// Whether the value can only grow over a player's life, so thresholds on it can be indexed.
  var isMonotonic: Bool {
    switch self {
    case .playerLevel, .playerXP, .playerWorkouts, .playerMinutes, .playerVolumeKg, .playerSets, .playerReps,
      .playerBestStreak, .playerPRs, .playerAchievements, .playerEvolutions, .playerActiveDays,
      .playerNutritionDays, .playerCompanions, .playerCategoryWorkouts, .playerCategoryMinutes:
      return true
    default: return false
    }
  }
}

/// Where a formula is written decides which facts it may read.
enum FactScope: Sendable, CaseIterable {
  /// XP terms, factors and bonuses: the workout, its category, the player, the companion.
  case workout
  /// Companion XP: as `workout`, plus the workout's final XP.
  case companionXP
  /// Achievements and evolution conditions: the player and the companion.
  case player
  /// Nutrition signals: the day, the intake trend and the player.
  case day
}

/// Every fact of a pack with its name, type and slot; builds the formula scopes.
struct FactTable: Sendable {
  struct Entry: Sendable {
    var fact: Fact
    var name: String
    var type: FormulaType
    var scopes: Set<FactScope>
    var help: String
  }

  let entries: [Entry]
  let scopes: [FactScope: FormulaScope]

  init(categories: [String], parameters: [String], elements: [String]) {
    var entries: [Entry] = []
    let all: Set<FactScope> = Set(FactScope.allCases)
    let onWorkout: Set<FactScope> = [.workout, .companionXP]
    func add(_ fact: Fact, _ name: String, _ type: FormulaType = .number, _ scopes: Set<FactScope>, _ help: String) {
      entries.append(Entry(fact: fact, name: name, type: type, scopes: scopes, help: help))
    }
    let categorySet = ChoiceSet(name: "category", values: categories)
    add(.workoutDurationMin, "workout.durationMin", .number, onWorkout, "minutes")
    add(.workoutSets, "workout.sets", .number, onWorkout, "sets, warm-ups excluded")
    add(.workoutReps, "workout.reps", .number, onWorkout, "reps, warm-ups excluded")
    add(.workoutVolumeKg, "workout.volumeKg", .number, onWorkout, "sum of reps × weight, warm-ups excluded")
    add(.workoutRPE, "workout.rpe", .number, onWorkout, "session RPE, else the hardest set's RPE, else 0")
    add(.workoutHasRPE, "workout.hasRPE", .bool, onWorkout, "whether an RPE was logged")
    add(.workoutActiveKcal, "workout.activeKcal", .number, onWorkout, "active energy, 0 when not logged")
    add(.workoutDistanceKm, "workout.distanceKm", .number, onWorkout, "distance, 0 when not logged")
    add(.workoutCategory, "workout.category", .choice(categorySet), onWorkout, "the category name")
    add(.workoutExercises, "workout.exercises", .number, onWorkout, "number of exercises")
    add(.workoutIsFirstOfWeek, "workout.isFirstOfWeek", .bool, onWorkout, "first workout of the ISO week")
    add(.workoutIsFirstOfDay, "workout.isFirstOfDay", .bool, onWorkout, "first workout of the day")
    add(.workoutPRs, "workout.prs", .number, onWorkout, "personal records set by this workout")
    add(.workoutWeekday, "workout.weekday", .number, onWorkout, "1 = Monday … 7 = Sunday")
    add(.workoutXP, "workout.xp", .number, [.companionXP], "the XP the player got for this workout")
    for (index, parameter) in parameters.enumerated() {
      add(.categoryParameter(index), "category.\(parameter)", .number, onWorkout, "the workout category's '\(parameter)'")
    }
    add(.playerLevel, "player.level", .number, all, "player level")
    add(.playerXP, "player.xp", .number, all, "total XP")
    add(.playerWorkouts, "player.workouts", .number, all, "workouts logged")
    add(.playerMinutes, "player.minutes", .number, all, "minutes trained")
    add(.playerVolumeKg, "player.volumeKg", .number, all, "total volume lifted")
    add(.playerSets, "player.sets", .number, all, "total sets")
    add(.playerReps, "player.reps", .number, all, "total reps")
    add(.playerStreak, "player.streak", .number, all, "current streak of training days")
    add(.playerBestStreak, "player.bestStreak", .number, all, "best streak ever")
    add(.playerFreezes, "player.freezes", .number, all, "streak freezes held")
    add(.playerPRs, "player.prs", .number, all, "personal records set")
    add(.playerAchievements, "player.achievements", .number, all, "achievement tiers unlocked")
    add(.playerEvolutions, "player.evolutions", .number, all, "companion evolutions")
    add(.playerActiveDays, "player.activeDays", .number, all, "days with at least one workout")
    add(.playerWorkoutsThisWeek, "player.workoutsThisWeek", .number, all, "workouts in the current ISO week")
    add(.playerXPToday, "player.xpToday", .number, all, "XP earned today")
    add(.playerNutritionDays, "player.nutritionDays", .number, all, "days with logged intake")
    add(.playerCompanions, "player.companions", .number, all, "companions in the collection")
    for (index, category) in categories.enumerated() {
      add(.playerCategoryWorkouts(index), "player.workouts.\(category)", .number, all, "\(category) workouts")
      add(.playerCategoryMinutes(index), "player.minutes.\(category)", .number, all, "\(category) minutes")
    }
    let elementSet = ChoiceSet(name: "element", values: elements)
    add(.companionActive, "companion.active", .bool, all, "whether the player has an active companion")
    add(.companionLevel, "companion.level", .number, all, "active companion's level (0 without one)")
    add(.companionStage, "companion.stage", .number, all, "active companion's evolution stage (0 without one)")
    add(.companionEvolutions, "companion.evolutions", .number, all, "active companion's evolutions")
    add(.companionElement, "companion.element", .choice(elementSet), all, "active companion's element")
    add(.dayActiveKcal, "day.activeKcal", .number, [.day], "the day's active energy from workouts")
    add(.dayWorkouts, "day.workouts", .number, [.day], "the day's workouts")
    add(.dayIntakeKcal, "day.intakeKcal", .number, [.day], "the day's logged intake, 0 when none")
    add(.intakeAverage, "intake.average", .number, [.day], "average daily intake over the trend window (0 without data)")
    add(.intakeDays, "intake.days", .number, [.day], "days with logged intake in the trend window")
    self.entries = entries
    var scopes: [FactScope: FormulaScope] = [:]
    for scope in FactScope.allCases {
      scopes[scope] = FormulaScope(
        entries.enumerated().filter { $0.element.scopes.contains(scope) }.map {
          FormulaScope.Variable(name: $0.element.name, type: $0.element.type, slot: $0.offset)
        })
    }
    self.scopes = scopes
  }

  /// The scope for formulas written in a place.
  func scope(_ place: FactScope) -> FormulaScope {
    scopes[place] ?? FormulaScope([])
  }

  var count: Int { entries.count }

  func slot(of fact: Fact) -> Int? { entries.firstIndex { $0.fact == fact } }
}
