import RuleLanguage

extension HTMLReport {
  /// The answer to the question the report was asked, before anything else: with two packs the
  /// top moves of each scenario; with a sweep the headline metrics at each swept value (its
  /// charts follow the contents); otherwise each scenario's headline milestones.
  func headline() -> String {
    var out = "<section id=\"headline\" class=\"headline\"><h2>Headline</h2>"
    if let sweep {
      out +=
        "<p>Medians at each value of \(HTML.escape(sweep.path)) (p10–p90 bands in the <a href=\"#sweep\">sweep charts</a>):</p>"
      out += "<table class=\"headline-table\"><tr><th>scenario</th><th>\(HTML.escape(sweep.path))</th>"
      out +=
        Self.headlineMetrics.map { "<th>\(HTML.escape(MetricSet.label($0)))</th>" }.joined() + "<th>total XP</th></tr>"
      for (scenario, aggregates) in sweep.scenarios {
        for (value, aggregate) in zip(sweep.values, aggregates) {
          out += "<tr><td>\(HTML.escape(scenario.name))</td><td>\(NumberText.short(value))</td>"
          for metric in Self.headlineMetrics + ["totalXP"] {
            out += "<td>\(Format.value(metric, aggregate.distribution(of: metric).p50))</td>"
          }
          out += "</tr>"
        }
      }
      return out + "</table></section>\n"
    }
    if parts.contains(where: { $0.sides.count == 2 }) {
      for part in parts where part.sides.count == 2 {
        let comparison = Comparison(
          part.scenario, base: part.sides[0].engine, candidate: part.sides[1].engine, runs: runs,
          baseRuns: part.sides[0].outcome.aggregate, candidateRuns: part.sides[1].outcome.aggregate)
        let moved = comparison.moved
        let key = Self.slug(part.scenario.name)
        out += "<p><a href=\"#\(key)\"><strong>\(HTML.escape(part.scenario.name))</strong></a>: "
        out +=
          moved.isEmpty
          ? "nothing moved.</p>"
          : "what moved most (<a href=\"#\(key)-moved\">all \(moved.count)</a>):</p><ol class=\"top-moves\">"
            + moved.prefix(5).map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ol>"
      }
      return out + "</section>\n"
    }
    out += "<table class=\"headline-table\"><tr><th>scenario</th>"
    out +=
      Self.headlineMetrics.map { "<th>\(HTML.escape(MetricSet.label($0)))</th>" }.joined() + "<th>total XP</th></tr>"
    for part in parts {
      let aggregate = part.sides[0].outcome.aggregate
      out += "<tr><td><a href=\"#\(Self.slug(part.scenario.name))\">\(HTML.escape(part.scenario.name))</a></td>"
      for metric in Self.headlineMetrics {
        let d = aggregate.distribution(of: metric)
        var cell = Format.day(d.p50)
        if runs > 1, d.share > 0 { cell += " (p10–p90 \(Comparison.range(d)))" }
        if d.share < 1 { cell += " · \(Format.share(d.share)) of runs" }
        out += "<td>\(HTML.escape(cell))</td>"
      }
      out += "<td>\(Format.value("totalXP", aggregate.distribution(of: "totalXP").p50))</td></tr>"
    }
    return out + "</table></section>\n"
  }

  /// The milestones a designer asks about first.
  static let headlineMetrics = ["level.5", "level.10", "level.20", "evolution.first"]

  /// Links to every part of the report.
  func contents() -> String {
    var items = ["<li><a href=\"#headline\">Headline</a></li>", "<li><a href=\"#run\">What was run</a></li>"]
    if sweep != nil { items.append("<li><a href=\"#sweep\">Sweep of \(HTML.escape(sweep?.path ?? ""))</a></li>") }
    for part in parts {
      let key = Self.slug(part.scenario.name)
      var links = part.sides.count == 2 ? " · <a href=\"#\(key)-moved\">what moved</a>" : ""
      links += " · <a href=\"#\(key)-milestones\">milestones</a>"
      items.append("<li><a href=\"#\(key)\">\(HTML.escape(part.scenario.name))</a>\(links)</li>")
    }
    if sensitivity != nil { items.append("<li><a href=\"#sensitivity\">Sensitivity</a></li>") }
    return "<nav class=\"toc\"><h2>Contents</h2><ol>" + items.joined() + "</ol></nav>\n"
  }
}
