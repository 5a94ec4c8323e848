import RuleLanguage

/// The player sets their weekly goal: `workouts` or `minutes` per ISO week, from the event's week
/// on. `{"type":"goal","id":"g1","date":"2026-01-05","workouts":3}`
public struct GoalEvent: MechanicEvent {
  /// `"goal"`.
  public static let type = "goal"
  /// `workouts` or `minutes`.
  public static let fields = ["workouts", "minutes"]

  /// The goal.
  public var goal: WeeklyGoal

  /// Creates a goal event.
  public init(_ goal: WeeklyGoal) { self.goal = goal }

  /// Reads `workouts` or `minutes` (one of them, a whole number).
  public init(fields: inout EventFields) throws(EventDecodingError) {
    let workouts = try fields.optionalWhole("workouts")
    let minutes = try fields.optionalWhole("minutes")
    switch (workouts, minutes) {
    case (let count?, nil): goal = WeeklyGoal(kind: .workouts, target: Double(count))
    case (nil, let time?): goal = WeeklyGoal(kind: .minutes, target: Double(time))
    default: throw fields.error("a goal is either 'workouts' or 'minutes' per week")
    }
  }

  /// Writes `workouts` or `minutes`.
  public func write(_ writer: inout JSONWriter) {
    switch goal.kind {
    case .workouts: writer.field("workouts", Int(goal.target))
    case .minutes: writer.field("minutes", Int(goal.target))
    }
  }

  /// Workouts 1–100 or minutes 1–10,080 a week; with a pack: weekly goals in it, and within its limits.
  public func validate(on day: Day, against pack: RulePack?) throws(EventError) {
    let key = goal.kind.rawValue
    _ = try EventValidator.number(goal.target, key, goal.kind == .workouts ? 1...100 : 1...10_080)
    guard let pack else { return }
    guard let rules = pack.goals else { throw EventError("type", "this rule pack has no weekly goals (goals.json)") }
    _ = try EventValidator.number(goal.target, key, rules.limits(goal.kind))
  }
}

extension Event {
  /// The player sets a weekly goal (a weekly goals mechanic's event).
  public static func goal(id: String, day: Day, player: String? = nil, _ goal: WeeklyGoal) -> Event {
    Event(id: id, day: day, player: player, kind: .mechanic(GoalEvent(goal)))
  }
}
