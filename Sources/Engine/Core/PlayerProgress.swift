/// Everything the engine remembers about one player's game: a plain Codable value.
///
/// One field per mechanic (its saved state); per-category, per-exercise, per-achievement and
/// per-quest entries are arrays in the rule pack's order and carry their names, so a saved
/// state reads on its own and re-aligns to an edited pack (``Engine/reconcile(_:)``).
public struct PlayerProgress: Sendable, Equatable, Codable, Hashable {
  /// Total XP (XP and levels).
  public package(set) var xp: Int64 = 0
  /// Player level (levels).
  public package(set) var level: Int = 1
  /// Lifetime totals (activity).
  public package(set) var totals = Totals()
  /// The open (or last closed) day (activity).
  public package(set) var today = DayState()
  /// The current ISO week (activity).
  public package(set) var week = WeekState()
  /// The ISO week of the first workout, from which training weeks (and deloads) count.
  public package(set) var firstWeek: Int?
  /// Per category (activity).
  public package(set) var categories: [CategoryTotals] = []
  /// The streak of training days (streaks).
  public package(set) var streak = StreakState()
  /// Per exercise (records).
  public package(set) var records: [ExerciseRecord] = []
  /// Per exercise (progression).
  public package(set) var loads: [LoadState] = []
  /// Per achievement (achievements).
  public package(set) var achievements: [AchievementProgress] = []
  /// Companions.
  public package(set) var companions = CompanionCollection()
  /// Nutrition.
  public package(set) var nutrition = NutritionState()
  /// Quests.
  public package(set) var quests = QuestsState()

  /// Creates an empty progress (use ``Engine/newProgress()`` to get one shaped for a pack).
  public init() {}
}
