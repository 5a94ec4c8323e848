/// A fan chart: for each series the p10–p90 band and the median line over x (days, weeks or a
/// swept value), with optional vertical markers (milestones). Several series share the axes.
struct FanChart {
  struct Point {
    var x: Double
    var p10: Double
    var p50: Double
    var p90: Double
  }

  struct Series {
    var name: String
    /// "base" or "candidate": the colour.
    var role: String
    var points: [Point]
  }

  struct Marker {
    var x: Double
    var label: String
  }

  var id: String
  var title: String
  var xTitle: String
  var yTitle: String
  var series: [Series]
  var markers: [Marker] = []
  /// x ticks with labels; nil: round ticks of the x range.
  var xTicks: [(value: Double, label: String, second: String?)]?
  var percent = false

  func svg() -> String {
    let points = series.flatMap(\.points)
    let xs = points.map(\.x)
    let lowY = min(0, points.map(\.p10).min() ?? 0)
    let plot = SVGPlot(xLow: xs.min() ?? 0, xHigh: xs.max() ?? 1, yLow: lowY, yHigh: points.map(\.p90).max() ?? 1)
    var out = SVGPlot.open(title, id: id)
    out += plot.yAxis(yTitle, percent: percent)
    let ticks = xTicks
      ?? Ticks.round(low: plot.xLow, high: plot.xHigh).filter { $0 >= plot.xLow && $0 <= plot.xHigh }.map { ($0, Ticks.label($0), nil) }
    out += plot.xAxis(xTitle, ticks: ticks)
    for line in series where !line.points.isEmpty {
      var band = "M"
      band += line.points.map { "\(fmt(plot.x($0.x))),\(fmt(plot.y($0.p90)))" }.joined(separator: " L")
      band += " L" + line.points.reversed().map { "\(fmt(plot.x($0.x))),\(fmt(plot.y($0.p10)))" }.joined(separator: " L") + " Z"
      out += "<path class=\"band \(line.role)\" d=\"\(band)\"><title>\(HTML.escape(line.name)): p10–p90</title></path>"
      let median = "M" + line.points.map { "\(fmt(plot.x($0.x))),\(fmt(plot.y($0.p50)))" }.joined(separator: " L")
      out += "<path class=\"median \(line.role)\" d=\"\(median)\"><title>\(HTML.escape(line.name)): median</title></path>"
    }
    for (index, marker) in markers.enumerated() where marker.x >= plot.xLow && marker.x <= plot.xHigh {
      let x = fmt(plot.x(marker.x))
      out += "<line class=\"marker\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(fmt(SVGPlot.top))\" y2=\"\(fmt(SVGPlot.height - SVGPlot.bottom))\"/>"
      // Labels one under the other, so that close milestones stay readable.
      out += "<text class=\"marker-label\" x=\"\(x)\" y=\"\(fmt(SVGPlot.top + 10 + 13 * Double(index)))\" dx=\"3\">\(HTML.escape(marker.label)) (median day \(fmt(marker.x)))</text>"
    }
    return out + "</svg>"
  }
}

/// Bars: for each bin the share of runs (one bar per series), and "never" as a bar of its own.
struct BarChart {
  struct Series {
    var name: String
    var role: String
    /// Share of runs per bin (0–1), in bin order, and the share that never happened.
    var shares: [Double]
    var never: Double
  }

  var id: String
  var title: String
  var xTitle: String
  var bins: [String]
  var series: [Series]

  func svg() -> String {
    let highest = series.flatMap { $0.shares + [$0.never] }.max() ?? 1
    let plot = SVGPlot(xLow: 0, xHigh: Double(bins.count + 1), yLow: 0, yHigh: max(highest, 0.05))
    var out = SVGPlot.open(title, id: id)
    out += plot.yAxis("share of runs", percent: true)
    let every = max(1, bins.count / 12)
    var ticks: [(value: Double, label: String, second: String?)] = []
    for (index, bin) in bins.enumerated() where index % every == 0 { ticks.append((Double(index) + 0.5, bin, nil)) }
    ticks.append((Double(bins.count) + 0.5, "never", nil))
    out += plot.xAxis(xTitle, ticks: ticks)
    let slot = (plot.x(1) - plot.x(0)) * 0.8 / Double(max(1, series.count))
    for (position, line) in series.enumerated() {
      for (index, share) in (line.shares + [line.never]).enumerated() where share > 0 {
        let isNever = index == line.shares.count
        let x = plot.x(Double(index)) + (plot.x(1) - plot.x(0)) * 0.1 + slot * Double(position)
        let label = isNever ? "never" : bins[index]
        out += "<rect class=\"bar \(line.role)\(isNever ? " never" : "")\" x=\"\(fmt(x))\" y=\"\(fmt(plot.y(share)))\" width=\"\(fmt(slot))\" height=\"\(fmt(plot.y(0) - plot.y(share)))\">"
        out += "<title>\(HTML.escape(line.name)) \(HTML.escape(label)): \(Ticks.label(share, percent: true))</title></rect>"
      }
    }
    return out + "</svg>"
  }
}
