import RuleLanguage

/// The frame of a chart: plot area, scales, axes with round ticks and titles, in SVG.
struct SVGPlot {
  static let width = 720.0
  static let height = 300.0
  static let left = 64.0
  static let right = 16.0
  static let top = 16.0
  static let bottom = 56.0

  var xLow: Double
  var xHigh: Double
  var yTicks: [Double]
  var yLow: Double { yTicks.first ?? 0 }
  var yHigh: Double { yTicks.last ?? 1 }

  init(xLow: Double, xHigh: Double, yLow: Double, yHigh: Double) {
    self.xLow = xLow
    self.xHigh = xHigh > xLow ? xHigh : xLow + 1
    yTicks = Ticks.round(low: yLow, high: yHigh)
  }

  func x(_ value: Double) -> Double {
    Self.left + (value - xLow) / (xHigh - xLow) * (Self.width - Self.left - Self.right)
  }

  func y(_ value: Double) -> Double {
    let span = yHigh - yLow
    return Self.top + (1 - (value - yLow) / (span == 0 ? 1 : span)) * (Self.height - Self.top - Self.bottom)
  }

  /// `<svg …>` with its title for screen readers.
  static func open(_ label: String, id: String) -> String {
    "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\" data-chart=\"\(id)\">"
      + "<title id=\"\(id)-t\">\(HTML.escape(label))</title>"
  }

  /// Horizontal grid lines (one path) and labels at the y ticks, and the y axis title. Text
  /// alignment comes from the report's CSS classes (`ty`, `tx`) on the labels' group, which they
  /// inherit, not from attributes per label.
  func yAxis(_ title: String, percent: Bool = false) -> String {
    var grid = ""
    var labels = ""
    for tick in yTicks {
      let y = fmt(self.y(tick))
      grid += "M\(fmt(Self.left)),\(y)H\(fmt(Self.width - Self.right))"
      labels += "<text y=\"\(y)\">\(HTML.escape(Ticks.label(tick, percent: percent)))</text>"
    }
    let middle = fmt((Self.top + Self.height - Self.bottom) / 2)
    return "<path class=\"grid\" d=\"\(grid)\"/>"
      + "<g class=\"tick ty\" transform=\"translate(\(fmt(Self.left - 6)) 0)\">\(labels)</g>"
      + "<text class=\"axis-title tx\" transform=\"translate(14 \(middle)) rotate(-90)\">\(HTML.escape(title))</text>"
  }

  /// The x axis and its ticks (one path), the labels at `ticks` (a second line under each,
  /// optional) and the axis title.
  func xAxis(_ title: String, ticks: [(value: Double, label: String, second: String?)]) -> String {
    let base = Self.height - Self.bottom
    var marks = "M\(fmt(Self.left)),\(fmt(base))H\(fmt(Self.width - Self.right))"
    var labels = ""
    var seconds = ""
    for tick in ticks {
      let x = fmt(self.x(tick.value))
      marks += "M\(x),\(fmt(base))v4"
      labels += "<text x=\"\(x)\">\(HTML.escape(tick.label))</text>"
      if let second = tick.second { seconds += "<text x=\"\(x)\">\(HTML.escape(second))</text>" }
    }
    // One group per row of labels: the class and the height are written once, not per label.
    return "<path class=\"axis\" d=\"\(marks)\"/>"
      + "<g class=\"tick tx\" transform=\"translate(0 \(fmt(base + 19)))\">\(labels)</g>"
      + (seconds.isEmpty
        ? "" : "<g class=\"tick weeks tx\" transform=\"translate(0 \(fmt(base + 33)))\">\(seconds)</g>")
      + "<text class=\"axis-title tx\" x=\"\(fmt((Self.left + Self.width - Self.right) / 2))\" y=\"\(fmt(Self.height - 6))\">\(HTML.escape(title))</text>"
  }
}

/// Coordinates with one decimal at most (a tenth of a pixel at full size), locale-free.
func fmt(_ value: Double) -> String { NumberText.short((value * 10).rounded() / 10) }

/// Escaping for HTML text and attribute values.
enum HTML {
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
