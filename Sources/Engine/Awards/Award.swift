/// Something the engine granted or decided for an event; awards explain themselves.
public enum Award: Sendable, Equatable {
  case xp(XPAward)
  case levelUp(LevelUp)
  case streak(StreakUpdate)
  case personalRecord(PersonalRecord)
  case achievement(AchievementUnlock)
  case companionJoined(CompanionJoined)
  case companionXP(CompanionXPAward)
  case companionLevelUp(CompanionLevelUp)
  case evolution(Evolution)
  case nutritionTarget(NutritionTarget)
  case loadSuggestion(LoadSuggestion)

  /// The event that caused the award.
  public var eventID: String {
    switch self {
    case .xp(let award): return award.eventID
    case .levelUp(let award): return award.eventID
    case .streak(let award): return award.eventID
    case .personalRecord(let award): return award.eventID
    case .achievement(let award): return award.eventID
    case .companionJoined(let award): return award.eventID
    case .companionXP(let award): return award.eventID
    case .companionLevelUp(let award): return award.eventID
    case .evolution(let award): return award.eventID
    case .nutritionTarget(let award): return award.eventID
    case .loadSuggestion(let award): return award.eventID
    }
  }

  /// The day the award belongs to.
  public var day: Day {
    switch self {
    case .xp(let award): return award.day
    case .levelUp(let award): return award.day
    case .streak(let award): return award.day
    case .personalRecord(let award): return award.day
    case .achievement(let award): return award.day
    case .companionJoined(let award): return award.day
    case .companionXP(let award): return award.day
    case .companionLevelUp(let award): return award.day
    case .evolution(let award): return award.day
    case .nutritionTarget(let award): return award.day
    case .loadSuggestion(let award): return award.day
    }
  }

  /// The `type` field of the award's JSON form.
  public var typeName: String {
    switch self {
    case .xp: return "xp"
    case .levelUp: return "levelUp"
    case .streak: return "streak"
    case .personalRecord: return "personalRecord"
    case .achievement: return "achievement"
    case .companionJoined: return "companionJoined"
    case .companionXP: return "companionXP"
    case .companionLevelUp: return "companionLevelUp"
    case .evolution: return "evolution"
    case .nutritionTarget: return "nutritionTarget"
    case .loadSuggestion: return "loadSuggestion"
    }
  }
}

/// A named amount in an explanation: an XP term, a factor, a bonus, a signal, a variable.
public struct Contribution: Sendable, Equatable {
  public var name: String
  public var value: Double

  /// Creates a contribution.
  public init(_ name: String, _ value: Double) {
    self.name = name
    self.value = value
  }
}

/// XP for a workout: `round((Σ terms) × Π factors) + bonuses`, then caps.
public struct XPAward: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  /// The XP granted.
  public var xp: Int64
  /// Σ terms × Π factors, before rounding.
  public var raw: Double
  /// `raw` rounded by the pack's rounding mode.
  public var rounded: Int64
  /// The cap that cut the award, if any.
  public var cap: XPCap?
  /// The XP before the cap.
  public var uncapped: Int64
  /// The explanation, shared by reference (nil when there is nothing to explain), so that an
  /// award is cheap to build and copy on the hot path.
  private var breakdown: XPBreakdown?

  /// Each term's value.
  public var terms: [Contribution] { breakdown?.terms ?? [] }
  /// Each factor's value.
  public var factors: [Contribution] { breakdown?.factors ?? [] }
  /// Bonuses that applied, with their XP.
  public var bonuses: [Contribution] { breakdown?.bonuses ?? [] }

  /// Creates an XP award.
  public init(
    eventID: String, day: Day, xp: Int64, raw: Double, rounded: Int64, terms: [Contribution] = [],
    factors: [Contribution] = [], bonuses: [Contribution] = [], cap: XPCap? = nil, uncapped: Int64
  ) {
    self.eventID = eventID
    self.day = day
    self.xp = xp
    self.raw = raw
    self.rounded = rounded
    self.cap = cap
    self.uncapped = uncapped
    let empty = terms.isEmpty && factors.isEmpty && bonuses.isEmpty
    self.breakdown = empty ? nil : XPBreakdown(terms: terms, factors: factors, bonuses: bonuses)
  }

  public static func == (lhs: XPAward, rhs: XPAward) -> Bool {
    lhs.eventID == rhs.eventID && lhs.day == rhs.day && lhs.xp == rhs.xp && lhs.raw == rhs.raw
      && lhs.rounded == rhs.rounded && lhs.cap == rhs.cap && lhs.uncapped == rhs.uncapped && lhs.terms == rhs.terms
      && lhs.factors == rhs.factors && lhs.bonuses == rhs.bonuses
  }
}

