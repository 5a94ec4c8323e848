import RuleLanguage

/// The sensitivity section of `fitquest report --sensitivity`: per scenario and metric, a tornado
/// chart of the rule values that move the metric most (a bar to the change at −10% and one to the
/// change at +10%, largest on top), with the same numbers in a table under it.
struct TornadoChart {
  /// Rows drawn per chart.
  static let rows = 10
  static let width = 720.0
  static let left = 330.0
  static let right = 24.0
  static let top = 28.0
  static let rowHeight = 22.0
  static let bottom = 40.0

  let analysis: SensitivityAnalysis

  /// The section's HTML: a heading, a legend, then the charts of every scenario.
  func section() -> String {
    var out =
      "<h2 id=\"sensitivity\">Sensitivity</h2><p>Each rule value moved ×0.9 and ×1.1, one at a time, "
      + "\(analysis.runs) runs each with the same seeds; the change of the median day of day metrics and of the mean of the others. "
      + "Largest moves on top; the full ranking is in <code>fitquest sensitivity --format csv</code>.</p>"
      + "<p class=\"legend\"><span class=\"base\"><i></i>×0.9</span><span class=\"candidate\"><i></i>×1.1</span></p>"
    for part in analysis.parts {
      out += "<h3>\(HTML.escape(part.scenario.name))</h3><div>"
      for (index, metric) in analysis.metrics.enumerated() {
        let ranked = SensitivityAnalysis.ranked(
          part.entries, base: part.base, metrics: analysis.metrics, days: part.scenario.days, by: metric)
        let moving = ranked.prefix(Self.rows).filter {
          SensitivityAnalysis.reach($0, part.base[index], metric: metric, at: index, days: part.scenario.days) > 0
        }
        out += figure(part, metric: metric, index: index, entries: Array(moving))
      }
      out += "</div>"
    }
    return out
  }

  private func figure(
    _ part: SensitivityAnalysis.Part, metric: String, index: Int, entries: [SensitivityAnalysis.Entry]
  ) -> String {
    let title = "\(MetricSet.label(metric)): base \(SensitivityFormat.value(metric, part.base[index]))"
    guard !entries.isEmpty else {
      return "<figure><figcaption>\(HTML.escape(title))</figcaption><p>No rule value moves it.</p></figure>"
    }
    let never = Double(part.scenario.days + 1)
    let origin = part.base[index] ?? never
    func change(_ side: [Double?]?) -> Double? { side.map { ($0[index] ?? never) - origin } }
    let changes = entries.flatMap { [change($0.atLow), change($0.atHigh)] }.compactMap { $0 }
    let extent = max(changes.map(abs).max() ?? 1, 1e-9)
    let ticks = Ticks.round(low: -extent, high: extent, count: 6)
    let (low, high) = (ticks.first ?? -extent, ticks.last ?? extent)
    func x(_ value: Double) -> Double {
      Self.left + (value - low) / (high - low) * (Self.width - Self.left - Self.right)
    }
    let height = Self.top + Double(entries.count) * Self.rowHeight + Self.bottom
    let id = "sensitivity-\(HTMLReport.slug(part.scenario.name))-\(HTMLReport.slug(metric))"
    var svg =
      "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\" data-chart=\"\(id)\">"
      + "<title id=\"\(id)-t\">\(HTML.escape("Tornado chart: " + title))</title>"
    let base = Self.top + Double(entries.count) * Self.rowHeight
    for tick in ticks {
      let position = fmt(x(tick))
      svg += "<line class=\"grid\" x1=\"\(position)\" x2=\"\(position)\" y1=\"\(fmt(Self.top))\" y2=\"\(fmt(base))\"/>"
      svg +=
        "<text class=\"tick\" x=\"\(position)\" y=\"\(fmt(base + 16))\" text-anchor=\"middle\">\(HTML.escape(Ticks.label(tick, percent: SensitivityAnalysis.unit(metric) < 1)))</text>"
    }
    for (row, entry) in entries.enumerated() {
      let y = Self.top + Double(row) * Self.rowHeight
      svg +=
        "<text class=\"tick\" x=\"\(fmt(Self.left - 6))\" y=\"\(fmt(y + Self.rowHeight / 2))\" text-anchor=\"end\" dominant-baseline=\"middle\">\(HTML.escape(Self.label(entry.value.path)))</text>"
      for (side, role, offset) in [(entry.atLow, "base", 3.0), (entry.atHigh, "candidate", 11.0)] {
        guard let moved = change(side), moved != 0 else { continue }
        let (from, to) = (x(min(0, moved)), x(max(0, moved)))
        svg +=
          "<rect class=\"bar \(role)\" x=\"\(fmt(from))\" y=\"\(fmt(y + offset))\" width=\"\(fmt(max(1, to - from)))\" height=\"8\"><title>\(HTML.escape(entry.value.path)) ×\(role == "base" ? "0.9" : "1.1"): \(HTML.escape(SensitivityFormat.change(metric, from: part.base[index], to: side?[index] ?? nil)))</title></rect>"
      }
    }
    svg +=
      "<line class=\"axis\" x1=\"\(fmt(x(0)))\" x2=\"\(fmt(x(0)))\" y1=\"\(fmt(Self.top - 4))\" y2=\"\(fmt(base))\"/>"
    svg +=
      "<text class=\"axis-title\" x=\"\(fmt((Self.left + Self.width - Self.right) / 2))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">change of \(HTML.escape(MetricSet.label(metric)))</text></svg>"
    var table = "<table><tr><th>rule value</th><th>value</th><th>×0.9</th><th>×1.1</th></tr>"
    for entry in entries {
      let cells = SensitivityFormat.pair(metric, base: part.base[index], entry, index).components(separatedBy: " / ")
      table +=
        "<tr><td>\(HTML.escape(entry.value.path))</td><td>\(HTML.escape(NumberText.format(entry.value.value)))</td>"
        + cells.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>"
    }
    table += "</table>"
    return
      "<figure><figcaption>\(HTML.escape(title))</figcaption>\(svg)<details><summary>table</summary>\(table)</details></figure>"
  }

  /// A path short enough for the chart's left margin (the end is what tells values apart).
  static func label(_ path: String) -> String {
    path.count <= 48 ? path : "…" + path.suffix(47)
  }
}
