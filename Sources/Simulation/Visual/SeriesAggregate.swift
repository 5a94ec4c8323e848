import Engine

/// What the report draws over time, aggregated over runs without keeping them: per day the
/// distribution of total XP, player level and companion level; per week XP earned; the share of
/// days per nutrition adjustment; and per lift the top working set of each week.
///
/// Memory is bounded by days × series, not by runs: XP amounts are counted to three significant
/// figures (``chartValue(_:)``: 21,831 as 21,800, at most 0.5% off, a tenth of a pixel at the
/// charts' height), so a day's histogram holds at most the few hundred values its p10–p90 spread
/// spans however many runs there are; levels and loads take few values of their own. The
/// milestone numbers come from the runs' exact summaries (``RunAggregate``), as in `simulate`.
public struct SeriesAggregate: Sendable {
  /// Per day (index 0 = day 1): total XP, player level, companion level.
  public private(set) var xp: [Histogram] = []
  public private(set) var level: [Histogram] = []
  public private(set) var companionLevel: [Histogram] = []
  /// Per week (index 0 = week 1): XP earned in the week.
  public private(set) var weeklyXP: [Histogram] = []
  /// Days by adjustment, in whole percent (−15 … +15), and how many hit the clamp.
  public private(set) var adjustments: [Int: Int] = [:]
  public private(set) var targetDays = 0
  public private(set) var clampedDays = 0
  /// Per lift (by name, sorted when read): per week, the heaviest working set lifted.
  public private(set) var loads: [String: [Histogram]] = [:]
  /// Runs added.
  public private(set) var runs = 0

  public init() {}

  /// Adds one run's timeline and events.
  mutating func add(_ result: RunResult) {
    runs += 1
    for (index, row) in result.timeline.enumerated() {
      Self.add(Self.chartValue(Double(row.xp)), at: index, to: &xp)
      Self.add(Double(row.level), at: index, to: &level)
      Self.add(Double(row.companionLevel), at: index, to: &companionLevel)
      if let adjustment = row.adjustment {
        targetDays += 1
        adjustments[Int((adjustment * 100).rounded()), default: 0] += 1
        if row.clamped { clampedDays += 1 }
      }
    }
    for (week, gained) in result.summary.weeklyXP.enumerated() {
      Self.add(Self.chartValue(Double(gained)), at: week, to: &weeklyXP)
    }
    guard let start = result.timeline.first?.date else { return }
    var heaviest: [String: [Int: Double]] = [:]
    for event in result.events {
      guard case .workout(let workout) = event.kind else { continue }
      let week = (event.day.number - start.number) / 7
      for exercise in workout.exercises {
        let top = exercise.sets.filter { $0.kind != .warmUp }.map(\.weightKg).max() ?? 0
        guard top > 0 else { continue }
        heaviest[exercise.name, default: [:]][week] = max(heaviest[exercise.name]?[week] ?? 0, top)
      }
    }
    for (name, weeks) in heaviest {
      var series = loads[name] ?? []
      for (week, kg) in weeks { Self.add(kg, at: week, to: &series) }
      loads[name] = series
    }
  }

  /// An amount rounded to three significant figures (half away from zero): 21,831 → 21,800,
  /// 826 → 826, 1,176 → 1,180. Exact for integers below 1,000.
  public static func chartValue(_ value: Double) -> Double {
    guard value.isFinite, abs(value) >= 1000 else { return value }
    var quantum = 1.0
    while abs(value) >= quantum * 1000 { quantum *= 10 }
    return (value / quantum).rounded(.toNearestOrAwayFromZero) * quantum
  }

  private static func add(_ value: Double, at index: Int, to series: inout [Histogram]) {
    while series.count <= index { series.append(Histogram()) }
    series[index].add(value)
  }

  /// Adds another worker's runs.
  mutating func merge(_ other: SeriesAggregate) {
    func merge(_ a: inout [Histogram], _ b: [Histogram]) {
      while a.count < b.count { a.append(Histogram()) }
      for index in b.indices { a[index].merge(b[index]) }
    }
    merge(&xp, other.xp)
    merge(&level, other.level)
    merge(&companionLevel, other.companionLevel)
    merge(&weeklyXP, other.weeklyXP)
    for (key, count) in other.adjustments { adjustments[key, default: 0] += count }
    targetDays += other.targetDays
    clampedDays += other.clampedDays
    for (name, series) in other.loads {
      var mine = loads[name] ?? []
      merge(&mine, series)
      loads[name] = mine
    }
    runs += other.runs
  }

  /// The lifts, by name (bytes), with their weekly series.
  public var lifts: [(name: String, weeks: [Histogram])] {
    loads.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { ($0, loads[$0] ?? []) }
  }
}
