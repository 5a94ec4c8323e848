import Engine
import RuleLanguage

/// A parameter swept over a range: the scenario's key metrics for each value.
public struct Sweep: Sendable {
  /// `PATH=FROM..TO:STEP`, parsed.
  public struct Range: Sendable, Equatable {
    public var path: String
    public var values: [Double]

    /// Parses `xp.categories.strength.multiplier=1.0..1.5:0.1`.
    public init(parsing text: String) throws(DiagnosticError) {
      guard let equals = text.firstIndex(of: "=") else {
        throw DiagnosticError(Diagnostic(message: "'\(text)' is not PATH=FROM..TO:STEP, e.g. xp.categories.strength.multiplier=1.0..1.5:0.1"))
      }
      path = String(text[..<equals])
      let spec = text[text.index(after: equals)...]
      let parts = spec.split(separator: ":", maxSplits: 1)
      let bounds = parts.first?.components(separatedBy: "..") ?? []
      guard parts.count == 2, bounds.count == 2, let from = Double(bounds[0]), let to = Double(bounds[1]),
        let step = Double(parts[1]), from.isFinite, to.isFinite, step.isFinite, step > 0, from <= to
      else {
        throw DiagnosticError(Diagnostic(message: "'\(spec)' is not FROM..TO:STEP with FROM ≤ TO and STEP > 0, e.g. 1.0..1.5:0.1"))
      }
      let steps = ((to - from) / step + 1e-9).rounded(.down)
      guard steps < 1000 else {
        throw DiagnosticError(Diagnostic(message: "'\(spec)' has \(NumberText.format(steps + 1)) values; a sweep has at most 1000"))
      }
      let count = Int(steps) + 1
      // Values are from + i × step, cleaned of binary noise (1.1 rather than 1.1000000000000001).
      values = (0..<count).map { ((from + Double($0) * step) * 1e9).rounded() / 1e9 }
    }
  }

  /// The metrics shown by default.
  public static let defaultMetrics = [
    "level.5", "level.10", "level.20", "finalLevel", "totalXP", "xpPerWeek.median", "evolution.first",
    "achievements", "nutrition.clampShare",
  ]

  public let range: Range
  public let metrics: [String]
  /// One row per value: the metrics' values (medians with several runs).
  public let rows: [(value: Double, metrics: [Double?])]

  /// Runs the sweep; `load` builds the scenario and engine for an override.
  public init(
    range: Range, metrics: [String], runs: Int, threads: Int,
    load: (JSONOverride) throws(DiagnosticError) -> (Scenario, Engine)
  ) throws(DiagnosticError) {
    self.range = range
    self.metrics = metrics
    var rows: [(Double, [Double?])] = []
    for value in range.values {
      let text = "\(range.path)=\(NumberText.format(value))"
      let override = try JSONOverride(parsing: text)
      let (scenario, engine) = try load(override)
      let summaries = try MonteCarlo.run(scenario, engine: engine, count: runs, threads: threads)
      rows.append((value, metrics.map { Distribution($0, summaries).p50 }))
    }
    self.rows = rows
  }

  /// A text table.
  public func text(title: String) -> String {
    var lines = [title, ""]
    let first = max(8, range.path.count + 2)
    let widths = metrics.map { max(10, MetricSet.label($0).count + 2) }
    lines.append(Format.pad(range.path, first) + zip(metrics, widths).map { Format.pad(MetricSet.label($0), $1, right: true) }.joined())
    for row in rows {
      let cells = zip(zip(metrics, row.metrics), widths).map { Format.pad(TextReport.cell($0.0, $0.1), $1, right: true) }
      lines.append(Format.pad(NumberText.format(row.value), first) + cells.joined())
    }
    return lines.joined(separator: "\n")
  }

  /// CSV: the value, then one column per metric (empty for "never").
  public var csv: String {
    var lines = [(["value"] + metrics).joined(separator: ",")]
    for row in rows {
      lines.append(([NumberText.format(row.value)] + row.metrics.map { $0.map(NumberText.format) ?? "" }).joined(separator: ","))
    }
    return lines.joined(separator: "\n")
  }
}
