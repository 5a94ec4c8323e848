import RuleLanguage

extension Recorded {
  package struct GoalMet: Sendable {
    package var week: Int
    package var kind: WeeklyGoal.Kind
    package var goal: Double
    package var target: Double
    package var achieved: Double
    package var streak: Int
  }

  package struct GoalMissed: Sendable {
    package var week: Int
    package var kind: WeeklyGoal.Kind
    package var target: Double
    package var achieved: Double
    package var lostStreak: Int
  }

  package struct GoalSuggestion: Sendable {
    package var week: Int
    package var kind: WeeklyGoal.Kind
    package var target: Double
    package var suggested: Double
    package var raw: Double
    package var average: Double
    package var weeks: Int
    package var isClamped: Bool
    package var isAdopted: Bool
  }
}

extension Recorded.GoalMet: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> GoalMet {
    GoalMet(
      week: Day.monday(ofWeek: week), kind: kind, goal: goal, target: target, achieved: achieved, streak: streak,
      rewardXP: pack.goals?.rewardXP ?? 0)
  }
}

extension Recorded.GoalMissed: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> GoalMissed {
    GoalMissed(week: Day.monday(ofWeek: week), kind: kind, target: target, achieved: achieved, lostStreak: lostStreak)
  }
}

extension Recorded.GoalSuggestion: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> GoalSuggested {
    GoalSuggested(
      week: Day.monday(ofWeek: week), kind: kind, target: target, suggested: suggested, raw: raw, average: average,
      weeks: weeks,
      isClamped: isClamped, isAdopted: isAdopted)
  }
}

/// A week's goal met.
public struct GoalMet: AwardPayload, FieldListPayload {
  /// `"goalMet"`.
  public static let type = "goalMet"
  /// The Monday of the week.
  public var week: Day
  /// What the goal counts.
  public var kind: WeeklyGoal.Kind
  /// The goal.
  public var goal: Double
  /// The week's target (lower than the goal when days of the week were paused).
  public var target: Double
  /// What the week reached.
  public var achieved: Double
  /// Consecutive weeks met, this one included.
  public var streak: Int
  /// The XP it gives.
  public var rewardXP: Int

  /// Creates the award.
  public init(
    week: Day, kind: WeeklyGoal.Kind, goal: Double, target: Double, achieved: Double, streak: Int, rewardXP: Int
  ) {
    self.week = week
    self.kind = kind
    self.goal = goal
    self.target = target
    self.achieved = achieved
    self.streak = streak
    self.rewardXP = rewardXP
  }

  /// Writes `week`, `kind`, `goal`, `target`, `achieved`, `streak`, `rewardXP`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("week", week.iso)
    w.field("kind", kind.rawValue)
    w.field("goal", goal)
    w.field("target", target)
    w.field("achieved", achieved)
    w.field("streak", streak)
    w.field("rewardXP", rewardXP)
  }

  /// "weekly goal met: 3 of 3 workouts in the week of 2026-01-05, 2 weeks in a row +50 XP".
  public var explanation: String {
    let paused = target < goal ? " (goal \(NumberText.format(goal)), lowered for paused days)" : ""
    let reward = rewardXP > 0 ? " +\(rewardXP) XP" : ""
    return
      "weekly goal met: \(NumberText.short(achieved)) of \(NumberText.format(target)) \(kind.rawValue) in the week of \(week.iso)\(paused), \(streak) week\(streak == 1 ? "" : "s") in a row\(reward)"
  }

  /// "/2026-01-05".
  public func subject(in award: Award) -> String { "/\(week.iso)" }
  /// "goal met 2 weeks".
  public func token(in award: Award) -> String { "goal met \(streak) week\(streak == 1 ? "" : "s")" }
}

/// A week closed without its goal met: the streak of weeks ends.
public struct GoalMissed: AwardPayload, FieldListPayload {
  /// `"goalMissed"`.
  public static let type = "goalMissed"
  /// The Monday of the week missed (the first, when several closed at once).
  public var week: Day
  /// What the goal counts.
  public var kind: WeeklyGoal.Kind
  /// The week's target.
  public var target: Double
  /// What the week reached.
  public var achieved: Double
  /// The streak of weeks that ended (0 when there was none).
  public var lostStreak: Int

