import Engine
import RuleLanguage

extension HTMLReport {
  /// A scenario: fan charts, milestones, nutrition, loads, and what moved.
  func section(_ part: Part) -> String {
    let scenario = part.scenario
    let key = Self.slug(scenario.name)
    var out = "<section class=\"scenario\" id=\"\(key)\"><h2>\(HTML.escape(scenario.name))</h2>"
    if !scenario.description.isEmpty { out += "<p>\(HTML.escape(scenario.description))</p>" }
    out += legend(part.sides)
    // With two packs, what moved comes first: it is what the designer asked.
    if part.sides.count == 2 { out += moved(part) }
    let days = scenario.days
    let dayTicks = Ticks.days(days).map { (Double($0), "day \($0)", "week \(($0 - 1) / 7 + 1)") }
    let base = part.sides[0].outcome
    let markers = [("level.10", "level 10"), ("evolution.first", "first evolution")].compactMap { metric, label in
      base.aggregate.distribution(of: metric).p50.map { FanChart.Marker(x: $0, label: label) }
    }
    out += "<div class=\"charts\">"
    let daily: [(String, String, KeyPath<SeriesAggregate, [Histogram]>)] = [
      ("xp", "Total XP", \.xp), ("level", "Player level", \.level), ("companion", "Companion level", \.companionLevel),
    ]
    for (id, title, path) in daily {
      let series = part.sides.map { Self.series($0, $0.outcome.series[keyPath: path], firstX: 1) }
      out += figure(FanChart(id: "\(key)-\(id)", title: "\(title) by day", xTitle: "day (week)", yTitle: title, series: series,
        markers: markers, xTicks: dayTicks), table: fanTable(series, x: "day"))
    }
    let weekly = part.sides.map { Self.series($0, $0.outcome.series.weeklyXP, firstX: 1) }
    out += figure(FanChart(id: "\(key)-weekly", title: "XP per week", xTitle: "week", yTitle: "XP earned in the week", series: weekly),
      table: fanTable(weekly, x: "week"))
    out += "</div>"
    out += milestones(part, key: key)
    out += nutrition(part, key: key)
    out += loads(part, key: key)
    return out + "</section>\n"
  }

  func legend(_ sides: [Side]) -> String {
    "<p class=\"legend\">" + sides.map { side in
      "<span class=\"\(side.role)\"><i></i>\(HTML.escape(side.label)) (\(HTML.escape(side.engine.pack.name)) \(HTML.escape(side.engine.pack.version)))</span>"
    }.joined() + "</p>"
  }

  static func series(_ side: Side, _ histograms: [Histogram], firstX: Int) -> FanChart.Series {
    var points: [FanChart.Point] = []
    for (index, histogram) in histograms.enumerated() {
      let values = histogram.percentiles([0.1, 0.5, 0.9])
      guard let p10 = values[0], let p50 = values[1], let p90 = values[2] else { continue }
      points.append(FanChart.Point(x: Double(index + firstX), p10: p10, p50: p50, p90: p90))
    }
    return FanChart.Series(name: side.label, role: side.role, points: points)
  }

  func figure(_ chart: FanChart, table: String) -> String {
    "<figure><figcaption>\(HTML.escape(chart.title))</figcaption>\(chart.svg())<details><summary>table</summary>\(table)</details></figure>"
  }

  func fanTable(_ series: [FanChart.Series], x: String) -> String {
    var head = "<tr><th>\(x)</th>"
    for line in series { head += "<th>\(HTML.escape(line.name)) p10</th><th>p50</th><th>p90</th>" }
    var rows = ""
    let xs = Set(series.flatMap { $0.points.map(\.x) }).sorted()
    for value in xs {
      rows += "<tr><td>\(fmt(value))</td>"
      for line in series {
        if let point = line.points.first(where: { $0.x == value }) {
          rows += "<td>\(Format.grouped(point.p10))</td><td>\(Format.grouped(point.p50))</td><td>\(Format.grouped(point.p90))</td>"
        } else {
          rows += "<td></td><td></td><td></td>"
        }
      }
      rows += "</tr>"
    }
    return "<table>\(head)</tr>\(rows)</table>"
  }

  /// Every level milestone, evolution and achievement: the week it happened, "never" apart.
  func milestones(_ part: Part, key: String) -> String {
    let metrics = part.sides[0].outcome.aggregate.metrics.filter {
      $0.hasPrefix("level.") || $0.hasPrefix("evolution.") || $0.hasPrefix("achievement.")
    }
    let weeks = (part.scenario.days + 6) / 7
    var out = "<h3>Milestones</h3><p>The day each milestone happened, by week, and the share of runs where it never did.</p>"
    out += "<table class=\"milestones\"><tr><th>milestone</th>"
    for side in part.sides { out += "<th>\(HTML.escape(side.label)) p10</th><th>p50</th><th>p90</th><th>happened</th>" }
    out += "</tr>"
    for metric in metrics {
      out += "<tr><td>\(HTML.escape(MetricSet.label(metric)))</td>"
      for side in part.sides {
        let d = side.outcome.aggregate.distribution(of: metric)
        for (stat, value) in [("p10", d.p10), ("p50", d.p50), ("p90", d.p90)] {
          out += "<td data-side=\"\(HTML.escape(side.label))\" data-metric=\"\(HTML.escape(metric))\" data-stat=\"\(stat)\" data-value=\"\(value.map(NumberText.format) ?? "null")\">\(Format.value(metric, value))</td>"
        }
        out += "<td data-side=\"\(HTML.escape(side.label))\" data-metric=\"\(HTML.escape(metric))\" data-stat=\"share\" data-value=\"\(NumberText.format(d.share))\">\(Ticks.label(d.share, percent: true))</td>"
      }
      out += "</tr>"
    }
    out += "</table><div class=\"charts\">"
    // A chart for each milestone that happened in some run (the table lists the others).
    for metric in metrics where part.sides.contains(where: { ($0.outcome.aggregate.histogram(of: metric)?.happened ?? 0) > 0 }) {
      let series = part.sides.map { side -> BarChart.Series in
        let histogram = side.outcome.aggregate.histogram(of: metric) ?? Histogram()
        var shares = [Double](repeating: 0, count: weeks)
        let total = Double(max(1, histogram.runs))
        for (value, count) in histogram.sorted {
          shares[min(weeks - 1, max(0, (Int(value) - 1) / 7))] += Double(count) / total
        }
        return BarChart.Series(name: side.label, role: side.role, shares: shares, never: Double(histogram.never) / total)
      }
      let chart = BarChart(id: "\(key)-m-\(Self.slug(metric))", title: MetricSet.label(metric), xTitle: "week it happened",
        bins: (1...max(1, weeks)).map { "\($0)" }, series: series)
      var table = "<table><tr><th>week</th>" + series.map { "<th>\(HTML.escape($0.name))</th>" }.joined() + "</tr>"
      for index in 0..<weeks where series.contains(where: { $0.shares[index] > 0 }) {
        table += "<tr><td>\(index + 1)</td>" + series.map { "<td>\(Ticks.label($0.shares[index], percent: true))</td>" }.joined() + "</tr>"
      }
      table += "<tr><td>never</td>" + series.map { "<td>\(Ticks.label($0.never, percent: true))</td>" }.joined() + "</tr></table>"
      out += "<figure><figcaption>\(HTML.escape(chart.title))</figcaption>\(chart.svg())<details><summary>table</summary>\(table)</details></figure>"
    }
    return out + "</div>"
  }

  static func slug(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }
}
