import RuleLanguage

extension SensitivityAnalysis {
  /// The ranked table for people: the base values, then the `top` most effective rule values
  /// with each metric's change at −10% and +10%, then what was refused.
  public func text(top: Int) -> String {
    parts.map { text($0, top: top) }.joined(separator: "\n\n")
  }

  private func text(_ part: Part, top: Int) -> String {
    let scenario = part.scenario
    var lines = [
      "\(scenario.name): \(part.entries.count) rule values, each \(NumberText.format(Self.step * 100))% lower and higher; \(runs) runs per value and side (seeds derived from \(scenario.seed), the same for every value)",
      "base: "
        + zip(metrics, part.base).map { "\(MetricSet.label($0)) \(SensitivityFormat.value($0, $1))" }.joined(
          separator: " · "),
      "change at −\(NumberText.format(Self.step * 100))% / +\(NumberText.format(Self.step * 100))% (median day of day metrics, mean of the others), "
        + (rankedBy.map { "most \(MetricSet.label($0)) moved first:" } ?? "most moved first (relative to the base):"),
      "",
    ]
    let shown = Array(part.entries.prefix(top))
    let pathWidth = max(10, shown.map(\.value.path.count).max() ?? 0) + 2
    let cells = shown.map { entry in
      metrics.indices.map { index in SensitivityFormat.pair(metrics[index], base: part.base[index], entry, index) }
    }
    let widths = metrics.indices.map { index in
      max(MetricSet.label(metrics[index]).count, cells.map { $0[index].count }.max() ?? 0) + 3
    }
    lines.append(
      Format.pad("rank", 6) + Format.pad("rule value", pathWidth) + Format.pad("value", 9, right: true)
        + Format.pad("−10%", 10, right: true)
        + Format.pad("+10%", 10, right: true)
        + zip(metrics, widths).map { Format.pad(MetricSet.label($0), $1, right: true) }.joined())
    for (rank, (entry, row)) in zip(shown, cells).enumerated() {
      lines.append(
        Format.pad(String(rank + 1), 4, right: true) + "  " + Format.pad(entry.value.path, pathWidth)
          + Format.pad(NumberText.format(entry.value.value), 9, right: true)
          + Format.pad(NumberText.format(entry.low), 10, right: true)
          + Format.pad(NumberText.format(entry.high), 10, right: true)
          + zip(row, widths).map { Format.pad($0, $1, right: true) }.joined())
    }
    let still = part.entries.filter { entry in
      metrics.indices.allSatisfy {
        Self.reach(entry, part.base[$0], metric: metrics[$0], at: $0, days: scenario.days) == 0
      }
    }
    lines.append("")
    let unmoved =
      still.isEmpty
      ? "each moved at least one of these metrics."
      : "\(still.count) of \(part.entries.count) moved none of these metrics."
    if part.entries.count > shown.count {
      lines.append(
        "\(part.entries.count - shown.count) more (--top N shows more; --format csv or json lists every value); \(unmoved)"
      )
    } else {
      lines.append(unmoved.prefix(1).uppercased() + unmoved.dropFirst())
    }
    let refused = part.entries.filter { $0.refusal != nil }
    if !refused.isEmpty {
      lines.append("Refused by the pack (that side is left out):")
      lines += refused.map { "  \($0.value.path) = \($0.refusal ?? "")" }
    }
    if !part.zeros.isEmpty {
      lines.append("Not moved (0, and ±10% of 0 is 0): " + part.zeros.map(\.path).joined(separator: ", "))
    }
    if !part.inert.isEmpty {
      lines.append(
        "Not moved: \(part.inert.count) companion stat values (species base and growth, element profiles), which no metric reads."
      )
    }
    return lines.joined(separator: "\n")
  }

