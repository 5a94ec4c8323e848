import RuleLanguage

/// The facts of the core activity: the workout being applied, its category's parameters, the
/// player's totals, the day and the trend of intake.
enum ActivityFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    let onWorkout = FactScope.onWorkout
    let all = FactScope.all
    typealias C = FactAccess
    var facts: [Fact] = [
      Fact("workout.durationMin", .number, onWorkout, "minutes", event: \.facts.durationMin),
      Fact("workout.sets", .number, onWorkout, "sets, warm-ups excluded", event: \.facts.sets),
      Fact("workout.reps", .number, onWorkout, "reps, warm-ups excluded", event: \.facts.reps),
      Fact("workout.volumeKg", .number, onWorkout, "sum of reps × weight, warm-ups excluded", event: \.facts.volumeKg),
      Fact("workout.rpe", .number, onWorkout, "session RPE, else the hardest set's RPE, else 0", event: \.facts.rpe),
      Fact("workout.hasRPE", .bool, onWorkout, "whether an RPE was logged", event: \.facts.hasRPE),
      Fact("workout.activeKcal", .number, onWorkout, "active energy, 0 when not logged", event: \.facts.activeKcal),
      Fact("workout.distanceKm", .number, onWorkout, "distance, 0 when not logged", event: \.facts.distanceKm),
      Fact(
        "workout.category", .choice(ChoiceSetNames.category(names.categories)), onWorkout, "the category name",
        event: \.facts.category),
      Fact("workout.exercises", .number, onWorkout, "number of exercises", event: \.facts.exerciseCount),
      Fact("workout.isFirstOfWeek", .bool, onWorkout, "first workout of the ISO week", event: \.facts.isFirstOfWeek),
      Fact("workout.isFirstOfDay", .bool, onWorkout, "first workout of the day", event: \.facts.isFirstOfDay),
      Fact("workout.weekday", .number, onWorkout, "1 = Monday … 7 = Sunday") { _, c, _ in
        Double(C.context(c).pointee.day.weekday)
      },
    ]
    for (index, parameter) in names.parameters.enumerated() {
      facts.append(
        Fact.categoryParameter(
          "category.\(parameter)", onWorkout, "the workout category's '\(parameter)'", argument: index))
    }
    facts += [
      Fact(
        "player.workouts", .number, all, "workouts logged", monotonic: true, changes: .workouts,
        player: \.activity.totals.workouts),
      Fact(
        "player.minutes", .number, all, "minutes trained", monotonic: true, changes: .workouts,
        player: \.activity.totals.minutes),
      Fact(
        "player.volumeKg", .number, all, "total volume lifted", monotonic: true, changes: .workouts,
        player: \.activity.totals.volumeKg),
      Fact(
        "player.sets", .number, all, "total sets", monotonic: true, changes: .workouts, player: \.activity.totals.sets),
      Fact(
        "player.reps", .number, all, "total reps", monotonic: true, changes: .workouts, player: \.activity.totals.reps),
      Fact(
        "player.activeDays", .number, all, "days with at least one workout", monotonic: true, changes: .workouts,
        player: \.activity.totals.activeDays),
      Fact(
        "player.workoutsThisWeek", .number, all, "workouts in the current ISO week", player: \.activity.week.workouts),
      Fact(
        "player.nutritionDays", .number, all, "days with logged intake", monotonic: true, changes: .nutrition,
        player: \.activity.totals.nutritionDays),
    ]
    for (index, category) in names.categories.enumerated() {
      facts.append(
        Fact(
          "player.workouts.\(category)", .number, all, "\(category) workouts", monotonic: true,
          changes: .workoutsOfCategory, argument: index
        ) { p, _, index in
          Double(C.progress(p).pointee.categories[index].workouts)
        })
      facts.append(
        Fact(
          "player.minutes.\(category)", .number, all, "\(category) minutes", monotonic: true,
          changes: .workoutsOfCategory, argument: index
        ) { p, _, index in
          C.progress(p).pointee.categories[index].minutes
        })
    }
    facts += [
      Fact("day.activeKcal", .number, [.day], "the day's active energy from workouts") { p, _, _ in
        C.progress(p).pointee.today.activeKcal
      },
      Fact("day.workouts", .number, [.day], "the day's workouts") { p, _, _ in
        Double(C.progress(p).pointee.today.workouts)
      },
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
