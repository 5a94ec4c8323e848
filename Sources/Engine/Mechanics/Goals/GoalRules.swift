import RuleLanguage

/// Weekly goals (goals.json), as fitness apps set them: the player sets a goal of workouts or
/// minutes per ISO week (a `goal` event, or the pack's default); meeting it gives reward XP and
/// extends a streak of weeks; the pack can suggest next week's goal from the last weeks, bounded
/// like a nutrition target.
public final class GoalRules: Sendable {
  /// The XP a week whose goal is met gives.
  public let rewardXP: Int
  /// The goal of a player who set none, if any.
  public let defaultGoal: WeeklyGoal?
  /// The goals of workouts a player may set.
  public let workoutLimits: ClosedRange<Double>
  /// The goals of minutes a player may set.
  public let minuteLimits: ClosedRange<Double>
  /// How next week's goal is suggested, if it is.
  public let suggestion: Suggestion?

  init(
    rewardXP: Int, defaultGoal: WeeklyGoal?, workoutLimits: ClosedRange<Double>, minuteLimits: ClosedRange<Double>,
    suggestion: Suggestion?
  ) {
    self.rewardXP = rewardXP
    self.defaultGoal = defaultGoal
    self.workoutLimits = workoutLimits
    self.minuteLimits = minuteLimits
    self.suggestion = suggestion
  }

  /// The suggestion of next week's goal, computed when a week begins: a formula of the last weeks
  /// (`average`, `best`, `met`, `weeks`, and the current `target`), kept within ±`maxChange` of the
  /// current target and within the limits, rounded to whole workouts or minutes.
  public struct Suggestion: Sendable {
    /// How many past weeks it reads.
    public let weeks: Int
    /// The raw suggestion.
    public let formula: Formula
    /// The most it moves the target, either way (0.15 is ±15%).
    public let maxChange: Double
    /// Whether the suggestion becomes the player's goal (else it is only suggested).
    public let adopt: Bool
  }

  /// The variables of a suggestion formula, in slot order.
  static let suggestionVariables = ["average", "best", "met", "weeks", "target"]

  /// The limits of a kind of goal.
  public func limits(_ kind: WeeklyGoal.Kind) -> ClosedRange<Double> {
    kind == .workouts ? workoutLimits : minuteLimits
  }

  /// Reads goals.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> GoalRules? {
    guard let object = decoder.documents["goals"]?.object else { return nil }
    defer { object.finish() }
    let reward = object.required("rewardXP")?.integer(in: 0...1_000_000)
    var workouts = 1.0...21.0
    var minutes = 10.0...5_000.0
    if let fields = object.optional("limits")?.object {
      defer { fields.finish() }
      workouts = range(fields.optional("workouts"), within: 1...100) ?? workouts
      minutes = range(fields.optional("minutes"), within: 1...10_080) ?? minutes
    }
    var defaultGoal: WeeklyGoal?
    if let node = object.optional("default"), let fields = node.object {
      defer { fields.finish() }
      defaultGoal = WeeklyGoal.decode(node, fields, workouts: workouts, minutes: minutes)
    }
    var suggestion: Suggestion?
    if let fields = object.optional("suggestion")?.object {
      defer { fields.finish() }
      let weeks = fields.optional("weeks")?.integer(in: 1...12) ?? 4
      let formula = decoder.formula(fields.required("formula"), variables: suggestionVariables)
      let maxChange = fields.required("maxChange")?.number(in: 0...1)
      let adopt = fields.optional("adopt")?.bool ?? false
      if let formula, let maxChange {
        suggestion = Suggestion(weeks: weeks, formula: formula, maxChange: maxChange, adopt: adopt)
      }
    }
    guard let reward else { return nil }
    return GoalRules(
      rewardXP: reward, defaultGoal: defaultGoal, workoutLimits: workouts, minuteLimits: minutes, suggestion: suggestion
    )
  }

  /// Reads `[LOW, HIGH]` within `bounds`.
  private static func range(_ node: JSONNode?, within bounds: ClosedRange<Double>) -> ClosedRange<Double>? {
    guard let node, let list = node.array else { return nil }
    guard list.count == 2 else {
      node.error("'\(node.path)' must be [lowest, highest]; found \(list.count) value(s)")
      return nil
    }
    guard let low = list[0].number(in: bounds), let high = list[1].number(in: bounds) else { return nil }
    guard low <= high else {
      node.error(
        "'\(node.path)' must be [lowest, highest]; \(NumberText.format(low)) is above \(NumberText.format(high))")
      return nil
    }
    return low...high
  }
}

/// A weekly goal: a number of workouts, or of minutes, per ISO week.
public struct WeeklyGoal: Sendable, Hashable, Codable {
  /// What the goal counts.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, BitwiseCopyable {
    /// Workouts logged.
    case workouts
    /// Minutes trained.
    case minutes
  }

  /// What the goal counts.
  public var kind: Kind
  /// How many, per week.
  public var target: Double

  /// Creates a goal.
  public init(kind: Kind, target: Double) {
    self.kind = kind
    self.target = target
  }

  /// "3 workouts", "150 minutes".
  public var description: String { "\(NumberText.format(target)) \(kind.rawValue)" }

  /// Reads `{"workouts": N}` or `{"minutes": N}` (exactly one).
  static func decode(
    _ node: JSONNode, _ fields: ObjectReader, workouts: ClosedRange<Double>, minutes: ClosedRange<Double>
  ) -> WeeklyGoal? {
    let count = fields.optional("workouts")
    let time = fields.optional("minutes")
    switch (count, time) {
    case (let count?, nil):
      return count.integer(in: Int(workouts.lowerBound)...Int(workouts.upperBound)).map {
        WeeklyGoal(kind: .workouts, target: Double($0))
      }
    case (nil, let time?):
      return time.integer(in: Int(minutes.lowerBound)...Int(minutes.upperBound)).map {
        WeeklyGoal(kind: .minutes, target: Double($0))
      }
    default:
      node.error("a goal is either 'workouts' or 'minutes' per week")
      return nil
    }
  }
}
