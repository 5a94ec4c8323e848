/// What the phases know about the event being applied: its day, the numbers formulas read
/// about it, and the scratch memory of one application (slots, operand stack, exercise indexes),
/// which lives on the stack of `apply`. A plain value: no reference counting.
package struct EventContext {
  package let day: Day
  package var facts = EventFacts()
  /// One slot per fact of the pack.
  package let slots: UnsafeMutablePointer<Double>
  /// The operand stack, ``stackCapacity`` Doubles: at least the deepest formula's need.
  package let stack: UnsafeMutablePointer<Double>
  package let stackCapacity: Int
  /// The engine's lookup tables.
  package let tables: UnsafePointer<EngineTables>
  /// Whether awards are recorded, and explained.
  package let recording: Bool
  package let explaining: Bool
  /// The quest period whose totals `period.*` facts read (0 day, 1 week).
  package var questPeriod = 0
}

/// Numbers about the current event that formulas read (`workout.*`, `day.*`, `intake.*`).
package struct EventFacts {
  package var category = -1
  package var durationMin = 0.0
  package var sets = 0
  package var reps = 0
  package var volumeKg = 0.0
  package var rpe = 0.0
  package var hasRPE = false
  package var activeKcal = 0.0
  package var distanceKm = 0.0
  package var exerciseCount = 0
  package var isFirstOfWeek = false
  package var isFirstOfDay = false
  package var prs = 0
  package var xp: Int64 = 0
  package var intakeAverage = 0.0
  package var intakeDays = 0
}

/// Read-only tables of a compiled pack, as plain memory owned by the engine, so that fact
/// readers and phases look things up without touching reference counts.
package struct EngineTables {
  /// Category parameters, category by category (`parameterCount` each).
  package var categoryParameters: UnsafePointer<Double>
  package var parameterCount: Int
  /// Per species: its stage and its element's index.
  package var speciesStage: UnsafePointer<Int32>
  package var speciesElement: UnsafePointer<Int32>
}
