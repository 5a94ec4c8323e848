import RuleLanguage

/// How a workout earns XP: `round((Σ terms) × Π factors) + bonuses`, then caps.
public final class XPRules: Sendable {
  /// Summed left to right.
  public let terms: [NamedFormula]
  /// Multiplied left to right onto the sum.
  public let factors: [NamedFormula]
  /// Rounding of the product to whole XP.
  public let rounding: RoundingMode
  /// Extra XP, each when its condition holds.
  public let bonuses: [Bonus]
  /// Most XP one workout can give, if capped.
  public let perWorkoutCap: Int?
  /// Most XP a day's workouts can give together, if capped.
  public let perDayCap: Int?

  init(terms: [NamedFormula], factors: [NamedFormula], rounding: RoundingMode, bonuses: [Bonus], perWorkoutCap: Int?, perDayCap: Int?) {
    self.terms = terms
    self.factors = factors
    self.rounding = rounding
    self.bonuses = bonuses
    self.perWorkoutCap = perWorkoutCap
    self.perDayCap = perDayCap
  }

  /// A conditional amount of XP.
  public struct Bonus: Sendable {
    public let name: String
    public let condition: Formula
    public let amount: Formula
  }
}

/// A level curve: the total XP needed to reach each level, strictly increasing.
public struct LevelCurve: Sendable {
  /// The highest level; XP keeps accumulating beyond it.
  public let maxLevel: Int
  /// `thresholds[n]` is the total XP needed to reach level `n + 1` (so `thresholds[0] == 0`).
  public let thresholds: [Int64]

  /// The level reached with a total XP.
  public func level(forXP xp: Int64) -> Int {
    var low = 0
    var high = thresholds.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if thresholds[mid] <= xp { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  /// The XP needed for the level after `level`, or nil at the maximum.
  @inline(__always)
  public func threshold(after level: Int) -> Int64? {
    level < thresholds.count ? thresholds[level] : nil
  }
}

/// Streak rules: rest days allowed between training days, and freezes earned.
public struct StreakRules: Sendable {
  /// Rest days allowed between two training days without breaking the streak.
  public let graceDays: Int
  /// A freeze is earned each time the streak reaches a multiple of this (0: never).
  public let freezeEvery: Int
  /// Most freezes held at once.
  public let maxFreezes: Int
}

/// Personal record rules.
public final class RecordRules: Sendable {
  /// Which records are tracked.
  public let kinds: [PersonalRecordKind]
  /// Estimated one-rep max from `weight` and `reps`.
  public let estimatedOneRepMax: Formula
  /// Sets with more reps do not count for the estimate.
  public let maxRepsForEstimate: Int
  /// Whether the first session of an exercise already counts as records.
  public let awardFirst: Bool

  init(kinds: [PersonalRecordKind], estimatedOneRepMax: Formula, maxRepsForEstimate: Int, awardFirst: Bool) {
    self.kinds = kinds
    self.estimatedOneRepMax = estimatedOneRepMax
    self.maxRepsForEstimate = maxRepsForEstimate
    self.awardFirst = awardFirst
  }
}

/// A kind of personal record.
public enum PersonalRecordKind: String, Sendable, CaseIterable, Codable {
  case heaviestWeight
  case estimatedOneRepMax
  case repsAtWeight
}
