import Engine
import RuleLanguage

/// Two rule packs run on the same scenario with the same seeds, metric by metric.
public struct Comparison: Sendable {
  /// One metric under both packs.
  public struct Row: Sendable, Equatable {
    public var metric: String
    public var base: Distribution
    public var candidate: Distribution

    /// Whether the metric moved: its median, or how often it happened. A metric whose median
    /// and share are the same on both sides is not a move, whatever its tails did.
    public var changed: Bool { base.p50 != candidate.p50 || base.share != candidate.share }

    /// candidate − base of the medians, when both happened.
    public var delta: Double? { base.p50.flatMap { b in candidate.p50.map { $0 - b } } }

    /// The relative change of the medians, when the base is not zero.
    public var percent: Double? {
      guard let base = base.p50, let delta, base != 0 else { return nil }
      return delta / abs(base)
    }

    /// Other milestones that moved exactly as this one (an achievement for reaching a level
    /// moves with the level): listed with it instead of on rows of their own.
    public var same: [String] = []
  }

  public let scenario: Scenario
  public let base: Engine
  public let candidate: Engine
  public let runs: Int
  public let rows: [Row]

  /// Runs a scenario under both engines (`runs` seeds each, the same seeds on both sides).
  public init(
    _ scenario: Scenario, base: Engine, candidate: Engine, runs: Int, threads: Int,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) {
    let metrics = Self.metrics(base, candidate)
    let baseRuns = try MonteCarlo.run(
      scenario, engine: base, count: runs, threads: threads, metrics: metrics, progress: progress)
    var shifted: (@Sendable (Int) -> Void)?
    if let progress { shifted = { progress(runs + $0) } }
    let candidateRuns = try MonteCarlo.run(
      scenario, engine: candidate, count: runs, threads: threads, metrics: metrics, progress: shifted)
    self.init(scenario, base: base, candidate: candidate, runs: runs, baseRuns: baseRuns, candidateRuns: candidateRuns)
  }

  /// A comparison of aggregates already run (the report runs its own, with timelines).
  public init(
    _ scenario: Scenario, base: Engine, candidate: Engine, runs: Int, baseRuns: RunAggregate,
    candidateRuns: RunAggregate
  ) {
    self.scenario = scenario
    self.base = base
    self.candidate = candidate
    self.runs = runs
    rows = Self.metrics(base, candidate).map { metric in
      Row(metric: metric, base: baseRuns.distribution(of: metric), candidate: candidateRuns.distribution(of: metric))
    }
  }

  /// The standard metrics of both packs, the base's first.
  static func metrics(_ base: Engine, _ candidate: Engine) -> [String] {
    var metrics = MetricSet.standard(for: base.pack)
    for metric in MetricSet.standard(for: candidate.pack) where !metrics.contains(metric) { metrics.append(metric) }
    return metrics
  }

  /// Sentences for what moved: "level 10 reached on day 64 → day 81 (+17)".
  public var moved: [String] { moves.map { Comparison.sentence($0, runs: runs) } }

  static func sentence(_ row: Row, runs: Int) -> String {
    var label = MetricSet.label(row.metric)
    if !row.same.isEmpty { label += " (and " + row.same.map(MetricSet.label).joined(separator: ", ") + ")" }
    if Metrics.isDay(row.metric) {
      let delta = row.delta.map { " (\(signed($0)))" } ?? ""
      if runs > 1 {
        var text = "\(label): median \(Format.day(row.base.p50)) → \(Format.day(row.candidate.p50))\(delta)"
        text += "; p10–p90 \(range(row.base)) → \(range(row.candidate))"
        if row.base.share != row.candidate.share {
          text += "; happened in \(Format.share(row.base.share)) → \(Format.share(row.candidate.share)) of runs"
        }
        return text
      }
      let verb = row.metric.hasPrefix("level.") ? "reached on " : ""
      return "\(label) \(verb)\(Format.day(row.base.p50)) → \(Format.day(row.candidate.p50))\(delta)"
    }
    let from = Format.value(row.metric, row.base.p50)
    let to = Format.value(row.metric, row.candidate.p50)
    let change = row.percent.map { " (\(NumberText.percent($0)))" } ?? (row.delta.map { " (\(signed($0)))" } ?? "")
    return "\(label): \(runs > 1 ? "median " : "")\(from) → \(to)\(change)"
  }

  /// "50–61" or "169–never".
  static func range(_ distribution: Distribution) -> String {
    "\(distribution.p10.map { String(Int($0)) } ?? "never")–\(distribution.p90.map { String(Int($0)) } ?? "never")"
  }

  static func signed(_ value: Double) -> String {
    (value > 0 ? "+" : value < 0 ? "\u{2212}" : "±") + Format.grouped(abs(value))
  }

