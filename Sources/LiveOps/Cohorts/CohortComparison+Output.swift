import RuleLanguage
import Simulation

extension CohortComparison {
  /// For people: per cohort its players and each metric with its 95% interval, and from the
  /// second cohort on, the difference from the first.
  public var text: String {
    let rows = self.rows
    var lines = [
      "cohorts (salt '\(plan.salt)', since \(plan.since.iso), as of \(day?.iso ?? "—"), \(NumberText.short(weeks)) weeks); 95% intervals"
    ]
    let labels = [
      "workoutsPerWeek": "workouts per week", "activeLast7Days": "active in the last 7 days", "xp": "XP",
      "level": "level", "unlocks": "unlocks",
    ]
    let control = rows.first?.cohort.name ?? ""
    for row in rows {
      lines.append(
        "\(row.cohort.name) (pack '\(row.cohort.pack)', weight \(row.cohort.weight)): \(Format.grouped(Double(row.players))) player\(row.players == 1 ? "" : "s")"
      )
      for (name, estimate, difference) in row.metrics {
        let percent = name == "activeLast7Days"
        var line =
          "  " + Format.pad(labels[name] ?? name, 27)
          + Format.pad(Self.describe(estimate, percent: percent, signed: false), 26)
        if let difference {
          line +=
            "vs \(control) \(Self.describe(difference, percent: percent, signed: true))\(difference.excludesZero ? " *" : "")"
        }
        lines.append(line.trimmingTrailingSpaces)
      }
    }
    if rows.count > 1 { lines.append("* the interval of the difference leaves out 0") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "3.1 [3.0, 3.2]", "71% [70%, 72%]", "+0.2 [−0.1, +0.4]"; "—" for none.
  static func describe(_ estimate: Estimate?, percent: Bool, signed: Bool) -> String {
    guard let estimate else { return "—" }
    func number(_ value: Double) -> String {
      let scaled = percent ? value * 100 : value
      let rounded = (scaled * 10).rounded(.toNearestOrAwayFromZero) / 10
      var text = Format.grouped(rounded) + (percent ? "%" : "")
      if signed && rounded > 0 { text = "+" + text }
      return text
    }
    return "\(number(estimate.value)) [\(number(estimate.low)), \(number(estimate.high))]"
  }

  /// The comparison as one JSON object.
  public var json: String {
    var w = JSONWriter()
    w.object { w in
      w.field("salt", plan.salt)
      w.field("since", plan.since.iso)
      w.key("asOf")
      if let day { w.string(day.iso) } else { w.null() }
      w.field("weeks", weeks)
      w.key("cohorts")
      w.array { w in
        for row in rows {
          w.object { w in
            w.field("name", row.cohort.name)
            w.field("pack", row.cohort.pack)
            w.field("weight", row.cohort.weight)
            w.field("players", row.players)
            w.key("metrics")
            w.object { w in
              for (name, estimate, difference) in row.metrics {
                w.key(name)
                w.object { w in
                  Self.write(estimate, &w)
                  w.key("difference")
                  if let difference { w.object { Self.write(difference, &$0) } } else { w.null() }
                }
              }
            }
          }
        }
      }
    }
    return w.output + "\n"
  }

  private static func write(_ estimate: Estimate?, _ w: inout JSONWriter) {
    for (key, value) in [("value", estimate?.value), ("low", estimate?.low), ("high", estimate?.high)] {
      w.key(key)
      if let value { w.number(value) } else { w.null() }
    }
  }

  /// The comparison as CSV: one row per cohort and metric.
  public var csv: String {
    var lines = ["cohort,pack,weight,players,metric,value,low,high,difference,difference_low,difference_high"]
    for row in rows {
      for (name, estimate, difference) in row.metrics {
        let cells =
          [row.cohort.name, row.cohort.pack, String(row.cohort.weight), String(row.players), name].map {
            Format.csv($0)
          }
          + [estimate?.value, estimate?.low, estimate?.high, difference?.value, difference?.low, difference?.high].map {
            Format.machine($0)
          }
        lines.append(cells.joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
