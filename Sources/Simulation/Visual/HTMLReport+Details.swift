import Engine
import RuleLanguage

extension HTMLReport {
  /// The share of days per nutrition adjustment (whole percent) and the clamp hits.
  func nutrition(_ part: Part, key: String) -> String {
    guard part.sides.contains(where: { $0.outcome.series.targetDays > 0 }) else { return "" }
    var out = "<details class=\"fold\"\(parts.count == 1 ? " open" : "")><summary>Nutrition targets</summary><p>"
    out +=
      part.sides.map { side in
        let s = side.outcome.series
        let share = Double(s.clampedDays) / Double(max(1, s.targetDays))
        return "\(HTML.escape(side.label)): \(Format.grouped(Double(s.targetDays))) daily targets over all runs; "
          + "the ±clamp hit on \(Format.grouped(Double(s.clampedDays))) of them (\(Format.share(share)))"
      }.joined(separator: "; ") + ".</p>"
    let keys = part.sides.flatMap { $0.outcome.series.adjustments.keys }
    let low = min(-15, keys.min() ?? 0)
    let high = max(15, keys.max() ?? 0)
    let bins = Array(low...high)
    let series = part.sides.map { side -> BarChart.Series in
      let s = side.outcome.series
      let total = Double(max(1, s.targetDays))
      return BarChart.Series(
        name: side.label, role: side.role,
        shares: bins.map { Double(s.adjustments[$0] ?? 0) / total }, never: nil)
    }
    let chart = BarChart(
      id: "\(key)-nutrition", title: "Days per adjustment", xTitle: "adjustment of the day's targets",
      yTitle: "share of days", bins: bins.map { Ticks.label(Double($0) / 100, percent: true) }, series: series)
    var table =
      "<table><tr><th>adjustment</th>" + series.map { "<th>\(HTML.escape($0.name)) share of days</th>" }.joined()
      + "</tr>"
    for (index, bin) in bins.enumerated() where series.contains(where: { $0.shares[index] > 0 }) {
      table +=
        "<tr><td>\(Ticks.label(Double(bin) / 100, percent: true))</td>"
        + series.map { "<td>\(Format.share($0.shares[index]))</td>" }.joined() + "</tr>"
    }
    table += "</table>"
    return out
      + "<div class=\"charts\"><figure><figcaption>\(chart.title)</figcaption>\(chart.svg())<details><summary>table</summary>\(table)</details></figure></div></details>"
  }

  /// The heaviest working set of each lift, week by week.
  func loads(_ part: Part, key: String) -> String {
    let names = part.sides.flatMap { $0.outcome.series.lifts.map(\.name) }
    var unique: [String] = []
    for name in names where !unique.contains(name) { unique.append(name) }
    guard !unique.isEmpty else { return "" }
    var out =
      "<details class=\"fold\"\(parts.count == 1 ? " open" : "")><summary>Load progression</summary><div class=\"charts\">"
    for name in unique {
      let series = part.sides.map { side in
        Self.series(side, side.outcome.series.loads[name] ?? [], firstX: 1)
      }
      out += figure(
        FanChart(
          id: "\(key)-load-\(Self.slug(name))", title: "\(name): heaviest working set", xTitle: "week",
          yTitle: "kg", series: series), table: fanTable(series, x: "week"))
    }
    return out + "</div></details>"
  }

  /// What moved between base and candidate, most moved first.
  func moved(_ part: Part) -> String {
    let base = part.sides[0]
    let candidate = part.sides[1]
    let comparison = Comparison(
      part.scenario, base: base.engine, candidate: candidate.engine, runs: runs, baseRuns: base.outcome.aggregate,
      candidateRuns: candidate.outcome.aggregate)
    let moves = comparison.moves
    var out = "<h3 id=\"\(Self.slug(part.scenario.name))-moved\">What moved</h3>"
    guard !moves.isEmpty else { return out + "<p>Nothing moved: every metric has the same distribution.</p>" }
    let head =
      "<tr><th>metric</th><th>base p50</th><th>candidate p50</th><th>delta</th><th>base happened</th><th>candidate happened</th></tr>"
    func rows(_ list: ArraySlice<Comparison.Row>) -> String {
      list.map { row in
        let delta = row.delta.map { ($0 > 0 ? "+" : $0 < 0 ? "\u{2212}" : "") + Format.grouped(abs($0)) } ?? "—"
        return "<tr data-metric=\"\(HTML.escape(row.metric))\"><td>\(HTML.escape(MetricSet.label(row.metric)))</td>"
          + "<td>\(Format.value(row.metric, row.base.p50))</td><td>\(Format.value(row.metric, row.candidate.p50))</td><td>\(delta)</td>"
          + "<td>\(Format.share(row.base.share))</td><td>\(Format.share(row.candidate.share))</td></tr>"
      }.joined()
    }
    // The ten that moved most, then the rest folded.
    out += "<table class=\"moved\">\(head)\(rows(moves.prefix(10)))</table>"
    if moves.count > 10 {
      out +=
        "<details><summary>\(moves.count - 10) more that moved</summary><table class=\"moved-more\">\(head)\(rows(moves.dropFirst(10)))</table></details>"
    }
    return out
  }

  /// Each headline metric against the swept value, with its band.
  func sweepSection(_ sweep: SweepPart) -> String {
    var out = "<section class=\"sweep\" id=\"sweep\"><h2>Sweep of \(HTML.escape(sweep.path))</h2><div class=\"charts\">"
    let metrics = ["totalXP", "finalLevel", "level.10", "evolution.first", "xpPerWeek.median"]
    for (scenario, aggregates) in sweep.scenarios {
      for metric in metrics where aggregates.first?.histogram(of: metric) != nil {
        var points: [FanChart.Point] = []
        var table =
          "<table><tr><th>\(HTML.escape(sweep.path))</th><th>p10</th><th>p50</th><th>p90</th><th>happened</th></tr>"
        for (value, aggregate) in zip(sweep.values, aggregates) {
          let d = aggregate.distribution(of: metric)
          if let p10 = d.p10, let p50 = d.p50, let p90 = d.p90 {
            points.append(FanChart.Point(x: value, p10: p10, p50: p50, p90: p90))
          }
          table +=
            "<tr><td>\(NumberText.short(value))</td><td>\(Format.value(metric, d.p10))</td><td>\(Format.value(metric, d.p50))</td>"
          table += "<td>\(Format.value(metric, d.p90))</td><td>\(Format.share(d.share))</td></tr>"
        }
        table += "</table>"
        let chart = FanChart(
          id: "sweep-\(Self.slug(scenario.name))-\(Self.slug(metric))",
          title: "\(scenario.name): \(MetricSet.label(metric))",
          xTitle: sweep.path, yTitle: MetricSet.label(metric),
          series: [FanChart.Series(name: scenario.name, role: "base", points: points)],
          fromZero: !Metrics.isDay(metric))
        out += figure(chart, table: table)
      }
    }
    return out + "</div></section>\n"
  }
}
