import Engine
import RuleLanguage

/// One or two parameters swept over their values (a grid when two), on every scenario: each
/// point is a Monte Carlo batch (or one run) of the scenario with the point's overrides.
public struct Sweep: Sendable {
  /// One scenario at one point of the grid.
  public struct Row: Sendable {
    public let scenario: Scenario
    public let engine: Engine
    /// The value of each parameter, in parameter order.
    public let values: [String]
    public let aggregate: RunAggregate
  }

  /// The metrics shown by default.
  public static let defaultMetrics = [
    "level.5", "level.10", "level.20", "finalLevel", "totalXP", "xpPerWeek.median", "evolution.first",
    "achievements", "nutrition.clampShare",
  ]

  public let parameters: [SweepParameter]
  public let metrics: [String]
  public let runs: Int
  /// Scenario by scenario, then point by point (the first parameter varying slowest).
  public let rows: [Row]

  /// The points of the grid: every combination of the parameters' values.
  public static func points(_ parameters: [SweepParameter]) -> [[String]] {
    var points: [[String]] = [[]]
    for parameter in parameters {
      points = points.flatMap { point in parameter.values.map { point + [$0] } }
    }
    return points
  }

  /// Runs the sweep: `load` gives the scenarios (with their engines) for one point's overrides.
  public init(
    parameters: [SweepParameter], metrics: [String], runs: Int, threads: Int,
    load: ([JSONOverride]) throws(DiagnosticError) -> [(Scenario, Engine)], progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) {
    self.parameters = parameters
    self.metrics = metrics
    self.runs = runs
    var byPoint: [[Row]] = []
    var done = 0
    for point in Sweep.points(parameters) {
      var overrides: [JSONOverride] = []
      for (parameter, value) in zip(parameters, point) { overrides.append(try parameter.override(value)) }
      var rows: [Row] = []
      for (scenario, engine) in try load(overrides) {
        let offset = done
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { progress(offset + $0) } }
        let aggregate = try MonteCarlo.run(
          scenario, engine: engine, count: runs, threads: threads, metrics: metrics, progress: report)
        rows.append(Row(scenario: scenario, engine: engine, values: point, aggregate: aggregate))
        done += runs
      }
      byPoint.append(rows)
    }
    // Scenario-major order: all points of the first scenario, then the next.
    let scenarios = byPoint.first?.count ?? 0
    self.rows = (0..<scenarios).flatMap { index in byPoint.map { $0[index] } }
  }

  /// The text report: a wide table for single runs, a long one (p10/p50/p90, how often) for
  /// several runs.
  public func text() -> String {
    var blocks: [String] = []
    var index = 0
    while index < rows.count {
      let scenario = rows[index].scenario
      var group: [Row] = []
      while index < rows.count, rows[index].scenario.path == scenario.path {
        group.append(rows[index])
        index += 1
      }
      blocks.append(runs == 1 ? wide(group) : long(group))
    }
    return blocks.joined(separator: "\n\n")
  }

  private func title(_ scenario: Scenario) -> String {
    let swept = parameters.map {
      "\($0.path) over \($0.values.first ?? "")…\($0.values.last ?? "") (\($0.values.count) values)"
    }
    let seeds = runs == 1 ? "seed \(scenario.seed)" : "\(runs) runs per value (seeds derived from \(scenario.seed))"
    return "\(scenario.name): \(swept.joined(separator: " × ")); \(seeds)"
  }

  private func valueColumns() -> [Int] { parameters.map { max(8, $0.path.count + 2) } }

  private func wide(_ group: [Row]) -> String {
    var lines = [title(group[0].scenario), ""]
    let firsts = valueColumns()
    let widths = metrics.map { max(10, MetricSet.label($0).count + 2) }
    lines.append(
      zip(parameters, firsts).map { Format.pad($0.path, $1) }.joined()
        + zip(metrics, widths).map { Format.pad(MetricSet.label($0), $1, right: true) }.joined())
    for row in group {
      let cells = zip(metrics, widths).map { metric, width in
        Format.pad(Format.cell(metric, row.aggregate.distribution(of: metric).p50), width, right: true)
      }
      lines.append(zip(row.values, firsts).map { Format.pad($0, $1) }.joined() + cells.joined())
    }
    return lines.joined(separator: "\n")
  }

  private func long(_ group: [Row]) -> String {
    var lines = [title(group[0].scenario), ""]
    let firsts = valueColumns()
    let labelWidth = max(8, metrics.map { MetricSet.label($0).count }.max() ?? 0) + 2
    lines.append(
      zip(parameters, firsts).map { Format.pad($0.path, $1) }.joined() + Format.pad("metric", labelWidth)
        + ["p10", "p50", "p90", "happened"].map { Format.pad($0, 10, right: true) }.joined())
    for row in group {
      for (position, metric) in metrics.enumerated() {
        let distribution = row.aggregate.distribution(of: metric)
        let values = zip(row.values, firsts).map { Format.pad(position == 0 ? $0 : "", $1) }.joined()
        let cells =
          [distribution.p10, distribution.p50, distribution.p90].map { Format.cell(metric, $0) }
          + [Metrics.isDay(metric) ? Format.share(distribution.share) : ""]
        lines.append(
          values + Format.pad(MetricSet.label(metric), labelWidth)
            + cells.map { Format.pad($0, 10, right: true) }.joined())
      }
    }
    return lines.joined(separator: "\n")
  }

  /// CSV in long form: `scenario,PATH…,metric,runs,p10,p50,p90,min,max,share`, one row per
  /// scenario × point × metric.
  public var csv: String {
    var lines = [
      (["scenario"] + parameters.map { Format.csv($0.path) } + ["metric", CSVReport.distributionColumns]).joined(
        separator: ",")
    ]
    for row in rows {
      for metric in metrics {
        let leading = [Format.csv(row.scenario.name)] + row.values.map(Format.csv) + [Format.csv(metric)]
        lines.append((leading + [CSVReport.cells(row.aggregate.distribution(of: metric))]).joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON document: per scenario, its identity and every point's distributions.
  public var json: String {
    var objects: [String] = []
    var index = 0
    while index < rows.count {
      let first = rows[index]
      var writer = JSONWriter(pretty: true)
      writer.object { w in
        JSONReport.header(&w, first.scenario, first.engine.pack, seed: first.scenario.seed, runs: runs)
        w.key("parameters")
        w.array { w in
          for parameter in parameters { w.string(parameter.path) }
        }
        w.key("points")
        w.array { w in
          while index < rows.count, rows[index].scenario.path == first.scenario.path {
            let row = rows[index]
            w.object { w in
              w.key("values")
              w.object { w in
                for (parameter, value) in zip(parameters, row.values) {
                  w.key(parameter.path)
                  if let number = Double(value), number.isFinite { w.number(number) } else { w.string(value) }
                }
              }
              w.key("metrics")
              w.object { w in
                for metric in metrics {
                  w.key(metric)
                  JSONReport.write(row.aggregate.distribution(of: metric), &w)
                }
              }
            }
            index += 1
          }
        }
      }
      objects.append(writer.output)
    }
    return JSONReport.document(objects)
  }
}
