import RuleLanguage

/// One target applied to one scenario: what tune measures after every evaluation.
struct TuneObjective: Sendable {
  var target: TuneTarget
  /// The scenario's position among those tuned.
  var scenario: Int
  /// The scenario's name, for a target shown per scenario.
  var scenarioName: String
  /// The scenario's length: a day metric that never happened counts as this plus one when the
  /// search needs a number.
  var days: Int

  /// What an evaluation gave for this objective.
  struct Reading: Sendable {
    /// The statistic as reported (nil: a percentile that is "never", a mean of no runs).
    var value: Double?
    /// The statistic as a number for the search ("never" as the day after the last).
    var number: Double
    /// A smoother version for the search between points: the mean of the runs ranked within
    /// ±5% of the percentile, so that a move of a few runs shows before the percentile moves.
    var smooth: Double
    var isMet: Bool
  }

  /// Reads the objective from a scenario's aggregate.
  func read(_ aggregate: RunAggregate) -> Reading {
    let histogram = aggregate.histogram(of: target.metric) ?? Histogram()
    let never = Double(days + 1)
    let value: Double?
    let number: Double
    var smooth: Double
    switch target.statistic {
    case .percentile(let p):
      value = histogram.percentile(Double(p) / 100)
      number = value ?? never
      smooth = TuneObjective.windowMean(histogram, around: Double(p) / 100, never: never) ?? number
    case .mean:
      let happened = histogram.happened
      let sum = histogram.sorted.reduce(0) { $0 + $1.value * Double($1.count) }
      value = happened == 0 ? nil : sum / Double(happened)
      let runs = histogram.runs
      number = runs == 0 ? 0 : (sum + never * Double(histogram.never)) / Double(runs)
      smooth = number
    case .happened:
      let runs = histogram.runs
      value = runs == 0 ? 0 : Double(histogram.happened) / Double(runs)
      number = value ?? 0
      smooth = number
    }
    if !smooth.isFinite { smooth = number }
    return Reading(value: value, number: number, smooth: smooth, isMet: target.isMet(by: value))
  }

  /// The mean of the values ranked within ±5% of the runs around the percentile p ("never"
  /// counted as `never`), or nil without runs.
  static func windowMean(_ histogram: Histogram, around p: Double, never: Double) -> Double? {
    let runs = histogram.runs
    guard runs > 0 else { return nil }
    let rank = min(runs, max(1, Int((p * Double(runs)).rounded(.up))))
    let half = runs / 20
    let first = max(1, rank - half)
    let last = min(runs, rank + half)
    var total = 0.0
    var seen = 0
    for entry in histogram.sorted + [(value: never, count: histogram.never)] {
      let from = max(first, seen + 1)
      let to = min(last, seen + entry.count)
      if from <= to { total += entry.value * Double(to - from + 1) }
      seen += entry.count
      if seen >= last { break }
    }
    return total / Double(last - first + 1)
  }

  /// How far a reading is from the target, scaled to the target's size, for the search: the
  /// shortfall beyond the tolerance, plus the smooth statistic's distance (which keeps pulling
  /// towards the value inside a flat stretch of the percentile).
  func penalty(_ reading: Reading) -> Double {
    let scale = max(abs(target.value), target.statistic == .happened ? 0.1 : 1)
    let shortfall = target.shortfall(reading.number) / scale
    let distance: Double
    switch target.comparison {
    case .equal: distance = abs(reading.smooth - target.value)
    case .atMost: distance = max(0, reading.smooth - target.value)
    case .atLeast: distance = max(0, target.value - reading.smooth)
    }
    return shortfall * shortfall + (distance / scale) * (distance / scale)
  }
}
