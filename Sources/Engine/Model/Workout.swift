/// A logged workout: with an exercise list, or as a summary (total sets and volume) as apps
/// import them from health platforms.
public struct Workout: Sendable, Hashable, Codable {
  /// The category name, one of the pack's categories.
  public var category: String
  /// Minutes, greater than 0 and at most 1440.
  public var durationMin: Double
  /// Session RPE (1–10), if logged.
  public var rpe: Double?
  /// Active energy in kcal, if logged.
  public var activeKcal: Double?
  /// Distance in km, if logged.
  public var distanceKm: Double?
  /// The exercises, in the order performed; empty for summary workouts.
  public var exercises: [Exercise]
  /// For summary workouts: total sets, reps and volume.
  public var summary: Summary?

  /// Creates a workout.
  public init(
    category: String, durationMin: Double, rpe: Double? = nil, activeKcal: Double? = nil, distanceKm: Double? = nil,
    exercises: [Exercise] = [], summary: Summary? = nil
  ) {
    self.category = category
    self.durationMin = durationMin
    self.rpe = rpe
    self.activeKcal = activeKcal
    self.distanceKm = distanceKm
    self.exercises = exercises
    self.summary = summary
  }

  /// Totals of a workout logged without an exercise list.
  public struct Summary: Sendable, Hashable, Codable {
    /// Total sets.
    public var sets: Int
    /// Total reps, if known.
    public var reps: Int
    /// Total volume in kg (sum of reps × weight).
    public var volumeKg: Double

    /// Creates a summary.
    public init(sets: Int, reps: Int = 0, volumeKg: Double) {
      self.sets = sets
      self.reps = reps
      self.volumeKg = volumeKg
    }
  }
}

/// One exercise of a workout and its sets.
public struct Exercise: Sendable, Hashable, Codable {
  /// The exercise name: one of the pack's exercises or aliases, or, when ``isUnlisted``, any name.
  public var name: String
  /// The sets in order.
  public var sets: [ExerciseSet]
  /// Whether a name the pack does not list is kept under the pack's `unlisted` exercise of the
  /// workout's category (records and loads are still tracked per name).
  public var isUnlisted: Bool

  /// Creates an exercise.
  public init(name: String, sets: [ExerciseSet], isUnlisted: Bool = false) {
    self.name = name
    self.sets = sets
    self.isUnlisted = isUnlisted
  }

  enum CodingKeys: String, CodingKey {
    case name, sets
    case isUnlisted = "unlisted"
  }

  /// Reads an exercise; `unlisted` is optional (false when absent).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    sets = try container.decode([ExerciseSet].self, forKey: .sets)
    isUnlisted = try container.decodeIfPresent(Bool.self, forKey: .isUnlisted) ?? false
  }

  /// Writes an exercise; `unlisted` only when true.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(sets, forKey: .sets)
    if isUnlisted { try container.encode(true, forKey: .isUnlisted) }
  }
}

/// One set: reps at a weight, of a kind, with an optional RPE.
public struct ExerciseSet: Sendable, Hashable, Codable {
  /// What the set was for.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    case warmUp = "warm-up"
    case working
    case drop
  }

  /// Reps, 1–999.
  public var reps: Int
  /// Weight in kg, 0–9999.9 (0 for bodyweight).
  public var weightKg: Double
  /// RPE, 1–10, if logged.
  public var rpe: Double?
  /// Warm-up, working or drop set; working when not logged.
  public var kind: Kind

  /// Creates a set.
  public init(reps: Int, weightKg: Double, rpe: Double? = nil, kind: Kind = .working) {
    self.reps = reps
    self.weightKg = weightKg
    self.rpe = rpe
    self.kind = kind
  }
}
