/// Everything the engine remembers about one player's game: a plain value, one field per
/// mechanic (its state, declared by the mechanic's `state` key path).
///
/// Per-category, per-exercise, per-achievement and per-quest entries are arrays in the rule
/// pack's order and carry their names, so a saved state reads on its own and re-aligns to an
/// edited pack (``Engine/reconcile(_:)``). Saved, each mechanic's state has its own key
/// (PlayerProgress+Codable.swift, PlayerProgress+Binary.swift): a state saved before a mechanic
/// existed starts that mechanic empty.
public struct PlayerProgress: Sendable, Equatable, Hashable {
  /// Lifetime, per-category, daily and weekly totals (activity).
  public package(set) var activity = ActivityState()
  /// Total XP (XP).
  public package(set) var xp: Int64 = 0
  /// Player level (levels).
  public package(set) var level: Int = 1
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
  /// Seasons.
  public package(set) var seasons = SeasonsState()
  /// Rest days and pauses.
  public package(set) var rest = RestState()
  /// Weekly goals.
  public package(set) var goals = GoalsState()

  /// Creates an empty progress (use ``Engine/newProgress()`` to get one shaped for a pack).
  public init() {}
}
