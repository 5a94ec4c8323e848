// One factory per event type, so events built in Swift read like their JSON lines:
// `.workout(id: "w1", day: day, category: "strength", durationMin: 45)`. The engine checks them
// with the same rules and messages as decoded lines (EventValidator).

extension Event {
  /// A logged workout.
  public static func workout(
    id: String, day: Day, player: String? = nil, category: String, durationMin: Double, rpe: Double? = nil,
    activeKcal: Double? = nil, distanceKm: Double? = nil, exercises: [Exercise] = [], summary: Workout.Summary? = nil
  ) -> Event {
    Event(
      id: id, day: day, player: player,
      kind: .workout(
        Workout(
          category: category, durationMin: durationMin, rpe: rpe, activeKcal: activeKcal, distanceKm: distanceKm,
          exercises: exercises, summary: summary)))
  }

  /// A day's food intake.
  public static func nutrition(
    id: String, day: Day, player: String? = nil, intakeKcal: Double, proteinG: Double? = nil, carbsG: Double? = nil,
    fatG: Double? = nil
  ) -> Event {
    Event(
      id: id, day: day, player: player,
      kind: .nutrition(NutritionLog(intakeKcal: intakeKcal, proteinG: proteinG, carbsG: carbsG, fatG: fatG)))
  }

  /// A starter chosen, or the active companion switched.
  public static func companion(id: String, day: Day, player: String? = nil, species: String) -> Event {
    Event(id: id, day: day, player: player, kind: .companion(species: species))
  }

  /// New nutrition baselines.
  public static func profile(id: String, day: Day, player: String? = nil, targets: MacroTargets) -> Event {
    Event(id: id, day: day, player: player, kind: .profile(targets))
  }

  /// The end of a day.
  public static func dayClosed(id: String, day: Day, player: String? = nil) -> Event {
    Event(id: id, day: day, player: player, kind: .dayClosed)
  }

  /// The withdrawal of an earlier event.
  public static func retraction(id: String, day: Day, player: String? = nil, of retracted: String) -> Event {
    Event(id: id, day: day, player: player, kind: .retraction(of: retracted))
  }
}
