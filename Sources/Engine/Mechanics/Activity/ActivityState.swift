/// Lifetime totals.
public struct Totals: Sendable, Equatable, Codable, Hashable {
  /// Workouts logged.
  public package(set) var workouts = 0
  /// Minutes trained.
  public package(set) var minutes = 0.0
  /// Working sets (warm-ups excluded).
  public package(set) var sets = 0
  /// Reps of working sets.
  public package(set) var reps = 0
  /// Volume lifted, Σ reps × weight, kg.
  public package(set) var volumeKg = 0.0
  /// Days with at least one workout.
  public package(set) var activeDays = 0
  /// Personal records set.
  public package(set) var prs = 0
  /// Achievement tiers unlocked.
  public package(set) var achievements = 0
  /// Companion evolutions.
  public package(set) var evolutions = 0
  /// Days with logged intake.
  public package(set) var nutritionDays = 0

  /// Creates zero totals.
  public init() {}
}

/// The day being accumulated: its XP (for the daily cap), activity and intake.
public struct DayState: Sendable, Equatable, Codable, Hashable {
  /// The day.
  public package(set) var day: Day?
  /// Whether the day was closed (its nutrition target settled); later events must be later days.
  public package(set) var isClosed = false
  /// XP earned on the day (what the daily cap limits).
  public package(set) var xp: Int64 = 0
  /// Workouts logged.
  public package(set) var workouts = 0
  /// Active energy of the day's workouts.
  public package(set) var activeKcal = 0.0
  /// Logged intake, nil when none.
  public package(set) var intakeKcal: Double?

  /// Creates an empty day.
  public init() {}
}

/// The current ISO week's workouts.
public struct WeekState: Sendable, Equatable, Codable, Hashable {
  /// Monday-based week number (see ``Day/week``).
  public package(set) var week: Int?
  /// Workouts logged.
  public package(set) var workouts = 0

  /// Creates an empty week.
  public init() {}
}

/// Totals of one category.
public struct CategoryTotals: Sendable, Equatable, Codable, Hashable {
  /// The category name.
  public package(set) var name: String
  /// Workouts logged.
  public package(set) var workouts = 0
  /// Minutes trained.
  public package(set) var minutes = 0.0
  /// Volume lifted, Σ reps × weight, kg.
  public package(set) var volumeKg = 0.0

  /// Creates zero totals for a category.
  public init(name: String) { self.name = name }
}
