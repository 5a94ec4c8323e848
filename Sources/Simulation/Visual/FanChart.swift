import RuleLanguage

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
    /// "base" or "candidate": the colour of the pack whose median day it marks.
    var role = "base"
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
  /// Whether the y axis starts at 0; false for charts where the answer is a small move of a
  /// large value (a sweep's milestone days), whose axis starts near the lowest value.
  var fromZero = true

  func svg() -> String {
    let points = series.flatMap(\.points)
    let xs = points.map(\.x)
    let lowest = points.map(\.p10).min() ?? 0
    let lowY = fromZero ? min(0, lowest) : lowest
    let plot = SVGPlot(xLow: xs.min() ?? 0, xHigh: xs.max() ?? 1, yLow: lowY, yHigh: points.map(\.p90).max() ?? 1)
    var out = SVGPlot.open(title, id: id)
    out += plot.yAxis(yTitle, percent: percent)
    let ticks =
      xTicks
      ?? Ticks.round(low: plot.xLow, high: plot.xHigh).filter { $0 >= plot.xLow && $0 <= plot.xHigh }.map {
        ($0, Ticks.label($0), nil)
      }
    out += plot.xAxis(xTitle, ticks: ticks)
    for line in series where !line.points.isEmpty {
      let upper = line.points.map { (plot.x($0.x), plot.y($0.p90)) }
      let lower = line.points.reversed().map { (plot.x($0.x), plot.y($0.p10)) }
      let band = Self.path(upper) + Self.path(lower, move: false) + "Z"
      out += "<path class=\"band \(line.role)\" d=\"\(band)\"><title>\(HTML.escape(line.name)): p10–p90</title></path>"
      let median = Self.path(line.points.map { (plot.x($0.x), plot.y($0.p50)) })
      out +=
        "<path class=\"median \(line.role)\" d=\"\(median)\"><title>\(HTML.escape(line.name)): median</title></path>"
    }
    out += markerLines(plot)
    return out + "</svg>"
  }
}

extension FanChart {
  /// A compact path through the points ("M x,y l dx,dy dx,dy …"): a point that lies within
  /// ``tolerance`` of the line its neighbours kept draw is left out (Douglas–Peucker), so a level
  /// held for weeks or XP growing steadily costs two points; the points are then placed on whole
  /// pixels and written as steps from the one before (each step is exact, so nothing drifts).
  /// `move` false continues the current path with a line to the first point ("L x,y l …").
  static func path(_ points: [(Double, Double)], move: Bool = true) -> String {
    let kept = simplified(points).map { (Int($0.0.rounded()), Int($0.1.rounded())) }
    guard let first = kept.first else { return "" }
    var text = (move ? "M" : "L") + "\(first.0),\(first.1)"
    var previous = first
    var steps: [String] = []
    for point in kept.dropFirst() where point != previous {
      steps.append("\(point.0 - previous.0),\(point.1 - previous.1)")
      previous = point
    }
    if !steps.isEmpty { text += "l" + steps.joined(separator: " ") }
    return text
  }

  /// The largest distance (px) a left-out point may have from the line drawn.
  static let tolerance = 0.5

