import Engine
import RuleLanguage

extension HTMLReport {
  /// A scenario: what moved (with two packs), the milestones, then the charts over time,
  /// nutrition and loads folded (open when the report has one scenario).
  func section(_ part: Part) -> String {
    let scenario = part.scenario
    let key = Self.slug(scenario.name)
    var out = "<section class=\"scenario\" id=\"\(key)\"><h2>\(HTML.escape(scenario.name))</h2>"
    if !scenario.description.isEmpty { out += "<p>\(HTML.escape(scenario.description))</p>" }
    out += legend(part.sides)
    // With two packs, what moved comes first: it is what the designer asked.
    if part.sides.count == 2 { out += moved(part) }
    out += milestones(part, key: key)
    let days = scenario.days
    let dayTicks = Ticks.days(days).map { (Double($0), "day \($0)", "week \(($0 - 1) / 7 + 1)") }
    let markers = part.sides.flatMap { side in
      [("level.10", "level 10"), ("evolution.first", "first evolution")].compactMap { metric, label in
        side.outcome.aggregate.distribution(of: metric).p50.map {
          FanChart.Marker(x: $0, label: (part.sides.count > 1 ? "\(side.label): " : "") + label, role: side.role)
        }
      }
    }
    out +=
      "<details class=\"fold\"\(parts.count == 1 ? " open" : "")><summary>Over time: total XP, player level, companion level, XP per week</summary><div class=\"charts\">"
    let daily: [(String, String, KeyPath<SeriesAggregate, [Histogram]>)] = [
      ("xp", "Total XP", \.xp), ("level", "Player level", \.level), ("companion", "Companion level", \.companionLevel),
    ]
    for (id, title, path) in daily {
      let series = part.sides.map { Self.series($0, $0.outcome.series[keyPath: path], firstX: 1) }
      out += figure(
        FanChart(
          id: "\(key)-\(id)", title: "\(title) by day", xTitle: "day (week)", yTitle: title, series: series,
          markers: markers, xTicks: dayTicks), table: fanTable(series, x: "day", every: 14))
    }
    let weekly = part.sides.map { Self.series($0, $0.outcome.series.weeklyXP, firstX: 1) }
    out += figure(
      FanChart(
        id: "\(key)-weekly", title: "XP per week", xTitle: "week", yTitle: "XP earned in the week", series: weekly),
      table: fanTable(weekly, x: "week"))
    out += "</div></details>"
    out += nutrition(part, key: key)
    out += loads(part, key: key)
    return out + "</section>\n"
  }