  /// The text report: what moved (most first), then every metric side by side.
  public func text(baseName: String, candidateName: String) -> String {
    var lines = [
      "\(scenario.name): \(baseName) vs \(candidateName); \(runs == 1 ? "seed \(scenario.seed)" : "\(runs) runs (seeds derived from \(scenario.seed))")"
    ]
    let moved = self.moved
    // Nothing moved: one line, no table of zeros.
    guard !moved.isEmpty else {
      return (lines + ["  nothing moved: every metric has the same median and share of runs"]).joined(separator: "\n")
    }
    lines.append("What moved (most first):")
    lines += moved.map { "  \($0)" }
    lines.append("")
    if runs == 1 {
      lines.append(
        Format.pad("metric", 34) + Format.pad("base", 12, right: true) + Format.pad("candidate", 12, right: true)
          + Format.pad("delta", 12, right: true) + Format.pad("%", 9, right: true))
      for row in rows {
        let cells = [
          Format.value(row.metric, row.base.p50), Format.value(row.metric, row.candidate.p50),
          row.delta.map(Comparison.signed) ?? "", row.percent.map { NumberText.percent($0) } ?? "",
        ]
        lines.append(
          (row.changed ? "* " : "  ") + Format.pad(MetricSet.label(row.metric), 32)
            + Format.pad(cells[0], 12, right: true)
            + Format.pad(cells[1], 12, right: true) + Format.pad(cells[2], 12, right: true)
            + Format.pad(cells[3], 9, right: true))
      }
      return lines.joined(separator: "\n")
    }
    let columns = ["p10", "p50", "p90", "happened"]
    lines.append(
      Format.pad("metric", 34) + Format.pad("base", 40) + "candidate")
    lines.append(
      Format.pad("", 34) + (columns + columns).map { Format.pad($0, 10, right: true) }.joined()
        + Format.pad("Δ p50", 10, right: true))
    for row in rows {
      var cells: [String] = []
      for side in [row.base, row.candidate] {
        cells += [side.p10, side.p50, side.p90].map { Format.cell(row.metric, $0) }
        cells.append(Metrics.isDay(row.metric) ? Format.share(side.share) : "")
      }
      cells.append(row.delta.map(Comparison.signed) ?? "")
      lines.append(
        (row.changed ? "* " : "  ") + Format.pad(MetricSet.label(row.metric), 32)
          + cells.map { Format.pad($0, 10, right: true) }.joined())
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON object of this scenario: both packs' identities, the moves (structured, most
  /// moved first) and every metric.
  public func json(basePath: String, candidatePath: String) -> String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("scenario")
      w.string(scenario.name)
      w.key("file")
      w.string(scenario.path)
      JSONReport.rules(&w, base.pack, path: basePath, key: "base")
      JSONReport.rules(&w, candidate.pack, path: candidatePath, key: "candidate")
      w.key("seed")
      w.integer(scenario.seed)
      w.key("runs")
      w.integer(runs)
      w.key("overrides")
      w.array { w in
        for override in scenario.overrides { w.string(override.text) }
      }
      w.key("moves")
      w.array { w in
        for row in moves { Comparison.write(row, &w) }
      }
      w.key("metrics")
      w.array { w in
        for row in rows { Comparison.write(row, &w) }
      }
    }
    return writer.output
  }

  static func write(_ row: Row, _ w: inout JSONWriter) {
    w.object { w in
      w.key("metric")
      w.string(row.metric)
      if !row.same.isEmpty {
        w.key("same")
        w.array { w in
          for metric in row.same { w.string(metric) }
        }
      }
      w.key("base")
      JSONReport.write(row.base, &w)
      w.key("candidate")
      JSONReport.write(row.candidate, &w)
      for (key, value) in [("delta", row.delta), ("percent", row.percent)] {
        w.key(key)
        if let value { w.number(value) } else { w.null() }
      }
    }
  }

  /// The CSV header of comparisons (long form: one row per scenario and metric).
  public static let csvHeader =
    "scenario,metric,runs,base_p10,base_p50,base_p90,base_share,candidate_p10,candidate_p50,candidate_p90,candidate_share,delta,percent"

  /// One CSV row per metric, without the header.
  public var csvRows: [String] {
    rows.map { row in
      var cells = [Format.csv(scenario.name), Format.csv(row.metric), String(runs)]
      for side in [row.base, row.candidate] {
        cells += [side.p10, side.p50, side.p90].map(Format.machine)
        cells.append(NumberText.format(side.share, decimals: 4))
      }
      cells.append(Format.machine(row.delta))
      cells.append(row.percent.map { NumberText.format($0, decimals: 4) } ?? "")
      return cells.joined(separator: ",")
    }
  }
}
