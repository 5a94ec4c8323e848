import Engine
import RuleLanguage

/// Two rule packs run on the same scenario with the same seeds, metric by metric.
public struct Comparison: Sendable {
  /// One metric under both packs (single run: the values; several runs: the medians).
  public struct Row: Sendable, Equatable {
    public var metric: String
    public var base: Double?
    public var candidate: Double?
    /// Share of runs in which a day metric happened, under each pack.
    public var baseShare: Double
    public var candidateShare: Double

    public var changed: Bool { base != candidate || baseShare != candidateShare }

    /// candidate − base, when both exist.
    public var delta: Double? { base.flatMap { b in candidate.map { $0 - b } } }

    /// The relative change, when the base is not zero.
    public var percent: Double? {
      guard let base, let delta, base != 0 else { return nil }
      return delta / abs(base)
    }
  }

  public let scenario: Scenario
  public let runs: Int
  public let rows: [Row]

  /// Runs a scenario under both engines.
  public init(_ scenario: Scenario, base: Engine, candidate: Engine, runs: Int, threads: Int) throws(DiagnosticError) {
    self.scenario = scenario
    self.runs = runs
    let baseRuns = try MonteCarlo.run(scenario, engine: base, count: runs, threads: threads)
    let candidateRuns = try MonteCarlo.run(scenario, engine: candidate, count: runs, threads: threads)
    var metrics = MetricSet.standard(for: base.pack)
    for metric in MetricSet.standard(for: candidate.pack) where !metrics.contains(metric) { metrics.append(metric) }
    rows = metrics.map { metric in
      let a = Distribution(metric, baseRuns)
      let b = Distribution(metric, candidateRuns)
      return Row(metric: metric, base: a.p50, candidate: b.p50, baseShare: a.share, candidateShare: b.share)
    }
  }

  /// Sentences for what moved: "level 10 reached on day 64 → day 81 (+17)".
  public var moved: [String] {
    rows.filter(\.changed).map { Comparison.sentence($0, runs: runs) }
  }

  static func sentence(_ row: Row, runs: Int) -> String {
    let label = MetricSet.label(row.metric)
    if Metrics.isDay(row.metric) {
      if runs > 1 && row.baseShare != row.candidateShare {
        return "\(label) happened in \(percent(row.baseShare)) → \(percent(row.candidateShare)) of runs"
          + (row.delta.map { "; median day \(Int(row.base ?? 0)) → \(Int(row.candidate ?? 0)) (\(signed($0)))" } ?? "")
      }
      let verb = row.metric.hasPrefix("level.") ? "reached on " : ""
      let delta = row.delta.map { " (\(signed($0)))" } ?? ""
      return "\(label) \(verb)\(Format.day(row.base)) → \(Format.day(row.candidate))\(delta)"
    }
    let from = Format.value(row.metric, row.base)
    let to = Format.value(row.metric, row.candidate)
    let change = row.percent.map { " (\(Engine.percent($0)))" } ?? (row.delta.map { " (\(signed($0)))" } ?? "")
    return "\(label): \(from) → \(to)\(change)"
  }

  static func signed(_ value: Double) -> String {
    (value > 0 ? "+" : value < 0 ? "\u{2212}" : "±") + Format.grouped(abs(value))
  }

  static func percent(_ share: Double) -> String { NumberText.format(share * 100, decimals: 0) + "%" }

  /// The text report: what moved, then every metric side by side.
  public func text(baseName: String, candidateName: String) -> String {
    var lines = ["\(scenario.name): \(baseName) vs \(candidateName); \(runs == 1 ? "seed \(scenario.seed)" : "\(runs) runs, medians")"]
    let moved = self.moved
    lines.append(moved.isEmpty ? "  nothing moved" : "What moved:")
    lines += moved.map { "  \($0)" }
    lines.append("")
    lines.append(Format.pad("metric", 34) + Format.pad("base", 12, right: true) + Format.pad("candidate", 12, right: true)
      + Format.pad("delta", 12, right: true) + Format.pad("%", 9, right: true))
    for row in rows {
      let marker = row.changed ? "* " : "  "
      let cells = [Format.value(row.metric, row.base), Format.value(row.metric, row.candidate),
                   row.delta.map(Comparison.signed) ?? "", row.percent.map { Engine.percent($0) } ?? ""]
      lines.append(marker + Format.pad(MetricSet.label(row.metric), 32) + Format.pad(cells[0], 12, right: true)
        + Format.pad(cells[1], 12, right: true) + Format.pad(cells[2], 12, right: true) + Format.pad(cells[3], 9, right: true))
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON report.
  public func json(baseName: String, candidateName: String) -> String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("scenario")
      w.string(scenario.name)
      w.key("base")
      w.string(baseName)
      w.key("candidate")
      w.string(candidateName)
      w.key("runs")
      w.integer(runs)
      w.key("moved")
      w.array { w in
        for line in moved { w.string(line) }
      }
      w.key("metrics")
      w.object { w in
        for row in rows {
          w.key(row.metric)
          w.object { w in
            for (key, value) in [("base", row.base), ("candidate", row.candidate), ("delta", row.delta), ("percent", row.percent)] {
              w.key(key)
              if let value { w.number(value) } else { w.null() }
            }
            if runs > 1 {
              w.key("baseShare")
              w.number(row.baseShare)
              w.key("candidateShare")
              w.number(row.candidateShare)
            }
          }
        }
      }
    }
    return writer.output
  }
}
