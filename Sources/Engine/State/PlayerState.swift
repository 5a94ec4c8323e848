/// Everything the engine remembers about one player; a plain Codable value.
///
/// Per-category, per-exercise and per-achievement entries are arrays in the rule pack's order
/// and carry their names, so a saved state reads on its own and re-aligns to an edited pack
/// (``Engine/reconciled(_:)``).
public struct PlayerState: Sendable, Equatable, Codable {
  /// Total XP.
  public var xp: Int64 = 0
  /// Player level.
  public var level: Int = 1
  public var totals = Totals()
  public var streak = StreakState()
  /// The open (or last closed) day.
  public var today = DayState()
  /// The current ISO week.
  public var week = WeekState()
  /// The ISO week of the first workout, from which training weeks (and deloads) count.
  public var firstWeek: Int?
  public var categories: [CategoryTotals] = []
  public var records: [ExerciseRecord] = []
  public var loads: [LoadState] = []
  public var achievements: [AchievementProgress] = []
  public var companions = CompanionCollection()
  public var nutrition = NutritionState()
  /// Derived index of the next locked achievement threshold per indexed group; not saved, and
  /// not part of equality (it is rebuilt from `achievements` whenever missing).
  var cursorCache = DerivedCursors()

  var achievementCursors: [Int] {
    get { cursorCache.values }
    set { cursorCache.values = newValue }
  }

  enum CodingKeys: String, CodingKey {
    case xp, level, totals, streak, today, week, firstWeek, categories, records, loads, achievements, companions
    case nutrition
  }

  /// Creates an empty state (use ``Engine/newPlayer()`` to get one shaped for a pack).
  public init() {}
}

/// Lifetime totals.
public struct Totals: Sendable, Equatable, Codable {
  public var workouts = 0
  public var minutes = 0.0
  public var sets = 0
  public var reps = 0
  public var volumeKg = 0.0
  public var activeDays = 0
  public var prs = 0
  public var achievements = 0
  public var evolutions = 0
  public var nutritionDays = 0

  /// Creates zero totals.
  public init() {}
}

/// The streak of training days.
public struct StreakState: Sendable, Equatable, Codable {
  public var current = 0
  public var best = 0
  public var freezes = 0
  /// The last training day.
  public var lastDay: Day?

  /// Creates an empty streak.
  public init() {}
}

/// The day being accumulated: its XP (for the daily cap), activity and intake.
public struct DayState: Sendable, Equatable, Codable {
  public var day: Day?
  /// Whether the day was closed (its nutrition target settled); later events must be later days.
  public var isClosed = false
  public var xp: Int64 = 0
  public var workouts = 0
  public var activeKcal = 0.0
  /// Logged intake, nil when none.
  public var intakeKcal: Double?

  /// Creates an empty day.
  public init() {}
}

/// The current ISO week's workouts.
public struct WeekState: Sendable, Equatable, Codable {
  /// Monday-based week number (see ``Day/week``).
  public var week: Int?
  public var workouts = 0

  /// Creates an empty week.
  public init() {}
}

/// Totals of one category.
public struct CategoryTotals: Sendable, Equatable, Codable {
  public var name: String
  public var workouts = 0
  public var minutes = 0.0
  public var volumeKg = 0.0

  /// Creates zero totals for a category.
  public init(name: String) { self.name = name }
}

/// Personal records of one exercise.
public struct ExerciseRecord: Sendable, Equatable, Codable {
  public var exercise: String
  /// Sessions that had working sets.
  public var sessions = 0
  public var heaviestKg = 0.0
  public var bestEstimatedOneRepMaxKg = 0.0
  /// Most reps in one set at each weight, by ascending weight.
  public var repsAtWeight: [RepsAtWeight] = []

  /// Creates an empty record.
  public init(exercise: String) { self.exercise = exercise }
}

/// Most reps done at a weight.
public struct RepsAtWeight: Sendable, Equatable, Codable {
  public var weightKg: Double
  public var reps: Int

  /// Creates an entry.
  public init(weightKg: Double, reps: Int) {
    self.weightKg = weightKg
    self.reps = reps
  }
}

/// Load progression of one exercise.
public struct LoadState: Sendable, Equatable, Codable {
  public var exercise: String
  /// The top working load last used, 0 before the first session.
  public var lastKg = 0.0
  /// The suggested load for the next normal (non-deload) session, 0 before the first.
  public var nextKg = 0.0
  public var lastRPE: Double?

  /// Creates a load state.
  public init(exercise: String, lastKg: Double = 0, nextKg: Double = 0, lastRPE: Double? = nil) {
    self.exercise = exercise
    self.lastKg = lastKg
    self.nextKg = nextKg
    self.lastRPE = lastRPE
  }
}

/// Progress of one achievement.
public struct AchievementProgress: Sendable, Equatable, Codable {
  public var id: String
  /// Tiers unlocked (0: locked).
  public var tier = 0
  /// The day the latest tier unlocked.
  public var unlockedOn: Day?

  /// Creates a locked achievement.
  public init(id: String) { self.id = id }
}

/// The player's companions.
public struct CompanionCollection: Sendable, Equatable, Codable {
  /// The index of the active companion in `members`.
  public var active: Int?
  public var members: [Companion] = []

  /// Creates an empty collection.
  public init() {}
}

/// A companion.
public struct Companion: Sendable, Equatable, Codable {
  public var species: String
  public var level = 1
  public var xp: Int64 = 0
  public var evolutions = 0
  public var stats: Stats
  public var joinedOn: Day

  /// Creates a companion.
  public init(species: String, stats: Stats, joinedOn: Day) {
    self.species = species
    self.stats = stats
    self.joinedOn = joinedOn
  }
}

/// Nutrition memory: the personal baseline and recent intake for the trend signal.
public struct NutritionState: Sendable, Equatable, Codable {
  /// Personal baseline from a profile event; nil uses the pack's.
  public var baseline: MacroTargets?
  /// Intake of recent days with data, oldest first, within the trend window.
  public var recentIntake: [DailyIntake] = []

  /// Creates an empty nutrition state.
  public init() {}
}

/// A day's total intake.
public struct DailyIntake: Sendable, Equatable, Codable {
  public var day: Day
  public var kcal: Double

  /// Creates an entry.
  public init(day: Day, kcal: Double) {
    self.day = day
    self.kcal = kcal
  }
}

/// A cache derived from other fields: equal whatever it holds.
struct DerivedCursors: Sendable, Equatable {
  var values: [Int] = []
  /// `totals.achievements` when the cursors were last valid; a mismatch means rebuild.
  var unlockCount = -1
  static func == (lhs: DerivedCursors, rhs: DerivedCursors) -> Bool { true }
}