  /// One row per scenario, rule value and metric, ranked:
  /// `scenario,rank,path,value,low,high,metric,base,at_low,at_high,delta_low,delta_high,refused`.
  public var csv: String {
    var lines = ["scenario,rank,path,value,low,high,metric,base,at_low,at_high,delta_low,delta_high,refused"]
    for part in parts {
      for (rank, entry) in part.entries.enumerated() {
        for (index, metric) in metrics.enumerated() {
          let base = part.base[index]
          let low = entry.atLow?[index]
          let high = entry.atHigh?[index]
          let cells = [
            Format.csv(part.scenario.name), String(rank + 1), Format.csv(entry.value.path),
            NumberText.format(entry.value.value),
            NumberText.format(entry.low), NumberText.format(entry.high), Format.csv(metric), Format.machine(base),
            Format.machine(low), Format.machine(high), Format.machine(Self.difference(base, low)),
            Format.machine(Self.difference(base, high)), Format.csv(entry.refusal ?? ""),
          ]
          lines.append(cells.joined(separator: ","))
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON document: per scenario, its identity, the base values and every rule value ranked
  /// with each metric at the low and high value (`null`: never, or refused) and the changes.
  public var json: String {
    JSONReport.document(
      parts.map { part in
        var writer = JSONWriter(pretty: true)
        writer.object { w in
          JSONReport.header(&w, part.scenario, part.engine.pack, seed: part.scenario.seed, runs: runs)
          w.key("step")
          w.number(Self.step)
          w.key("base")
          w.object { w in
            for (metric, value) in zip(metrics, part.base) {
              w.key(metric)
              Self.write(value, &w)
            }
          }
          w.key("values")
          w.array { w in
            for entry in part.entries { Self.write(entry, part: part, metrics: metrics, &w) }
          }
        }
        return writer.output
      })
  }

  private static func write(_ entry: Entry, part: Part, metrics: [String], _ w: inout JSONWriter) {
    w.object { w in
      w.key("path")
      w.string(entry.value.path)
      w.key("value")
      w.number(entry.value.value)
      w.key("low")
      w.number(entry.low)
      w.key("high")
      w.number(entry.high)
      if let refusal = entry.refusal {
        w.key("refused")
        w.string(refusal)
      }
      w.key("metrics")
      w.object { w in
        for (index, metric) in metrics.enumerated() {
          w.key(metric)
          w.object { w in
            w.key("low")
            write(entry.atLow?[index], &w)
            w.key("high")
            write(entry.atHigh?[index], &w)
            w.key("deltaLow")
            write(difference(part.base[index], entry.atLow?[index]), &w)
            w.key("deltaHigh")
            write(difference(part.base[index], entry.atHigh?[index]), &w)
          }
        }
      }
    }
  }

  private static func write(_ value: Double?, _ w: inout JSONWriter) {
    if let value { w.number(value) } else { w.null() }
  }

  /// The change from the base, when both are numbers.
  static func difference(_ base: Double?, _ value: Double?) -> Double? {
    guard let base, let value else { return nil }
    return value - base
  }
}

/// How sensitivity prints values and changes for people.
enum SensitivityFormat {
  /// A base value: "day 43", "never", "21,653.2", "6.1%".
  static func value(_ metric: String, _ value: Double?) -> String {
    guard let value else { return Metrics.isDay(metric) ? "never" : "—" }
    return Metrics.isDay(metric) ? "day \(NumberText.short(value))" : Format.value(metric, value)
  }

  /// "−4 / +5": the changes at the low and the high value ("never" when a milestone stops
  /// happening, "day 170" when one starts, "refused" for a side the pack refused).
  static func pair(_ metric: String, base: Double?, _ entry: SensitivityAnalysis.Entry, _ index: Int) -> String {
    let sides = [entry.atLow, entry.atHigh].map { side -> String in
      guard let side else { return "refused" }
      return change(metric, from: base, to: side[index])
    }
    return sides.joined(separator: " / ")
  }

  /// A signed change: days for day metrics, percentage points for shares, else the metric's units.
  static func change(_ metric: String, from base: Double?, to value: Double?) -> String {
    if Metrics.isDay(metric) {
      switch (base, value) {
      case (nil, nil): return "0"
      case (_, nil): return "never"
      case (nil, let value?): return "day \(NumberText.short(value))"
      case (let base?, let value?): return signed(value - base, decimals: 1)
      }
    }
    guard let base, let value else { return "—" }
    if SensitivityAnalysis.unit(metric) < 1 {
      return signed((value - base) * 100, decimals: 2) + (value == base ? "" : " pt")
    }
    return signed(value - base, decimals: abs(value - base) >= 100 ? 0 : 2)
  }

  /// "+1,203", "−0.35", "0": thousands separators, the Unicode minus, at most `decimals`.
  private static func signed(_ difference: Double, decimals: Int) -> String {
    let magnitude = abs(difference)
    let text =
      magnitude >= 1000
      ? Format.grouped(magnitude.rounded()) : NumberText.short(decimals == 0 ? magnitude.rounded() : magnitude)
    guard text != "0" else { return "0" }
    return (difference < 0 ? "\u{2212}" : "+") + text
  }
}