  /// Creates the award.
  public init(week: Day, kind: WeeklyGoal.Kind, target: Double, achieved: Double, lostStreak: Int) {
    self.week = week
    self.kind = kind
    self.target = target
    self.achieved = achieved
    self.lostStreak = lostStreak
  }

  /// Writes `week`, `kind`, `target`, `achieved`, `lostStreak`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("week", week.iso)
    w.field("kind", kind.rawValue)
    w.field("target", target)
    w.field("achieved", achieved)
    w.field("lostStreak", lostStreak)
  }

  /// "weekly goal missed: 1 of 3 workouts (week of 2026-01-12); a streak of 2 weeks ended".
  public var explanation: String {
    let streak = lostStreak > 0 ? "; a streak of \(lostStreak) week\(lostStreak == 1 ? "" : "s") ended" : ""
    return
      "weekly goal missed: \(NumberText.short(achieved)) of \(NumberText.format(target)) \(kind.rawValue) (week of \(week.iso))\(streak)"
  }

  /// "/2026-01-12".
  public func subject(in award: Award) -> String { "/\(week.iso)" }
  /// "goal missed".
  public func token(in award: Award) -> String { "goal missed" }
}

/// Next week's goal, suggested from the last weeks.
public struct GoalSuggested: AwardPayload, FieldListPayload {
  /// `"goalSuggested"`.
  public static let type = "goalSuggested"
  /// The Monday of the week it is for.
  public var week: Day
  /// What the goal counts.
  public var kind: WeeklyGoal.Kind
  /// The goal before.
  public var target: Double
  /// The suggestion.
  public var suggested: Double
  /// The formula's value before the bounds and rounding.
  public var raw: Double
  /// The average of the past weeks it read.
  public var average: Double
  /// How many past weeks it read.
  public var weeks: Int
  /// Whether the bound of ±maxChange cut it.
  public var isClamped: Bool
  /// Whether it became the player's goal.
  public var isAdopted: Bool

  /// Creates the award.
  public init(
    week: Day, kind: WeeklyGoal.Kind, target: Double, suggested: Double, raw: Double, average: Double, weeks: Int,
    isClamped: Bool,
    isAdopted: Bool
  ) {
    self.week = week
    self.kind = kind
    self.target = target
    self.suggested = suggested
    self.raw = raw
    self.average = average
    self.weeks = weeks
    self.isClamped = isClamped
    self.isAdopted = isAdopted
  }

  enum CodingKeys: String, CodingKey {
    case week, kind, target, suggested, raw, average, weeks
    case isClamped = "clamped"
    case isAdopted = "adopted"
  }

  /// Writes `week`, `kind`, `target`, `suggested`, `raw`, `average`, `weeks`, `clamped`, `adopted`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("week", week.iso)
    w.field("kind", kind.rawValue)
    w.field("target", target)
    w.field("suggested", suggested)
    w.field("raw", raw)
    w.field("average", average)
    w.field("weeks", weeks)
    w.field("clamped", isClamped)
    w.field("adopted", isAdopted)
  }

  /// "next week: 172 minutes (+14.7%, clamped from +33.3%); average 200 over the last 4 weeks".
  public var explanation: String {
    var text =
      "next week: \(NumberText.format(suggested)) \(kind.rawValue) (\(NumberText.percent(suggested / target - 1))"
    if isClamped { text += ", clamped from \(NumberText.percent(raw / target - 1))" }
    text += "); average \(NumberText.short(average)) over the last \(weeks) week\(weeks == 1 ? "" : "s")"
    return isAdopted ? text + "; adopted as the goal" : text
  }

  /// "/2026-01-12".
  public func subject(in award: Award) -> String { "/\(week.iso)" }
  /// "goal 172 minutes".
  public func token(in award: Award) -> String { "goal \(NumberText.format(suggested)) \(kind.rawValue)" }
}
