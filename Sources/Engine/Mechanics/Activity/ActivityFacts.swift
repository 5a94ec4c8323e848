import RuleLanguage

/// The facts of the core activity: the workout being applied, its category's parameters, the
/// player's totals, the day and the trend of intake.
enum ActivityFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    let onWorkout = FactScope.onWorkout
    let all = FactScope.all
    typealias C = FactAccess
    var facts: [Fact] = [
      Fact("workout.durationMin", .number, onWorkout, "minutes") { _, c, _ in C.context(c).pointee.facts.durationMin },
      Fact("workout.sets", .number, onWorkout, "sets, warm-ups excluded") { _, c, _ in Double(C.context(c).pointee.facts.sets) },
      Fact("workout.reps", .number, onWorkout, "reps, warm-ups excluded") { _, c, _ in Double(C.context(c).pointee.facts.reps) },
      Fact("workout.volumeKg", .number, onWorkout, "sum of reps × weight, warm-ups excluded") { _, c, _ in
        C.context(c).pointee.facts.volumeKg
      },
      Fact("workout.rpe", .number, onWorkout, "session RPE, else the hardest set's RPE, else 0") { _, c, _ in
        C.context(c).pointee.facts.rpe
      },
      Fact("workout.hasRPE", .bool, onWorkout, "whether an RPE was logged") { _, c, _ in C.context(c).pointee.facts.hasRPE ? 1 : 0 },
      Fact("workout.activeKcal", .number, onWorkout, "active energy, 0 when not logged") { _, c, _ in
        C.context(c).pointee.facts.activeKcal
      },
      Fact("workout.distanceKm", .number, onWorkout, "distance, 0 when not logged") { _, c, _ in C.context(c).pointee.facts.distanceKm },
      Fact("workout.category", .choice(ChoiceSetNames.category(names.categories)), onWorkout, "the category name") { _, c, _ in
        Double(C.context(c).pointee.facts.category)
      },
      Fact("workout.exercises", .number, onWorkout, "number of exercises") { _, c, _ in Double(C.context(c).pointee.facts.exerciseCount) },
      Fact("workout.isFirstOfWeek", .bool, onWorkout, "first workout of the ISO week") { _, c, _ in
        C.context(c).pointee.facts.isFirstOfWeek ? 1 : 0
      },
      Fact("workout.isFirstOfDay", .bool, onWorkout, "first workout of the day") { _, c, _ in
        C.context(c).pointee.facts.isFirstOfDay ? 1 : 0
      },
      Fact("workout.weekday", .number, onWorkout, "1 = Monday … 7 = Sunday") { _, c, _ in Double(C.context(c).pointee.day.weekday) },
    ]
    for (index, parameter) in names.parameters.enumerated() {
      facts.append(
        Fact("category.\(parameter)", .number, onWorkout, "the workout category's '\(parameter)'", argument: index) { _, c, argument in
          let context = C.context(c).pointee
          let tables = context.tables.pointee
          guard context.facts.category >= 0 else { return 0 }
          return tables.categoryParameters[context.facts.category * tables.parameterCount + argument]
        })
    }
    facts += [
      Fact("player.workouts", .number, all, "workouts logged", monotonic: true) { p, _, _ in
        Double(C.progress(p).pointee.totals.workouts)
      },
      Fact("player.minutes", .number, all, "minutes trained", monotonic: true) { p, _, _ in C.progress(p).pointee.totals.minutes },
      Fact("player.volumeKg", .number, all, "total volume lifted", monotonic: true) { p, _, _ in C.progress(p).pointee.totals.volumeKg },
      Fact("player.sets", .number, all, "total sets", monotonic: true) { p, _, _ in Double(C.progress(p).pointee.totals.sets) },
      Fact("player.reps", .number, all, "total reps", monotonic: true) { p, _, _ in Double(C.progress(p).pointee.totals.reps) },
      Fact("player.activeDays", .number, all, "days with at least one workout", monotonic: true) { p, _, _ in
        Double(C.progress(p).pointee.totals.activeDays)
      },
      Fact("player.workoutsThisWeek", .number, all, "workouts in the current ISO week") { p, _, _ in
        Double(C.progress(p).pointee.week.workouts)
      },
      Fact("player.nutritionDays", .number, all, "days with logged intake", monotonic: true) { p, _, _ in
        Double(C.progress(p).pointee.totals.nutritionDays)
      },
    ]
    for (index, category) in names.categories.enumerated() {
      facts.append(
        Fact("player.workouts.\(category)", .number, all, "\(category) workouts", monotonic: true, argument: index) { p, _, index in
          Double(C.progress(p).pointee.categories[index].workouts)
        })
      facts.append(
        Fact("player.minutes.\(category)", .number, all, "\(category) minutes", monotonic: true, argument: index) { p, _, index in
          C.progress(p).pointee.categories[index].minutes
        })
    }
    facts += [
      Fact("day.activeKcal", .number, [.day], "the day's active energy from workouts") { p, _, _ in C.progress(p).pointee.today.activeKcal },
      Fact("day.workouts", .number, [.day], "the day's workouts") { p, _, _ in Double(C.progress(p).pointee.today.workouts) },
      Fact("day.intakeKcal", .number, [.day], "the day's logged intake, 0 when none") { p, _, _ in
        C.progress(p).pointee.today.intakeKcal ?? 0
      },
    ]
    return facts
  }
}

/// The choice sets of facts whose values are names.
enum ChoiceSetNames {
  static func category(_ names: [String]) -> ChoiceSet { ChoiceSet(name: "category", values: names) }
}
