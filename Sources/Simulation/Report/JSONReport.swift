import Engine
import RuleLanguage

/// Machine-readable summaries, keys in a fixed order, byte-identical across runs.
public enum JSONReport {
  /// A single run's summary.
  public static func single(_ scenario: Scenario, _ engine: Engine, _ result: RunResult, pretty: Bool = true) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object { w in
      header(&w, scenario, engine)
      w.key("seed")
      w.integer(result.seed)
      w.key("metrics")
      w.object { w in
        for metric in MetricSet.standard(for: engine.pack) {
          w.key(metric)
          if let value = result.summary.value(of: metric) { w.number(value) } else { w.null() }
        }
      }
      w.key("evolutions")
      w.array { w in
        for evolution in result.summary.evolutions {
          w.object { w in
            w.key("day")
            w.integer(evolution.day)
            w.key("from")
            w.string(evolution.from)
            w.key("to")
            w.string(evolution.to)
          }
        }
      }
      w.key("achievements")
      w.array { w in
        for unlock in result.summary.achievements {
          w.object { w in
            w.key("day")
            w.integer(unlock.day)
            w.key("id")
            w.string(unlock.id)
            w.key("tier")
            w.integer(unlock.tier)
          }
        }
      }
      w.key("weeklyXP")
      w.array { w in
        for xp in result.summary.weeklyXP { w.integer(xp) }
      }
      w.key("awardDigest")
      w.string(result.digest)
    }
    return writer.output
  }

  /// A Monte Carlo batch: the distribution of every standard metric.
  public static func distribution(_ scenario: Scenario, _ engine: Engine, _ runs: [RunSummary], pretty: Bool = true) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object { w in
      header(&w, scenario, engine)
      w.key("runs")
      w.integer(runs.count)
      w.key("metrics")
      w.object { w in
        for metric in MetricSet.standard(for: engine.pack) {
          w.key(metric)
          write(Distribution(metric, runs), &w)
        }
      }
    }
    return writer.output
  }

  static func write(_ distribution: Distribution, _ w: inout JSONWriter) {
    w.object { w in
      for (key, value) in [("p10", distribution.p10), ("p50", distribution.p50), ("p90", distribution.p90),
                           ("min", distribution.min), ("max", distribution.max)] {
        w.key(key)
        if let value { w.number(value) } else { w.null() }
      }
      w.key("share")
      w.number(distribution.share)
    }
  }

  static func header(_ w: inout JSONWriter, _ scenario: Scenario, _ engine: Engine) {
    w.key("scenario")
    w.string(scenario.name)
    w.key("rules")
    w.object { w in
      w.key("name")
      w.string(engine.pack.name)
      w.key("version")
      w.string(engine.pack.version)
    }
    w.key("start")
    w.string(scenario.start.iso)
    w.key("days")
    w.integer(scenario.days)
  }
}

/// The day-by-day timeline as CSV: one row per day.
public enum CSVTimeline {
  public static let header =
    "day,date,level,xp,xp_gained,workouts,streak,companion,companion_level,companion_stage,target_kcal,adjustment,clamped,digest"

  /// The CSV text, with a header row.
  public static func render(_ rows: [TimelineRow]) -> String {
    var lines = [header]
    lines.reserveCapacity(rows.count + 1)
    for row in rows {
      let fields: [String] = [
        String(row.day), row.date.iso, String(row.level), String(row.xp), String(row.xpGained), String(row.workouts),
        String(row.streak), row.companion, String(row.companionLevel), String(row.companionStage),
        row.targetKcal.map(NumberText.format) ?? "", row.adjustment.map { NumberText.format($0, decimals: 4) } ?? "",
        row.clamped ? "1" : "0", row.digest,
      ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n")
  }
}
