import RuleLanguage

/// Bisection over one parameter for one target, assuming the statistic moves one way as the value
/// grows (a bigger multiplier never makes level 10 later).
///
/// `=` narrows a bracket whose ends lie on either side of the value until a candidate meets it;
/// `<=` and `>=` narrow the bracket between a value that meets the target and one that does not,
/// and answer the one that meets it nearest the edge. Midpoints are the simplest numbers in the
/// middle half of the bracket (`1.23`, not `1.2265625`), so answers paste well and the bracket
/// still shrinks by a quarter or more each step.
struct Bisection {
  let evaluator: TuneEvaluator
  let parameter: TuneParameter
  let objective: TuneObjective

  /// How narrow a bracket gets, as a fraction of the range, before the search stops.
  static let precision = 1e-3

  func run() throws(DiagnosticError) -> [Double] {
    let low = parameter.isWhole ? parameter.low.rounded(.up) : parameter.low
    let high = parameter.isWhole ? parameter.high.rounded(.down) : parameter.high
    let atLow = try reading(low)
    let atHigh = try reading(high)
    let target = objective.target
    if target.comparison == .equal {
      if atLow.isMet { return [low] }
      if atHigh.isMet { return [high] }
      var (below, above) = (low, high)
      var (belowGap, aboveGap) = (atLow.number - target.value, atHigh.number - target.value)
      // Both ends on one side of the value: out of reach; the closer end is the answer.
      guard (belowGap < 0) != (aboveGap < 0) else { return [abs(belowGap) <= abs(aboveGap) ? low : high] }
      while !evaluator.isExhausted, let middle = middle(below, above) {
        let reading = try reading(middle)
        if reading.isMet { return [middle] }
        let gap = reading.number - target.value
        if (gap < 0) == (belowGap < 0) {
          (below, belowGap) = (middle, gap)
        } else {
          (above, aboveGap) = (middle, gap)
        }
      }
      return [abs(belowGap) <= abs(aboveGap) ? below : above]
    }
    switch (atLow.isMet, atHigh.isMet) {
    case (true, true):
      // Every value meets it: keep the value the pack has, when it lies in the range.
      if let current = parameter.current, current >= low, current <= high { return [current] }
      return [low]
    case (false, false):
      return [target.shortfall(atLow.number) <= target.shortfall(atHigh.number) ? low : high]
    default:
      var (met, unmet) = atLow.isMet ? (low, high) : (high, low)
      while !evaluator.isExhausted, let middle = middle(met, unmet) {
        if try reading(middle).isMet { met = middle } else { unmet = middle }
      }
      return [met]
    }
  }

  private func reading(_ value: Double) throws(DiagnosticError) -> TuneObjective.Reading {
    try evaluator.readings([value])[0]
  }

  /// A value strictly between two, or nil when the bracket is as narrow as the search goes.
  private func middle(_ a: Double, _ b: Double) -> Double? {
    let (lower, upper) = (min(a, b), max(a, b))
    if parameter.isWhole {
      guard upper - lower >= 2 else { return nil }
      return ((lower + upper) / 2).rounded(.down)
    }
    let width = upper - lower
    guard width > (parameter.high - parameter.low) * Bisection.precision else { return nil }
    let middle = SimpleNumber.simplest(in: (lower + width / 4)...(upper - width / 4), near: (lower + upper) / 2)
    return middle > lower && middle < upper ? middle : nil
  }
}
