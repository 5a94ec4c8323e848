import Engine

/// What one simulated run produced, reduced to the numbers designers look at.
public struct RunSummary: Sendable, Equatable {
  public var days = 0
  public var workouts = 0
  public var totalXP: Int64 = 0
  public var finalLevel = 1
  public var finalStreak = 0
  public var bestStreak = 0
  public var prs = 0
  public var cappedWorkouts = 0
  public var achievementTiers = 0
  /// `levelDays[n]` is the day level n was reached (0 when never).
  public var levelDays: [Int] = []
  /// Player level and total XP at the end of each day.
  public var levelByDay: [Int] = []
  public var xpByDay: [Int64] = []
  public var evolutions: [EvolutionRecord] = []
  /// Unlocks in order.
  public var achievements: [AchievementRecord] = []
  /// XP of each week (7 days from the start); the last week may be partial.
  public var weeklyXP: [Int64] = []
  public var targetDays = 0
  public var clampedDays = 0
  public var minAdjustment: Double?
  public var maxAdjustment: Double?
  /// Quests completed, and each completion in order.
  public var quests = 0
  public var questCompletions: [QuestRecord] = []
  /// The metrics the pack's mechanics report (seasons, rest, goals…), by name (RunMetric).
  public var mechanicMetrics: [String: Double] = [:]
  /// The lines the pack's mechanics add to the text report ("Seasons", "Weekly goals"…).
  public var mechanicLines: [Line] = []
  public var companionSpecies: String?
  public var companionLevel = 0
  public var companionStage = 0

  /// A line of the text report: its label and its text.
  public struct Line: Sendable, Equatable {
    public var label: String
    public var text: String
  }

  /// An evolution on a day.
  public struct EvolutionRecord: Sendable, Equatable {
    public var day: Int
    public var from: String
    public var to: String
  }

  /// A quest completed on a day.
  public struct QuestRecord: Sendable, Equatable {
    public var day: Int
    public var id: String
  }

  /// An achievement tier unlocked on a day.
  public struct AchievementRecord: Sendable, Equatable {
    public var day: Int
    public var id: String
    public var tier: Int
    public var name: String
  }

  /// Full weeks only, so a partial last week does not look like a slump.
  public var fullWeeksXP: [Int64] {
    Array(weeklyXP.prefix(days / 7))
  }

  /// The value of a metric (docs/scenarios.md); nil for a day metric that never happened.
  public func value(of metric: String) -> Double? {
    MetricKey(metric).flatMap { value(of: $0) }
  }
}
