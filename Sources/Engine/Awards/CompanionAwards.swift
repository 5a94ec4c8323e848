/// A companion joined the collection.
public struct CompanionJoined: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var species: String
  public var element: String
  /// Whether it was the pack's default starter (given with the first workout).
  public var isDefaultStarter: Bool

  /// Creates the award.
  public init(eventID: String, day: Day, species: String, element: String, isDefaultStarter: Bool) {
    self.eventID = eventID
    self.day = day
    self.species = species
    self.element = element
    self.isDefaultStarter = isDefaultStarter
  }
}

/// XP for the active companion from a workout.
public struct CompanionXPAward: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var species: String
  public var xp: Int64
  /// The share of the workout's XP.
  public var share: Int64
  /// The affinity bonus (0 when the category is not one of the element's affinities).
  public var affinityBonus: Int64
  /// The companion's total XP after the award.
  public var total: Int64

  /// Creates the award.
  public init(eventID: String, day: Day, species: String, xp: Int64, share: Int64, affinityBonus: Int64, total: Int64) {
    self.eventID = eventID
    self.day = day
    self.species = species
    self.xp = xp
    self.share = share
    self.affinityBonus = affinityBonus
    self.total = total
  }
}

/// The active companion reached a level; its stats are recomputed.
public struct CompanionLevelUp: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var species: String
  public var level: Int
  public var threshold: Int64
  public var stats: Stats

  /// Creates the award.
  public init(eventID: String, day: Day, species: String, level: Int, threshold: Int64, stats: Stats) {
    self.eventID = eventID
    self.day = day
    self.species = species
    self.level = level
    self.threshold = threshold
    self.stats = stats
  }
}

/// The active companion evolved.
public struct Evolution: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var from: String
  public var to: String
  public var level: Int
  /// The level the rule asks for.
  public var atLevel: Int
  /// The extra condition as written, if any.
  public var condition: String?
  /// The variables the condition read, with their values.
  public var values: [Contribution]
  public var stats: Stats

  /// Creates the award.
  public init(
    eventID: String, day: Day, from: String, to: String, level: Int, atLevel: Int, condition: String?,
    values: [Contribution], stats: Stats
  ) {
    self.eventID = eventID
    self.day = day
    self.from = from
    self.to = to
    self.level = level
    self.atLevel = atLevel
    self.condition = condition
    self.values = values
    self.stats = stats
  }
}

/// A day's applied nutrition targets and why.
public struct NutritionTarget: Sendable, Equatable {
  /// The event whose arrival closed the day.
  public var eventID: String
  public var day: Day
  /// The targets: baseline × (1 + adjustment), rounded to whole units.
  public var targets: MacroTargets
  /// The applied adjustment (a fraction: 0.08 is +8%).
  public var adjustment: Double
  /// The sum of the signals before the clamp.
  public var unclamped: Double
  public var isClamped: Bool
  /// Each signal after its own limit.
  public var signals: [Contribution]

  /// "+8%: activity +10%, intake −2%", or "+15% (clamped from +18%): …" (formatted on demand).
  public var rationale: String {
    Engine.rationale(adjustment: adjustment, unclamped: unclamped, isClamped: isClamped, signals: signals)
  }

  /// Creates the award.
  public init(
    eventID: String, day: Day, targets: MacroTargets, adjustment: Double, unclamped: Double, isClamped: Bool,
    signals: [Contribution]
  ) {
    self.eventID = eventID
    self.day = day
    self.targets = targets
    self.adjustment = adjustment
    self.unclamped = unclamped
    self.isClamped = isClamped
    self.signals = signals
  }
}

/// The load to lift next time, from this session's RPE.
public struct LoadSuggestion: Sendable, Equatable {
  public var eventID: String
  public var day: Day
  public var exercise: String
  /// The top working load of the session.
  public var loadKg: Double
  /// The RPE the suggestion is based on.
  public var rpe: Double
  /// The band's label, or "deload".
  public var band: String
  /// The band's change (0.025 is +2.5%); 0 in a deload week.
  public var change: Double
  /// The suggested load for the next normal session.
  public var nextKg: Double
  public var isDeloadWeek: Bool

  /// Creates the award.
  public init(
    eventID: String, day: Day, exercise: String, loadKg: Double, rpe: Double, band: String, change: Double,
    nextKg: Double, isDeloadWeek: Bool
  ) {
    self.eventID = eventID
    self.day = day
    self.exercise = exercise
    self.loadKg = loadKg
    self.rpe = rpe
    self.band = band
    self.change = change
    self.nextKg = nextKg
    self.isDeloadWeek = isDeloadWeek
  }
}
