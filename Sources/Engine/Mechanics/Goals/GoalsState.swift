/// The player's weekly goal: the goal they set, the current ISO week's totals, the past weeks
/// (for suggestions) and the streak of weeks met.
public struct GoalsState: Sendable, Equatable, Codable, Hashable {
  /// The goal the player set (nil: the pack's default, if any).
  public package(set) var goal: WeeklyGoal?
  /// The current ISO week (see ``Day/week``), nil before the first event.
  public package(set) var week: Int?
  /// Workouts of the current week.
  public package(set) var workouts = 0
  /// Minutes of the current week.
  public package(set) var minutes = 0.0
  /// Whether the current week's goal is met.
  public package(set) var isMet = false
  /// Past weeks, oldest first (at most ``maximumHistory``).
  public package(set) var history: [GoalWeek] = []
  /// Consecutive weeks met.
  public package(set) var streak = 0
  /// The longest run of weeks met.
  public package(set) var best = 0
  /// Weeks met over the player's life.
  public package(set) var weeksMet = 0
  /// The last goal suggested, if any.
  public package(set) var suggested: Double?

  /// The most past weeks kept.
  static let maximumHistory = 12

  /// Creates an empty goal state.
  public init() {}
}

/// What a past week held.
public struct GoalWeek: Sendable, Equatable, Codable, Hashable {
  /// The ISO week.
  public package(set) var week: Int
  /// Its workouts.
  public package(set) var workouts: Int
  /// Its minutes.
  public package(set) var minutes: Double
  /// Whether its goal was met.
  public package(set) var isMet: Bool

  /// The amount of a kind of goal.
  func amount(_ kind: WeeklyGoal.Kind) -> Double { kind == .workouts ? Double(workouts) : minutes }
}

extension Day {
  /// The Monday of an ISO week number (see ``week``).
  static func monday(ofWeek week: Int) -> Day { Day(week * 7 - 3) }
}

enum GoalFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact("player.goalStreak", .number, FactScope.all, "consecutive weeks whose goal was met", player: \.goals.streak),
      Fact(
        "player.bestGoalStreak", .number, FactScope.all, "longest run of weeks whose goal was met", monotonic: true,
        player: \.goals.best),
      Fact(
        "player.goalWeeksMet", .number, FactScope.all, "weeks whose goal was met", monotonic: true,
        player: \.goals.weeksMet),
    ]
  }
}
