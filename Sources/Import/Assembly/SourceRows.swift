import Engine

/// One row of an export as an importer read it: a set of an exercise, or a cardio or timed entry
/// (no reps: distance and/or seconds), with the line it came from.
package struct SourceSet: Sendable, Equatable {
  /// The line of the row in the file.
  package var line: Int
  /// The exercise name as the export writes it.
  package var exercise: String
  /// Reps; nil or 0 for cardio and timed entries.
  package var reps: Int?
  /// The weight in kg, unrounded (rounded to 0.1 kg only in the event).
  package var weightKg: Double
  package var kind: ExerciseSet.Kind
  package var rpe: Double?
  package var distanceKm: Double?
  package var seconds: Double?
  /// A category the export gives the exercise (FitNotes' "Cardio"), used when the pack does
  /// not know the exercise.
  package var categoryHint: String?

  package init(
    line: Int, exercise: String, reps: Int?, weightKg: Double, kind: ExerciseSet.Kind = .working, rpe: Double? = nil,
    distanceKm: Double? = nil, seconds: Double? = nil, categoryHint: String? = nil
  ) {
    self.line = line
    self.exercise = exercise
    self.reps = reps
    self.weightKg = weightKg
    self.kind = kind
    self.rpe = rpe
    self.distanceKm = distanceKm
    self.seconds = seconds
    self.categoryHint = categoryHint
  }
}

/// A training session as read from an export: what identifies it (its start as written and its
/// name), what the export says about it, and its rows.
package struct SourceSession: Sendable {
  /// The local start.
  package var start: LocalDateTime
  /// The workout's name ("" when the export has none, as in FitNotes).
  package var name: String
  /// The first line of the file that belongs to it.
  package var line: Int
  /// The logged duration in minutes, if any.
  package var durationMin: Double?
  package var rpe: Double?
  package var activeKcal: Double?
  /// Distance logged for the whole session (Apple Health), added to its entries' distances.
  package var distanceKm: Double?
  /// A category decided by the export itself (Apple Health's activity type), else the vote of
  /// the sets' exercises.
  package var category: String?
  package var sets: [SourceSet] = []

  package init(
    start: LocalDateTime, name: String, line: Int, durationMin: Double? = nil, rpe: Double? = nil,
    activeKcal: Double? = nil,
    distanceKm: Double? = nil, category: String? = nil
  ) {
    self.start = start
    self.name = name
    self.line = line
    self.durationMin = durationMin
    self.rpe = rpe
    self.activeKcal = activeKcal
    self.distanceKm = distanceKm
    self.category = category
  }
}

/// A day's food intake summed from an export's records.
package struct SourceNutrition: Sendable, Equatable {
  package var day: Day
  package var line: Int
  package var intakeKcal: Double?
  package var proteinG: Double?
  package var carbsG: Double?
  package var fatG: Double?

  package init(day: Day, line: Int) {
    self.day = day
    self.line = line
  }
}