  func legend(_ sides: [Side]) -> String {
    "<p class=\"legend\">"
      + zip(sides, Self.packNames(sides)).map { side, name in
        "<span class=\"\(side.role)\"><i></i>\(HTML.escape(name))</span>"
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

  /// The numbers of a fan chart; with `every` > 1, every that many x values and the last.
  func fanTable(_ series: [FanChart.Series], x: String, every: Int = 1) -> String {
    var head = "<tr><th>\(x)</th>"
    for line in series { head += "<th>\(HTML.escape(line.name)) p10</th><th>p50</th><th>p90</th>" }
    var rows = ""
    let all = Set(series.flatMap { $0.points.map(\.x) }).sorted()
    let xs = all.enumerated().filter { $0.offset % every == 0 || $0.offset == all.count - 1 }.map(\.element)
    for value in xs {
      rows += "<tr><td>\(fmt(value))</td>"
      for line in series {
        if let point = line.points.first(where: { $0.x == value }) {
          rows +=
            "<td>\(Format.grouped(point.p10))</td><td>\(Format.grouped(point.p50))</td><td>\(Format.grouped(point.p90))</td>"
        } else {
          rows += "<td></td><td></td><td></td>"
        }
      }
      rows += "</tr>"
    }
    return "<table>\(head)</tr>\(rows)</table>"
  }

  /// Every level milestone, evolution and achievement as one chart of the day it happened
  /// (milestones that happened exactly alike merged into one row); with two packs, those that
  /// did not move are folded away. The numbers, one row per milestone, in a folded table.
  func milestones(_ part: Part, key: String) -> String {
    let metrics = part.sides[0].outcome.aggregate.metrics.filter {
      $0.hasPrefix("level.") || $0.hasPrefix("evolution.") || $0.hasPrefix("achievement.")
    }
    var rows: [MilestonePlot.Row] = []
    for metric in metrics {
      let sides = part.sides.map { (role: $0.role, distribution: $0.outcome.aggregate.distribution(of: metric)) }
      if let index = rows.firstIndex(where: { $0.sides.map(\.distribution) == sides.map(\.distribution) }) {
        rows[index].metrics.append(metric)
      } else {
        rows.append(MilestonePlot.Row(metrics: [metric], sides: sides))
      }
    }
    let happened = rows.filter { $0.sides.contains { $0.distribution.share > 0 } }
    let never = rows.filter { !$0.sides.contains { $0.distribution.share > 0 } }.flatMap(\.metrics)
    func plot(_ rows: [MilestonePlot.Row], _ id: String, _ title: String) -> String {
      "<figure class=\"milestone-plot\"><figcaption>\(HTML.escape(title))</figcaption>"
        + MilestonePlot(id: "\(key)-\(id)", title: title, days: part.scenario.days, rows: rows).svg() + "</figure>"
    }
    var out =
      "<h3 id=\"\(key)-milestones\">Milestones</h3><p>The day each milestone happened: a line from p10 to p90, a dot at the median"
    out += part.sides.count > 1 ? " (base above, candidate below)" : ""
    out += "; on the right, the share of runs where it happened. Milestones that happened alike share a row.</p>"
    if part.sides.count == 2 {
      let moved = happened.filter { $0.sides[0].distribution != $0.sides[1].distribution }
      // A row that did not move is the same under both packs: listed once, with its median day
      // and p10–p90 (the table below has every number), rather than charted twice.
      let still = happened.filter { $0.sides[0].distribution == $0.sides[1].distribution }
      out += moved.isEmpty ? "<p>No milestone moved.</p>" : plot(moved, "milestones", "Milestones that moved")
      if !still.isEmpty {
        let items = still.map { row in
          let d = row.sides[0].distribution
          let share = d.share < 1 ? ", \(Format.share(d.share)) of runs" : ""
          return "<li>\(HTML.escape(MilestonePlot.label(row.metrics).full)): median \(Format.day(d.p50)) "
            + "(p10–p90 \(Comparison.range(d)))\(share)</li>"
        }
        out +=
          "<details class=\"fold\"><summary>\(still.count) milestone rows that did not move</summary><ul class=\"still\">"
          + items.joined() + "</ul></details>"
      }
    } else if !happened.isEmpty {
      out += plot(happened, "milestones", "Milestones")
    }
    if !never.isEmpty {
      out +=
        "<p class=\"never\">Never happened in any run: "
        + HTML.escape(never.map(MetricSet.label).joined(separator: ", ")) + ".</p>"
    }
    // The raw numbers ride on each row (per side "p10 p50 p90 share", "null" for never), so that
    // a test or a script reads them without parsing the text.
    let sides = part.sides.map { HTML.escape($0.label) }.joined(separator: "|")
    out +=
      "<details class=\"fold\"><summary>table of every milestone</summary><table class=\"milestones\" data-sides=\"\(sides)\"><tr><th>milestone</th>"
    for side in part.sides {
      out +=
        "<th>\(part.sides.count > 1 ? HTML.escape(side.label) + " " : "")p10</th><th>p50</th><th>p90</th><th>happened</th>"
    }
    out += "</tr>"
    // Milestones that never happened in any run are named above, not given rows of "never".
    for metric in metrics where !never.contains(metric) {
      let distributions = part.sides.map { $0.outcome.aggregate.distribution(of: metric) }
      let values = distributions.map { d in
        ([d.p10, d.p50, d.p90].map { $0.map(NumberText.format) ?? "null" } + [NumberText.format(d.share)]).joined(
          separator: " ")
      }
      out +=
        "<tr data-metric=\"\(HTML.escape(metric))\" data-values=\"\(values.joined(separator: "|"))\"><td>\(HTML.escape(MetricSet.label(metric)))</td>"
      for d in distributions {
        out +=
          [d.p10, d.p50, d.p90].map { "<td>\(Format.cell(metric, $0))</td>" }.joined()
          + "<td>\(Format.share(d.share))</td>"
      }
      out += "</tr>"
    }
    return out + "</table></details>"
  }

  static func slug(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }
}
