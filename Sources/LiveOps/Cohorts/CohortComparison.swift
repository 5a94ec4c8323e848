import Engine

/// The real outcomes of a store's cohorts compared, folded player by player: per cohort the
/// players, workouts per week since the experiment began (retention), the share active in the
/// last 7 days, XP, level and unlocks, each a mean with its 95% interval, and each cohort's
/// difference from the first (the control) with Welch's interval. Memory is bounded by the
/// cohorts and the days, not by the players.
public struct CohortComparison: Sendable {
  /// What one player contributes.
  public struct Sample: Sendable {
    /// Workouts dated on or after the plan's `since` (and not after the as-of day).
    public var workoutsSince: Int
    /// The day of the player's last workout (nil: none).
    public var lastWorkout: Day?
    /// The latest day of any of its events.
    public var latestDay: Day?
    /// Total XP.
    public var xp: Int64
    /// Level.
    public var level: Int
    /// Achievement tiers unlocked plus companion evolutions.
    public var unlocks: Int

    /// Creates a sample.
    public init(workoutsSince: Int, lastWorkout: Day?, latestDay: Day?, xp: Int64, level: Int, unlocks: Int) {
      self.workoutsSince = workoutsSince
      self.lastWorkout = lastWorkout
      self.latestDay = latestDay
      self.xp = xp
      self.level = level
      self.unlocks = unlocks
    }
  }

  struct Tally: Sendable {
    var workouts = RunningMean()
    var xp = RunningMean()
    var level = RunningMean()
    var unlocks = RunningMean()
    /// Day number of each player's last workout → players (nil key: none, kept as Int.min).
    var lastWorkouts: [Int: Int] = [:]
  }

  /// The plan compared.
  public let plan: CohortPlan
  /// The day the comparison is as of (nil: the latest day of any event seen).
  public let asOf: Day?
  private var tallies: [Tally]
  private var latest: Day?

  /// An empty comparison of a plan's cohorts.
  public init(plan: CohortPlan, asOf: Day? = nil) {
    self.plan = plan
    self.asOf = asOf
    tallies = Array(repeating: Tally(), count: plan.cohorts.count)
  }

  /// Folds in a player of cohort `index`.
  public mutating func add(_ sample: Sample, cohort index: Int) {
    tallies[index].workouts.add(Double(sample.workoutsSince))
    tallies[index].xp.add(Double(sample.xp))
    tallies[index].level.add(Double(sample.level))
    tallies[index].unlocks.add(Double(sample.unlocks))
    tallies[index].lastWorkouts[sample.lastWorkout?.number ?? Int.min, default: 0] += 1
    if let day = sample.latestDay { latest = latest.map { Swift.max($0, day) } ?? day }
  }

  /// The day the comparison is as of: the one given, else the latest event day seen.
  public var day: Day? { asOf ?? latest }

  /// Weeks from the plan's `since` to the as-of day, both included (at least one day).
  public var weeks: Double {
    guard let day else { return 1.0 / 7 }
    return Double(Swift.max(1, day.number - plan.since.number + 1)) / 7
  }

  /// One cohort's outcome.
  public struct Row: Sendable {
    /// The cohort.
    public var cohort: CohortPlan.Cohort
    /// Its players.
    public var players: Int
    /// The metrics by name — `workoutsPerWeek`, `activeLast7Days`, `xp`, `level`, `unlocks` —
    /// each with its difference from the first cohort (nil for the first, or an empty one).
    public var metrics: [(name: String, estimate: Estimate?, difference: Estimate?)]
  }

  /// The metric names, in order.
  public static let metricNames = ["workoutsPerWeek", "activeLast7Days", "xp", "level", "unlocks"]

  /// Every cohort's row, in the plan's order.
  public var rows: [Row] {
    let means = tallies.map(means)
    return plan.cohorts.indices.map { index in
      let metrics = Self.metricNames.indices.map { metric in
        let estimate = means[index][metric].estimate
        let difference = index == 0 ? nil : means[index][metric].difference(from: means[0][metric])
        return (Self.metricNames[metric], estimate, difference)
      }
      return Row(cohort: plan.cohorts[index], players: tallies[index].xp.count, metrics: metrics)
    }
  }

  /// A tally's metrics as running means, in ``metricNames`` order: workouts scaled to a week,
  /// activity as 0/1 values.
  private func means(_ tally: Tally) -> [RunningMean] {
    let threshold = (day?.number ?? Int.min).subtractingReportingOverflow(6).partialValue
    let ones = tally.lastWorkouts.reduce(0) { $0 + ($1.key != Int.min && $1.key >= threshold ? $1.value : 0) }
    var workouts = tally.workouts
    workouts.scale(1 / weeks)
    return [workouts, RunningMean(ones: ones, count: tally.xp.count), tally.xp, tally.level, tally.unlocks]
  }
}
