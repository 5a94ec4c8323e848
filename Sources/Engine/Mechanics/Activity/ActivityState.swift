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

/// What the core activity remembers: lifetime totals, the open day, the current ISO week, the
/// week of the first workout and per-category totals.
public struct ActivityState: Sendable, Equatable, Codable, Hashable {
  /// Lifetime totals.
  public package(set) var totals = Totals()
  /// The open (or last closed) day.
  public package(set) var today = DayState()
  /// The current ISO week.
  public package(set) var week = WeekState()
  /// The ISO week of the first workout, from which training weeks (and deloads) count.
  public package(set) var firstWeek: Int?
  /// Per category, in the pack's order.
  public package(set) var categories: [CategoryTotals] = []

  /// Creates an empty activity.
  public init() {}
}

extension PlayerProgress {
  /// Lifetime totals (activity).
  public package(set) var totals: Totals {
    get { activity.totals }
    _modify { yield &activity.totals }
  }
  /// The open (or last closed) day (activity).
  public package(set) var today: DayState {
    get { activity.today }
    _modify { yield &activity.today }
  }
  /// The current ISO week (activity).
  public package(set) var week: WeekState {
    get { activity.week }
    _modify { yield &activity.week }
  }
  /// The ISO week of the first workout, from which training weeks (and deloads) count.
  public package(set) var firstWeek: Int? {
    get { activity.firstWeek }
    _modify { yield &activity.firstWeek }
  }
  /// Per category (activity).
  public package(set) var categories: [CategoryTotals] {
    get { activity.categories }
    _modify { yield &activity.categories }
  }
}
