import Engine
import RuleLanguage

/// What `fitquest tune` found: the values, each target's statistic there and whether it is met,
/// and how many evaluations it took.
public struct TuneResult: Sendable {
  /// The search used.
  public enum Method: String, Sendable {
    case bisection
    case nelderMead = "Nelder–Mead search"
  }

  /// One target on one scenario, at the values found.
  public struct Outcome: Sendable {
    /// The target.
    public var target: TuneTarget
    /// The scenario it was measured on.
    public var scenario: String
    /// The target as printed: its text, after the scenario's name when several were tuned.
    public var label: String
    /// The statistic (nil: "never", or a mean of no runs).
    public var value: Double?
    /// Whether the target is met.
    public var isMet: Bool
    /// How far the statistic is from meeting it (0 when met), "never" counted as the day after
    /// the last.
    public var shortfall: Double
  }

  /// The parameters searched.
  public let parameters: [TuneParameter]
  /// The values found, in parameter order.
  public let values: [Double]
  /// Every target on every scenario it applies to.
  public let outcomes: [Outcome]
  /// Candidates evaluated (each a Monte Carlo batch per scenario).
  public let evaluations: Int
  /// The search used.
  public let method: Method
  /// The scenarios (names and seeds, for the heading).
  public let scenarios: [Scenario]
  /// Runs per evaluation.
  public let runs: Int

  init(
    parameters: [TuneParameter], values: [Double], objectives: [TuneObjective], readings: [TuneObjective.Reading],
    evaluations: Int, method: Method, scenarios: [Scenario], runs: Int
  ) {
    self.parameters = parameters
    self.values = values
    self.evaluations = evaluations
    self.method = method
    self.scenarios = scenarios
    self.runs = runs
    let several = scenarios.count > 1
    outcomes = zip(objectives, readings).map { objective, reading in
      Outcome(
        target: objective.target, scenario: objective.scenarioName,
        label: several && objective.target.scenario == nil
          ? "\(objective.scenarioName): \(objective.target.text)" : objective.target.text,
        value: reading.value, isMet: reading.isMet,
        shortfall: reading.isMet ? 0 : objective.target.shortfall(reading.number))
    }
  }

  /// Whether every target is met.
  public var allMet: Bool { outcomes.allSatisfy(\.isMet) }

  /// The options to paste: `--set PATH=VALUE` for each parameter.
  public var setLine: String {
    zip(parameters, values).map { "--set \($0.path)=\($0.text($1))" }.joined(separator: " ")
  }

  /// Where each parameter ended in its range, for a target out of reach: "at the top of the
  /// range of X (1.5)", or that the values lie inside their ranges.
  func ends() -> String {
    var ends: [String] = []
    for (parameter, value) in zip(parameters, values) {
      let low = parameter.isWhole ? parameter.low.rounded(.up) : parameter.low
      let high = parameter.isWhole ? parameter.high.rounded(.down) : parameter.high
      if value <= low { ends.append("at the bottom of the range of \(parameter.path) (\(parameter.text(value)))") }
      if value >= high { ends.append("at the top of the range of \(parameter.path) (\(parameter.text(value)))") }
    }
    if ends.isEmpty, outcomes.count == 1 {
      // One target and no end reached: the statistic steps over the target between two values
      // searched (a day metric skips the days without workouts).
      return
        "inside the ranges (the statistic steps over the target between neighbouring values, as a day metric skips the days without workouts; add a tolerance such as ±1, or aim at a value it takes)"
    }
    if ends.isEmpty {
      return "inside the ranges (the targets pull against each other; widen a range or relax a target)"
    }
    return ends.joined(separator: " and ")
  }

  /// The report for people.
  public func text() -> String {
    let names = scenarios.map(\.name).joined(separator: ", ")
    let seeds = scenarios.count == 1 ? "seeds derived from \(scenarios[0].seed)" : "each scenario's seeds"
    var lines = [
      "\(names): \(method.rawValue) over \(parameters.count == 1 ? "1 value" : "\(parameters.count) values"), \(runs) runs per candidate (\(seeds), the same for every candidate)",
      "",
    ]
    let pathWidth = parameters.map(\.path.count).max() ?? 0
    for (parameter, value) in zip(parameters, values) {
      var line = Format.pad(parameter.path, pathWidth) + " = " + parameter.text(value)
      line += "   (searched \(parameter.text(parameter.low))…\(parameter.text(parameter.high))"
      if let current = parameter.current { line += "; the pack has \(parameter.text(current))" }
      lines.append(line + ")")
    }
    lines.append("")
    let labelWidth = max(6, outcomes.map(\.label.count).max() ?? 0) + 2
    let values = outcomes.map { TuneDisplay.value($0.target, $0.value) }
    let valueWidth = max(5, values.map(\.count).max() ?? 0) + 2
    lines.append(Format.pad("target", labelWidth) + Format.pad("value", valueWidth) + "met")
    for (outcome, value) in zip(outcomes, values) {
      let met = outcome.isMet ? "yes" : "no, off by \(TuneDisplay.amount(outcome.target, outcome.shortfall))"
      lines.append(Format.pad(outcome.label, labelWidth) + Format.pad(value, valueWidth) + met)
    }
    lines.append("")
    for outcome in outcomes where !outcome.isMet {
      lines.append(
        "No value found meets '\(outcome.label)': the closest is \(TuneDisplay.value(outcome.target, outcome.value)), \(ends())."
      )
    }
    lines.append(
      "\(evaluations) evaluation\(evaluations == 1 ? "" : "s") of \(runs) runs\(scenarios.count == 1 ? "" : " per scenario")"
    )
    lines.append(setLine)
    return lines.joined(separator: "\n")
  }

  /// `{"params": {"PATH": value, …}, "targets": [{"target": TEXT, "value": x, "met": …}, …],
  /// "evaluations": n}`; a statistic that is "never" is `null`.
  public var json: String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("params")
      w.object { w in
        for (parameter, value) in zip(parameters, values) {
          w.key(parameter.path)
          w.number(value)
        }
      }
      w.key("targets")
      w.array { w in
        for outcome in outcomes {
          w.object { w in
            w.key("target")
            w.string(outcome.label)
            w.key("value")
            if let value = outcome.value { w.number(value) } else { w.null() }
            w.key("met")
            w.bool(outcome.isMet)
          }
        }
      }
      w.key("evaluations")
      w.integer(evaluations)
    }
    return writer.output
  }
}

/// How tune prints statistics for people.
enum TuneDisplay {
  /// "day 42", "day 41.5", "never", "90%", "21,831", "6.1%".
  static func value(_ target: TuneTarget, _ value: Double?) -> String {
    if target.statistic == .happened { return Format.share(value ?? 0) }
    guard let value else { return Metrics.isDay(target.metric) ? "never" : "—" }
    if Metrics.isDay(target.metric) { return "day " + NumberText.short(value) }
    return Format.value(target.metric, value)
  }

  /// A distance in the target's units: "11 days", "5 points", "1,203".
  static func amount(_ target: TuneTarget, _ amount: Double) -> String {
    if target.statistic == .happened { return NumberText.short(amount * 100) + " points" }
    if Metrics.isDay(target.metric) { return NumberText.short(amount) + (amount == 1 ? " day" : " days") }
    if target.metric == "nutrition.clampShare" { return NumberText.short(amount * 100) + " points" }
    return Format.grouped(amount)
  }
}
