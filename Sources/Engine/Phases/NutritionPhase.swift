import RuleLanguage

// Adaptive nutrition targets: baseline × (1 + adjustment), the adjustment being the sum of the
// signals (each limited to ±its limit), clamped to ±clamp. Computed when a day is settled, from
// that day's activity and the intake of the trend window before it.

extension Engine {
  func settleTarget(of day: Day, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    guard let rules = pack.nutrition else {
      state.today.isClosed = true
      return
    }
    let windowStart = day.number - rules.trendWindowDays
    var days = 0
    var total = 0.0
    for entry in state.nutrition.recentIntake where entry.day.number >= windowStart && entry.day < day {
      days += 1
      total += entry.kcal
    }
    step.facts.intakeDays = days
    step.facts.intakeAverage = days == 0 ? 0 : total / Double(days)
    fill(nutritionSlots, step, state)
    var signals: [Contribution] = []
    var sum = 0.0
    for signal in rules.signals {
      let raw = try evaluate(signal.formula, step)
      let limited = min(max(raw, -signal.limit), signal.limit)
      signals.append(Contribution(signal.name, limited))
      sum += limited
    }
    let adjustment = min(max(sum, -rules.clamp), rules.clamp)
    let base = state.nutrition.baseline ?? rules.targets
    let factor = 1 + adjustment
    let targets = MacroTargets(
      kcal: Self.wholeUnits(base.kcal * factor), proteinG: Self.wholeUnits(base.proteinG * factor),
      carbsG: Self.wholeUnits(base.carbsG * factor), fatG: Self.wholeUnits(base.fatG * factor))
    let isClamped = abs(sum) > rules.clamp
    awards.append(
      .nutritionTarget(
        NutritionTarget(
          eventID: step.eventID, day: day, targets: targets, adjustment: adjustment, unclamped: sum,
          isClamped: isClamped, signals: signals)))
    // Keep the days that can still fall in a later window: (day − window, day].
    let keepFrom = day.number - rules.trendWindowDays + 1
    state.nutrition.recentIntake.removeAll { $0.day.number < keepFrom || $0.day > day }
    if let intake = state.today.intakeKcal, state.today.day == day {
      state.nutrition.recentIntake.append(DailyIntake(day: day, kcal: intake))
    }
    state.today.isClosed = true
  }

  /// Rounds to a whole unit, halves away from zero, after dropping binary noise below 1e-6
  /// (so 50 × 1.15, which is 57.4999… in binary, gives 58 as written by hand).
  static func wholeUnits(_ value: Double) -> Double {
    ((value * 1_000_000).rounded() / 1_000_000).rounded(.toNearestOrAwayFromZero)
  }

  /// "+8%: activity +10%, intake −2%", or "+15% (clamped from +18%): activity +10%, intake +8%".
  public static func rationale(adjustment: Double, unclamped: Double, isClamped: Bool, signals: [Contribution]) -> String {
    var text = percent(adjustment)
    if isClamped { text += " (clamped from \(percent(unclamped)))" }
    if !signals.isEmpty {
      text += ": " + signals.map { "\($0.name) \(percent($0.value))" }.joined(separator: ", ")
    }
    return text
  }

  /// A signed percentage with at most one decimal: "+8%", "−2.5%", "0%".
  public static func percent(_ fraction: Double) -> String {
    let tenths = (fraction * 1000).rounded(.toNearestOrAwayFromZero)
    if tenths == 0 { return "0%" }
    let magnitude = abs(tenths)
    let whole = magnitude.saturatingInt / 10
    let decimal = magnitude.saturatingInt % 10
    let number = decimal == 0 ? "\(whole)" : "\(whole).\(decimal)"
    return (tenths > 0 ? "+" : "\u{2212}") + number + "%"
  }
}
