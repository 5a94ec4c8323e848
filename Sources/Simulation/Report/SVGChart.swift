import Engine
import RuleLanguage

/// A chart of one run as plain SVG: XP and level over time with evolution markers, the
/// companion's level, and the daily nutrition target inside its ±clamp band.
public enum SVGChart {
  static let width = 960.0
  static let panelHeight = 200.0
  static let left = 70.0
  static let right = 70.0
  static let top = 70.0
  static let gap = 50.0

  /// Fixed maxima for the axes, so that charts of two runs compare.
  public struct Scale: Sendable, Equatable {
    public var maxXP: Double
    public var maxLevel: Double

    /// Creates a scale.
    public init(maxXP: Double, maxLevel: Double) {
      self.maxXP = maxXP
      self.maxLevel = maxLevel
    }
  }

  /// Renders the chart; `scale` fixes the XP and level axes (default: round numbers above each
  /// run's own maxima). The line under the title identifies the run: rules and their digest,
  /// seed, overrides, FitQuest's version.
  public static func render(
    _ scenario: Scenario, _ engine: Engine, _ result: RunResult, scale: Scale? = nil, overrides: [String] = [],
    version: String = ""
  ) -> String {
    let rows = result.timeline
    let hasNutrition = engine.pack.nutrition != nil && rows.contains { $0.targetKcal != nil }
    let panels = hasNutrition ? 3.0 : 2.0
    let height = top + panels * (panelHeight + gap)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="\(n(left))" y="28" font-size="16" font-weight="bold">\(escape(scenario.name)): level, XP, companion and nutrition over \(rows.count) days</text>
      <text x="\(n(left))" y="46" fill="#555555">\(escape(identity(engine, result, overrides: overrides, version: version, scale: scale)))</text>

      """
    let days = Double(max(1, rows.count))
    let plotWidth = width - left - right
    func x(_ day: Int) -> Double { left + plotWidth * Double(day - 1) / max(1, days - 1) }
    // Panel 1: total XP (line) and level (steps), evolution markers.
    let xpTop = top
    let maxXP = scale?.maxXP ?? Ticks.round(low: 0, high: Double(max(1, rows.map(\.xp).max() ?? 1))).last ?? 1
    let maxLevel = scale?.maxLevel ?? Ticks.round(low: 0, high: Double(max(2, rows.map(\.level).max() ?? 2))).last ?? 2
    svg += axes(
      top: xpTop, title: "total XP (blue) and player level (orange)", leftMax: maxXP, rightMax: maxLevel,
      days: rows.count)
    svg += polyline(rows.map { (x($0.day), xpTop + panelHeight * (1 - Double($0.xp) / maxXP)) }, color: "#1f77b4")
    svg += polyline(
      steps(rows.map { (x($0.day), xpTop + panelHeight * (1 - Double($0.level) / maxLevel)) }), color: "#ff7f0e")
    for evolution in result.summary.evolutions {
      let ex = x(evolution.day)
      svg +=
        "<line x1=\"\(n(ex))\" y1=\"\(n(xpTop))\" x2=\"\(n(ex))\" y2=\"\(n(xpTop + panelHeight))\" stroke=\"#2ca02c\" stroke-dasharray=\"4 3\"/>\n"
      svg +=
        "<text x=\"\(n(ex + 3))\" y=\"\(n(xpTop + 12))\" fill=\"#2ca02c\">\(escape(evolution.to)) (day \(evolution.day))</text>\n"
    }
    // Panel 2: companion level.
    let companionTop = top + panelHeight + gap
    let maxCompanion = Ticks.round(low: 0, high: Double(max(2, rows.map(\.companionLevel).max() ?? 2))).last ?? 2
    svg += axes(
      top: companionTop, title: "companion level (green); dashed lines mark evolutions", leftMax: maxCompanion,
      rightMax: nil, days: rows.count)
    svg += polyline(
      steps(rows.map { (x($0.day), companionTop + panelHeight * (1 - Double($0.companionLevel) / maxCompanion)) }),
      color: "#2ca02c")
    for evolution in result.summary.evolutions {
      let ex = x(evolution.day)
      svg +=
        "<line x1=\"\(n(ex))\" y1=\"\(n(companionTop))\" x2=\"\(n(ex))\" y2=\"\(n(companionTop + panelHeight))\" stroke=\"#2ca02c\" stroke-dasharray=\"4 3\"/>\n"
    }
    if hasNutrition, let rules = engine.pack.nutrition {
      // Panel 3: the target inside the band baseline × (1 ± clamp).
      let nutritionTop = top + 2 * (panelHeight + gap)
      let base = scenario.persona.targets?.kcal ?? rules.targets.kcal
      let low = base * (1 - rules.clamp) * 0.97
      let high = base * (1 + rules.clamp) * 1.03
      func y(_ kcal: Double) -> Double { nutritionTop + panelHeight * (1 - (kcal - low) / (high - low)) }
      svg += axes(
        top: nutritionTop,
        title: "daily kcal target (purple) inside the ±\(NumberText.format(rules.clamp * 100))% band (grey)",
        leftMax: nil, rightMax: nil, days: rows.count)
      let bandTop = y(base * (1 + rules.clamp))
      let bandBottom = y(base * (1 - rules.clamp))
      svg +=
        "<rect x=\"\(n(left))\" y=\"\(n(bandTop))\" width=\"\(n(plotWidth))\" height=\"\(n(bandBottom - bandTop))\" fill=\"#eeeeee\"/>\n"
      svg +=
        "<line x1=\"\(n(left))\" y1=\"\(n(y(base)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(base)))\" stroke=\"#999999\" stroke-dasharray=\"2 2\"/>\n"
      for (label, kcal) in [
        ("+\(NumberText.format(rules.clamp * 100))%", base * (1 + rules.clamp)), (NumberText.format(base), base),
        ("\u{2212}\(NumberText.format(rules.clamp * 100))%", base * (1 - rules.clamp)),
      ] {
        svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y(kcal) + 4))\" text-anchor=\"end\">\(escape(label))</text>\n"
      }
      let points = rows.compactMap { row in row.targetKcal.map { (x(row.day), y($0)) } }
      svg += polyline(points, color: "#9467bd")
      for row in rows where row.clamped {
        if let kcal = row.targetKcal {
          svg += "<circle cx=\"\(n(x(row.day)))\" cy=\"\(n(y(kcal)))\" r=\"2.5\" fill=\"#d62728\"/>\n"
        }
      }
    }
    return svg + "</svg>\n"
  }

  static func steps(_ points: [(Double, Double)]) -> [(Double, Double)] {
    var result: [(Double, Double)] = []
    for (index, point) in points.enumerated() {
      if index > 0 { result.append((point.0, points[index - 1].1)) }
      result.append(point)
    }
    return result
  }

  static func axes(top: Double, title: String, leftMax: Double?, rightMax: Double?, days: Int) -> String {
    let plotWidth = width - left - right
    var svg = "<text x=\"\(n(left))\" y=\"\(n(top - 8))\" font-weight=\"bold\">\(escape(title))</text>\n"
    svg +=
      "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(panelHeight))\" fill=\"none\" stroke=\"#cccccc\"/>\n"
    // Round ticks with grid lines inside [0, max]; the level axis on the right.
    if let leftMax {
      for tick in Ticks.round(low: 0, high: leftMax) where tick <= leftMax {
        let y = top + panelHeight * (1 - tick / leftMax)
        svg +=
          "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y))\" stroke=\"#eeeeee\"/>\n"
        svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y + 4))\" text-anchor=\"end\">\(escape(Ticks.label(tick)))</text>\n"
      }
    }
    if let rightMax {
      for tick in Ticks.round(low: 0, high: rightMax) where tick <= rightMax {
        let y = top + panelHeight * (1 - tick / rightMax)
        svg +=
          "<text x=\"\(n(left + plotWidth + 6))\" y=\"\(n(y + 4))\" fill=\"#ff7f0e\">\(escape(Ticks.label(tick)))</text>\n"
      }
    }
    for day in Ticks.days(days) where days > 1 {
      let wx = left + plotWidth * Double(day - 1) / Double(days - 1)
      svg +=
        "<line x1=\"\(n(wx))\" y1=\"\(n(top + panelHeight))\" x2=\"\(n(wx))\" y2=\"\(n(top + panelHeight + 4))\" stroke=\"#999999\"/>\n"
      svg +=
        "<text x=\"\(n(wx))\" y=\"\(n(top + panelHeight + 16))\" text-anchor=\"middle\" fill=\"#666666\">day \(day) · week \((day - 1) / 7 + 1)</text>\n"
    }
    return svg
  }

  /// "rules default 1.0.0 (digest …) · seed 42 · overrides: none · axes XP 0–25,000, level 0–30 · FitQuest 1.0.0".
  static func identity(_ engine: Engine, _ result: RunResult, overrides: [String], version: String, scale: Scale?)
    -> String
  {
    let pack = engine.pack
    var parts = ["rules \(pack.name) \(pack.version) (digest \(pack.digest))", "seed \(result.seed)"]
    parts.append("overrides: " + (overrides.isEmpty ? "none" : overrides.joined(separator: ", ")))
    if let scale {
      parts.append("fixed axes: XP 0–\(Ticks.label(scale.maxXP)), level 0–\(Ticks.label(scale.maxLevel))")
    }
    if !version.isEmpty { parts.append("FitQuest \(version)") }
    return parts.joined(separator: " · ")
  }

  static func polyline(_ points: [(Double, Double)], color: String) -> String {
    guard !points.isEmpty else { return "" }
    let text = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
    return "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(text)\"/>\n"
  }

  static func n(_ value: Double) -> String { NumberText.format((value * 10).rounded() / 10) }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