/// Which cap cut an XP award.
public enum XPCap: String, Sendable, Equatable {
  case perWorkout, perDay
}

/// The terms, factors and bonuses behind an XP award.
final class XPBreakdown: Sendable {
  let terms: [Contribution]
  let factors: [Contribution]
  let bonuses: [Contribution]

  init(terms: [Contribution], factors: [Contribution], bonuses: [Contribution]) {
    self.terms = terms
    self.factors = factors
    self.bonuses = bonuses
  }
}

/// The player reached a level; one award per level crossed.
public struct LevelUp: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var level: Int
  /// The total XP the level needs.
  public var threshold: Int64
  /// Total XP after the award.
  public var xp: Int64

  /// Creates a level-up.
  public init(eventID: String, day: Day, level: Int, threshold: Int64, xp: Int64) {
    self.eventID = eventID
    self.day = day
    self.level = level
    self.threshold = threshold
    self.xp = xp
  }
}

/// The streak of training days changed.
public struct StreakUpdate: Sendable, Equatable {
  /// What happened to the streak.
  public enum Change: String, Sendable, Equatable {
    case started, extended, broken
  }

  public var eventID: String
  public var day: Day
  public var change: Change
  public var current: Int
  public var best: Int
  /// Freezes spent to bridge missed days.
  public var freezesUsed: Int
  /// Whether a freeze was earned.
  public var freezeEarned: Bool
  /// Freezes held after the change.
  public var freezes: Int

  /// Creates a streak update.
  public init(
    eventID: String, day: Day, change: Change, current: Int, best: Int, freezesUsed: Int = 0,
    freezeEarned: Bool = false, freezes: Int = 0
  ) {
    self.eventID = eventID
    self.day = day
    self.change = change
    self.current = current
    self.best = best
    self.freezesUsed = freezesUsed
    self.freezeEarned = freezeEarned
    self.freezes = freezes
  }
}

/// A new personal record.
public struct PersonalRecord: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var exercise: String
  public var kind: PersonalRecordKind
  /// The new record: kg for weights, reps for `repsAtWeight`.
  public var value: Double
  /// The previous record, if there was one.
  public var previous: Double?
  /// For `repsAtWeight`: the weight.
  public var weightKg: Double?

  /// Creates a record award.
  public init(
    eventID: String, day: Day, exercise: String, kind: PersonalRecordKind, value: Double, previous: Double?,
    weightKg: Double? = nil
  ) {
    self.eventID = eventID
    self.day = day
    self.exercise = exercise
    self.kind = kind
    self.value = value
    self.previous = previous
    self.weightKg = weightKg
  }
}

/// An achievement tier unlocked, with the values that met its condition.
public struct AchievementUnlock: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var id: String
  public var name: String
  /// The tier unlocked, from 1.
  public var tier: Int
  public var tierName: String?
  public var rewardXP: Int
  /// The condition as written (for a tier: `metric >= at`).
  public var condition: String
  /// The variables the condition read, with their values.
  public var values: [Contribution]

  /// Creates an unlock.
  public init(
    eventID: String, day: Day, id: String, name: String, tier: Int, tierName: String? = nil, rewardXP: Int,
    condition: String, values: [Contribution]
  ) {
    self.eventID = eventID
    self.day = day
    self.id = id
    self.name = name
    self.tier = tier
    self.tierName = tierName
    self.rewardXP = rewardXP
    self.condition = condition
    self.values = values
  }
}
