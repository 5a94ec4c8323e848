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

  /// Horizontal grid lines and labels at the y ticks, and the y axis title.
  func yAxis(_ title: String, percent: Bool = false) -> String {
    var out = ""
    for tick in yTicks {
      let y = fmt(self.y(tick))
      out += "<line class=\"grid\" x1=\"\(fmt(Self.left))\" x2=\"\(fmt(Self.width - Self.right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
      out += "<text class=\"tick\" x=\"\(fmt(Self.left - 6))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(HTML.escape(Ticks.label(tick, percent: percent)))</text>"
    }
    let middle = fmt((Self.top + Self.height - Self.bottom) / 2)
    out += "<text class=\"axis-title\" transform=\"translate(14 \(middle)) rotate(-90)\" text-anchor=\"middle\">\(HTML.escape(title))</text>"
    return out
  }

  /// Ticks on the x axis at `ticks` with their labels (a second line under each, optional).
  func xAxis(_ title: String, ticks: [(value: Double, label: String, second: String?)]) -> String {
    let base = Self.height - Self.bottom
    var out = "<line class=\"axis\" x1=\"\(fmt(Self.left))\" x2=\"\(fmt(Self.width - Self.right))\" y1=\"\(fmt(base))\" y2=\"\(fmt(base))\"/>"
    for tick in ticks {
      let x = fmt(self.x(tick.value))
      out += "<line class=\"axis\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(fmt(base))\" y2=\"\(fmt(base + 4))\"/>"
      out += "<text class=\"tick\" x=\"\(x)\" y=\"\(fmt(base + 16))\" text-anchor=\"middle\">\(HTML.escape(tick.label))</text>"
      if let second = tick.second {
        out += "<text class=\"tick weeks\" x=\"\(x)\" y=\"\(fmt(base + 28))\" text-anchor=\"middle\">\(HTML.escape(second))</text>"
      }
    }
    out += "<text class=\"axis-title\" x=\"\(fmt((Self.left + Self.width - Self.right) / 2))\" y=\"\(fmt(Self.height - 6))\" text-anchor=\"middle\">\(HTML.escape(title))</text>"
    return out
  }
}

/// Coordinates with two decimals at most, locale-free.
func fmt(_ value: Double) -> String { NumberText.short(value) }

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
