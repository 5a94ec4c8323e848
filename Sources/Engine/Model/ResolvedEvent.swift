/// An event checked against a pack, with every name turned into its index: the form the engine
/// applies. One flat value (no enum payloads to copy), built once when a line is decoded or an
/// event is resolved (``Engine/resolve(_:)``); the hot path reads it borrowed.
package struct ResolvedEvent: Sendable {
  package enum Kind: UInt8, Sendable {
    case workout, nutrition, companion, profile, dayClosed, retraction, mechanic
  }

  // The fields a workout reads come first, so the hot path touches two cache lines.
  package var kind: Kind
  /// Whether `rpe` was logged, and whether the summary totals were.
  package var hasRPE = false
  package var hasSummary = false
  // Workouts.
  package var category: Int32 = -1
  package var day: Day
  package var durationMin = 0.0
  /// Session RPE (when `hasRPE`).
  package var rpe = 0.0
  /// Active energy and distance; NaN when not logged.
  package var activeKcal = Double.nan
  package var distanceKm = Double.nan
  /// A summary workout's totals (when `hasSummary`).
  package var summarySets = 0
  package var summaryReps = 0
  package var summaryVolumeKg = 0.0
  /// The pack index of each exercise, in order.
  package var exercises: [Int32] = []
  /// Every set of every exercise, in order.
  package var sets: [ResolvedSet] = []
  /// The names of exercises kept under their category's unlisted exercise, by position.
  package var unlisted: [(position: Int32, name: String)] = []

  package var id: String
  package var player: String?

  // Nutrition logs: macros are NaN when not logged.
  package var intakeKcal = 0.0
  package var proteinG = Double.nan
  package var carbsG = Double.nan
  package var fatG = Double.nan

  // Companion choices.
  package var species: Int32 = -1

  // Profiles.
  package var targets = MacroTargets(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)

  // Retractions.
  package var retracted = ""

  // Events mechanics add.
  package var payload: (any MechanicEvent)?

  package init(kind: Kind, id: String, day: Day, player: String? = nil) {
    self.kind = kind
    self.id = id
    self.day = day
    self.player = player
  }
}

/// One set of a resolved workout.
package struct ResolvedSet: Sendable, Equatable {
  /// The position of its exercise in the workout.
  package var exercise: Int32
  package var reps: Int32
  package var weightKg: Double
  /// The set's RPE, 0 when not logged.
  package var rpe: Double
  package var kind: ExerciseSet.Kind

  package var isWarmUp: Bool { kind == .warmUp }

  package init(exercise: Int32, reps: Int32, weightKg: Double, rpe: Double, kind: ExerciseSet.Kind) {
    self.exercise = exercise
    self.reps = reps
    self.weightKg = weightKg
    self.rpe = rpe
    self.kind = kind
  }
}

/// Read access to a resolved event through a pointer, so phases read its fields (and its arrays'
/// elements) in place, never copying the event.
package struct EventView {
  let pointer: UnsafePointer<ResolvedEvent>

  @inline(__always)
  init(_ pointer: UnsafePointer<ResolvedEvent>) { self.pointer = pointer }

  @inline(__always) var category: Int32 { pointer.pointee.category }
  @inline(__always) var durationMin: Double { pointer.pointee.durationMin }
  @inline(__always) var rpe: Double { pointer.pointee.rpe }
  @inline(__always) var hasRPE: Bool { pointer.pointee.hasRPE }
  @inline(__always) var activeKcal: Double { pointer.pointee.activeKcal }
  @inline(__always) var distanceKm: Double { pointer.pointee.distanceKm }
  @inline(__always) var summarySets: Int { pointer.pointee.summarySets }
  @inline(__always) var summaryReps: Int { pointer.pointee.summaryReps }
  @inline(__always) var summaryVolumeKg: Double { pointer.pointee.summaryVolumeKg }
  @inline(__always) var exerciseCount: Int { pointer.pointee.exercises.count }
  @inline(__always) var setCount: Int { pointer.pointee.sets.count }
  @inline(__always) func exercise(_ index: Int) -> Int32 { pointer.pointee.exercises[index] }
  @inline(__always) func set(_ index: Int) -> ResolvedSet { pointer.pointee.sets[index] }

  /// Runs `body` on the workout's sets in place (a loop over them then touches no reference
  /// count and checks no bounds against the array).
  @inline(__always)
  func withSets<Result, Failure>(_ body: (UnsafeBufferPointer<ResolvedSet>) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    try pointer.pointee.sets.withUnsafeBufferPointer(body)
  }
}
