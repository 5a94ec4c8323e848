/// Milestones as one compact chart: a row per milestone (milestones that happened exactly alike
/// share a row), per pack a line from p10 to p90 of the day it happened and a dot at the median,
/// the packs side by side within the row; on the right, the share of runs where it happened.
/// A p90 (or p50) of "never" draws the line to the end of the scenario, dashed.
struct MilestonePlot {
  struct Row {
    /// The milestones of the row (the first names it; the others moved exactly alike).
    var metrics: [String]
    /// Per pack, in the report's side order.
    var sides: [(role: String, distribution: Distribution)]
  }

  var id: String
  var title: String
  var days: Int
  var rows: [Row]

  static let labelWidth = 210.0
  static let shareWidth = 92.0
  static let rowHeight = 20.0

  /// The row's label: the first milestone, "+N" for the others (all of them in the tooltip).
  static func label(_ metrics: [String]) -> (short: String, full: String) {
    let names = metrics.map(MetricSet.label)
    var short = names.first ?? ""
    if short.count > 28 { short = String(short.prefix(27)) + "…" }
    if names.count > 1 { short += " +\(names.count - 1)" }
    return (short, names.joined(separator: " = "))
  }

  func svg() -> String {
    let top = 8.0
    let height = top + Double(rows.count) * Self.rowHeight + 44
    let left = Self.labelWidth
    let right = SVGPlot.width - Self.shareWidth
    let lastDay = Double(max(2, days))
    func x(_ day: Double) -> Double { left + (day - 1) / (lastDay - 1) * (right - left) }
    var out =
      "<svg viewBox=\"0 0 \(Int(SVGPlot.width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\" data-chart=\"\(id)\">"
    out += "<title id=\"\(id)-t\">\(HTML.escape(title))</title>"
    let base = top + Double(rows.count) * Self.rowHeight
    for tick in Ticks.days(days) {
      let tx = fmt(x(Double(tick)))
      out += "<path class=\"grid\" d=\"M\(tx),\(fmt(top))V\(fmt(base))\"/>"
      out += "<text class=\"tick tx\" x=\"\(tx)\" y=\"\(fmt(base + 14))\">day \(tick)</text>"
    }
    out +=
      "<text class=\"axis-title tx\" x=\"\(fmt((left + right) / 2))\" y=\"\(fmt(base + 34))\">day it happened: p10–p90 line, median dot</text>"
    for (index, row) in rows.enumerated() {
      let middle = top + (Double(index) + 0.5) * Self.rowHeight
      let label = Self.label(row.metrics)
      out +=
        "<text class=\"tick ty\" x=\"\(fmt(left - 8))\" y=\"\(fmt(middle))\">"
        + HTML.escape(label.short)
        + (row.metrics.count > 1 || label.short != label.full ? "<title>\(HTML.escape(label.full))</title>" : "")
        + "</text>"
      let count = Double(row.sides.count)
      for (position, side) in row.sides.enumerated() {
        let y = fmt(middle + (Double(position) - (count - 1) / 2) * 6)
        let d = side.distribution
        guard let p10 = d.p10 else { continue }
        let end = d.p90 ?? lastDay
        out +=
          "<path class=\"range \(side.role)\(d.p90 == nil ? " open" : "")\" d=\"M\(fmt(x(p10))),\(y)H\(fmt(x(end)))\"/>"
        if let p50 = d.p50 { out += "<circle class=\"dot \(side.role)\" cx=\"\(fmt(x(p50)))\" cy=\"\(y)\" r=\"3.5\"/>" }
      }
      let shares = row.sides.map { Format.share($0.distribution.share) }.joined(separator: " / ")
      out += "<text class=\"tick tm\" x=\"\(fmt(right + 8))\" y=\"\(fmt(middle))\">\(HTML.escape(shares))</text>"
    }
    return out + "</svg>"
  }
}
