import RuleLanguage

/// Quests (quests.json): goals over a period — a day or an ISO week — each completed at most once
/// per period, at the workout that meets it, for reward XP.
public final class QuestRules: Sendable {
  /// The quests, in the pack's order.
  public let quests: [Quest]

  init(quests: [Quest]) { self.quests = quests }

  /// Every formula quests evaluate on the event's slots.
  var formulas: [Formula] { quests.map(\.goal) }

  /// Reads quests.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> QuestRules? {
    guard let object = decoder.documents["quests"]?.object else { return nil }
    defer { object.finish() }
    guard let list = object.required("quests")?.array else { return nil }
    var quests: [Quest] = []
    var seen: [String: Int] = [:]
    for node in list {
      guard let fields = node.object else { continue }
      defer { fields.finish() }
      let (id, isDuplicate) = decoder.uniqueID(of: node, fields, seen: &seen, what: "quest")
      let name = fields.required("name")?.nonEmptyString
      let period = fields.required("period")?.choice(Quest.Period.allCases.map(\.rawValue), what: "quest period")
        .flatMap(Quest.Period.init)
      let goal = decoder.formula(fields.required("goal"), .quest, .bool)
      let reward = fields.optional("rewardXP")?.integer(in: 0...1_000_000) ?? 0
      if let id, let name, let period, let goal, !isDuplicate {
        quests.append(Quest(id: id, name: name, period: period, goal: goal, rewardXP: reward))
      }
    }
    return QuestRules(quests: quests)
  }
}

/// A quest: a goal over a period.
public struct Quest: Sendable {
  /// How long a quest's period lasts.
  public enum Period: String, Sendable, CaseIterable, Codable, Hashable {
    /// A calendar day.
    case day
    /// An ISO week, Monday to Sunday.
    case week
  }

  /// The quest id.
  public let id: String
  /// The name shown to players.
  public let name: String
  /// A day or an ISO week.
  public let period: Period
  /// When the quest is met: a true/false formula of `period.*` (and `player.*`) facts.
  public let goal: Formula
  /// The XP it gives, counted like achievement rewards.
  public let rewardXP: Int
}

/// Quest progress: the totals of the current day and week, and each quest's completions.
public struct QuestsState: Sendable, Equatable, Codable, Hashable {
  /// The current day's totals (index 0) and the current week's (index 1).
  public package(set) var periods: [PeriodTotals] = []
  /// Per quest of the pack, in order.
  public package(set) var quests: [QuestProgress] = []
  /// Quests completed over the player's life.
  public package(set) var completions = 0

  /// Creates empty progress.
  public init() {}
}

/// What the player did in one period (a day or an ISO week).
public struct PeriodTotals: Sendable, Equatable, Codable, Hashable {
  /// The day number or the week number, nil before the first workout.
  public package(set) var period: Int?
  /// Workouts in the period.
  public package(set) var workouts = 0
  /// Minutes trained in the period.
  public package(set) var minutes = 0.0
  /// Volume lifted in the period.
  public package(set) var volumeKg = 0.0
  /// Working sets in the period.
  public package(set) var sets = 0
  /// Reps in the period.
  public package(set) var reps = 0
  /// Workout XP earned in the period.
  public package(set) var xp: Int64 = 0
  /// Active energy in the period.
  public package(set) var activeKcal = 0.0
  /// Workouts and minutes per category, in the pack's order.
  public package(set) var categoryWorkouts: [Int] = []
  /// Minutes per category, in the pack's order.
  public package(set) var categoryMinutes: [Double] = []

  /// Creates empty totals.
  public init() {}

  /// Empty totals with an entry per category.
  init(categories: Int, period: Int? = nil) {
    self.period = period
    categoryWorkouts = Array(repeating: 0, count: categories)
    categoryMinutes = Array(repeating: 0, count: categories)
  }

  /// Empty totals of a new period with an entry per category, as ``init(categories:period:)``
  /// makes them, in the memory already held (a new period starts on many workouts).
  mutating func restart(period: Int, categories: Int) {
    guard fits(categories: categories) else {
      self = PeriodTotals(categories: categories, period: period)
      return
    }
    self.period = period
    workouts = 0
    minutes = 0
    volumeKg = 0
    sets = 0
    reps = 0
    xp = 0
    activeKcal = 0
    for index in categoryWorkouts.indices { categoryWorkouts[index] = 0 }
    for index in categoryMinutes.indices { categoryMinutes[index] = 0 }
  }

  /// Counts a workout of the period (its category's entries included).
  @inline(__always)
  mutating func add(_ facts: borrowing EventFacts) {
    workouts += 1
    minutes += facts.durationMin
    volumeKg += facts.volumeKg
    sets += facts.sets
    reps += facts.reps
    xp += facts.xp
    activeKcal += facts.activeKcal
    categoryWorkouts[facts.category] += 1
    categoryMinutes[facts.category] += facts.durationMin
  }

  /// Whether the per-category entries match a pack with `categories` categories.
  func fits(categories: Int) -> Bool {
    categoryWorkouts.count == categories && categoryMinutes.count == categories
  }
}

/// One quest's completions.
public struct QuestProgress: Sendable, Equatable, Codable, Hashable {
  /// The quest id.
  public package(set) var id: String
  /// Times the quest was completed.
  public package(set) var completions = 0
  /// The period (day or week number) of the last completion.
  public package(set) var lastPeriod: Int?

  /// Creates a quest never completed.
  public init(id: String) { self.id = id }
}