  /// The points Douglas–Peucker keeps at ``tolerance``, in order (the first and last always).
  static func simplified(_ points: [(Double, Double)]) -> [(Double, Double)] {
    guard points.count > 2 else { return points }
    var keep = [Bool](repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var spans = [(0, points.count - 1)]
    while let (start, end) = spans.popLast() {
      guard end > start + 1 else { continue }
      let (ax, ay) = points[start]
      let (bx, by) = points[end]
      let (dx, dy) = (bx - ax, by - ay)
      let length = (dx * dx + dy * dy).squareRoot()
      var farthest = start
      var distance = 0.0
      for index in (start + 1)..<end {
        let (px, py) = points[index]
        let away =
          length == 0
          ? ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() : abs(dy * (px - ax) - dx * (py - ay)) / length
        if away > distance {
          distance = away
          farthest = index
        }
      }
      guard distance > tolerance else { continue }
      keep[farthest] = true
      spans.append((start, farthest))
      spans.append((farthest, end))
    }
    return points.indices.filter { keep[$0] }.map { points[$0] }
  }

  /// Approximate width of a marker label (11 px system font): enough to keep labels apart.
  static func labelWidth(_ text: String) -> Double { Double(text.count) * 6.4 + 6 }

  /// Vertical lines at the markers, each pack in its colour, labels placed in the first row
  /// where they overlap no other label (and turned to the left of their line near the right
  /// edge), so that close milestones of two packs stay readable.
  func markerLines(_ plot: SVGPlot) -> String {
    var out = ""
    var rows: [[ClosedRange<Double>]] = []
    let right = SVGPlot.width - SVGPlot.right
    for marker in markers.sorted(by: { ($0.x, $0.label) < ($1.x, $1.label) })
    where marker.x >= plot.xLow && marker.x <= plot.xHigh {
      let x = plot.x(marker.x)
      out +=
        "<line class=\"marker \(marker.role)\" x1=\"\(fmt(x))\" x2=\"\(fmt(x))\" y1=\"\(fmt(SVGPlot.top))\" y2=\"\(fmt(SVGPlot.height - SVGPlot.bottom))\"/>"
      let text = "\(marker.label) (day \(fmt(marker.x)))"
      let width = Self.labelWidth(text)
      let leftward = x + 3 + width > right
      let span = leftward ? (x - 3 - width)...(x - 3) : (x + 3)...(x + 3 + width)
      let row = rows.firstIndex { $0.allSatisfy { !$0.overlaps(span) } } ?? rows.count
      if row == rows.count { rows.append([]) }
      rows[row].append(span)
      let anchor = leftward ? " text-anchor=\"end\" dx=\"-3\"" : " dx=\"3\""
      out +=
        "<text class=\"marker-label \(marker.role)\" x=\"\(fmt(x))\" y=\"\(fmt(SVGPlot.top + 10 + 13 * Double(row)))\"\(anchor)>\(HTML.escape(text))</text>"
    }
    return out
  }
}

/// Bars: for each bin the share of runs (one bar per series), and "never" as a bar of its own.
struct BarChart {
  struct Series {
    var name: String
    var role: String
    /// Share of runs per bin (0–1), in bin order, and the share that never happened.
    var shares: [Double]
    /// nil: the chart has no "never" bar (a share of days, not of runs).
    var never: Double?
  }

  var id: String
  var title: String
  var xTitle: String
  var yTitle = "share of runs"
  var bins: [String]
  var series: [Series]

  func svg() -> String {
    let hasNever = series.contains { $0.never != nil }
    let highest = series.flatMap { $0.shares + [$0.never ?? 0] }.max() ?? 1
    let plot = SVGPlot(xLow: 0, xHigh: Double(bins.count + (hasNever ? 1 : 0)), yLow: 0, yHigh: max(highest, 0.05))
    var out = SVGPlot.open(title, id: id)
    out += plot.yAxis(yTitle, percent: true)
    let every = max(1, bins.count / 12)
    var ticks: [(value: Double, label: String, second: String?)] = []
    for (index, bin) in bins.enumerated() where index % every == 0 { ticks.append((Double(index) + 0.5, bin, nil)) }
    if hasNever { ticks.append((Double(bins.count) + 0.5, "never", nil)) }
    out += plot.xAxis(xTitle, ticks: ticks)
    let slot = (plot.x(1) - plot.x(0)) * 0.8 / Double(max(1, series.count))
    for (position, line) in series.enumerated() {
      // The bars of a series in one group: their class is written once.
      out += "<g class=\"bar \(line.role)\">"
      for (index, share) in (line.shares + (line.never.map { [$0] } ?? [])).enumerated() where share > 0 {
        let isNever = index == line.shares.count
        let x = plot.x(Double(index)) + (plot.x(1) - plot.x(0)) * 0.1 + slot * Double(position)
        let label = isNever ? "never" : bins[index]
        // Bars of many bins carry no tooltip (the table under the chart has their numbers).
        let tip =
          bins.count > 12
          ? "" : "<title>\(HTML.escape(line.name)) \(HTML.escape(label)): \(Format.share(share))</title>"
        out +=
          "<rect\(isNever ? " class=\"never\"" : "") x=\"\(fmt(x))\" y=\"\(fmt(plot.y(share)))\" width=\"\(fmt(slot))\" height=\"\(fmt(plot.y(0) - plot.y(share)))\""
          + (tip.isEmpty ? "/>" : ">\(tip)</rect>")
      }
      out += "</g>"
    }
    return out + "</svg>"
  }
}
