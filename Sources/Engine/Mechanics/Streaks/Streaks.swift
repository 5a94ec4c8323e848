import RuleLanguage

/// Streak rules (streaks.json): rest days allowed between training days, and freezes earned.
public struct StreakRules: Sendable {
  /// Rest days allowed between two training days without breaking the streak.
  public let graceDays: Int
  /// A freeze is earned each time the streak reaches a multiple of this (0: never).
  public let freezeEvery: Int
  /// Most freezes held at once.
  public let maxFreezes: Int

  /// No grace and no freezes (a pack without streaks.json).
  static let none = StreakRules(graceDays: 0, freezeEvery: 0, maxFreezes: 0)

  /// Reads streaks.json.
  static func decode(_ decoder: PackDecoder) -> StreakRules {
    guard let object = decoder.documents["streaks"]?.object else { return .none }
    defer { object.finish() }
    let grace = object.optional("graceDays")?.integer(in: 0...30) ?? 0
    var every = 0
    var maximum = 0
    if let freezes = object.optional("freezes")?.object {
      defer { freezes.finish() }
      every = freezes.required("earnEvery")?.integer(in: 1...365) ?? 0
      maximum = freezes.required("max")?.integer(in: 0...100) ?? 0
    }
    return StreakRules(graceDays: grace, freezeEvery: every, maxFreezes: maximum)
  }
}

/// The streak of training days.
public struct StreakState: Sendable, Equatable, Codable, Hashable {
  /// Training days in the current streak.
  public package(set) var current = 0
  /// The longest streak ever.
  public package(set) var best = 0
  /// Freezes held (each bridges one missed day).
  public package(set) var freezes = 0
  /// The last training day, or the last rest day after it that a rest mechanic counted as not
  /// missed (rest.json: planned rest days and pauses).
  public package(set) var lastDay: Day?

  /// Creates an empty streak.
  public init() {}
}

enum StreakFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    return [
      Fact("player.streak", .number, FactScope.all, "current streak of training days", player: \.streak.current),
      Fact(
        "player.bestStreak", .number, FactScope.all, "best streak ever", monotonic: true, changes: .workouts,
        player: \.streak.best),
      Fact("player.freezes", .number, FactScope.all, "streak freezes held", player: \.streak.freezes),
    ]
  }
}
