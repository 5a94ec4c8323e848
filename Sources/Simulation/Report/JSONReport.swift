import Engine
import RuleLanguage

/// Machine-readable summaries, keys in a fixed order, byte-identical across runs.
///
/// Every command prints one document of the same shape however many scenarios it ran:
/// `{"format": 1, "scenarios": [ … ]}`.
public enum JSONReport {
  /// The format of the documents.
  public static let format = 1

  /// The document around per-scenario objects (each already JSON text).
  public static func document(_ scenarios: [String], extra: ((inout JSONWriter) -> Void)? = nil) -> String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("format")
      w.integer(format)
      w.key("scenarios")
      w.array { w in
        for scenario in scenarios { w.raw(scenario) }
      }
      extra?(&w)
    }
    return writer.output
  }

  /// A single run's summary.
  public static func single(_ scenario: Scenario, _ engine: Engine, _ result: RunResult) -> String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      header(&w, scenario, engine.pack, seed: result.seed, runs: 1)
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

  /// A Monte Carlo batch: the distribution of every aggregated metric.
  public static func distribution(
    _ scenario: Scenario, _ engine: Engine, _ aggregate: RunAggregate, percentiles: PercentileColumns = .standard
  ) -> String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      header(&w, scenario, engine.pack, seed: scenario.seed, runs: aggregate.runs)
      w.key("metrics")
      w.object { w in
        for (metric, histogram) in zip(aggregate.metrics, aggregate.histograms) {
          w.key(metric)
          write(histogram, percentiles, &w)
        }
      }
    }
    return writer.output
  }

  /// `{"p5": …, "p50": …, …, "min": …, "max": …, "share": …}` for the percentiles asked, null
  /// for "never".
  static func write(_ histogram: Histogram, _ percentiles: PercentileColumns, _ w: inout JSONWriter) {
    let distribution = Distribution(histogram)
    w.object { w in
      for (key, value) in zip(
        percentiles.names + ["min", "max"], percentiles.values(histogram) + [distribution.min, distribution.max])
      {
        w.key(key)
        if let value { w.number(value) } else { w.null() }
      }
      w.key("share")
      w.number(distribution.share)
    }
  }

  /// `{"p10": …, "p50": …, "p90": …, "min": …, "max": …, "share": …}`, null for "never".
  public static func write(_ distribution: Distribution, _ w: inout JSONWriter) {
    w.object { w in
      for (key, value) in [
        ("p10", distribution.p10), ("p50", distribution.p50), ("p90", distribution.p90), ("min", distribution.min),
        ("max", distribution.max),
      ] {
        w.key(key)
        if let value { w.number(value) } else { w.null() }
      }
      w.key("share")
      w.number(distribution.share)
    }
  }

  /// The identity of a run: scenario, file, rules (with digest), seed, runs, overrides, dates.
  public static func header(_ w: inout JSONWriter, _ scenario: Scenario, _ pack: RulePack, seed: UInt64, runs: Int) {
    w.key("scenario")
    w.string(scenario.name)
    w.key("file")
    w.string(scenario.path)
    rules(&w, pack, path: scenario.rulesPath)
    w.key("seed")
    w.integer(seed)
    w.key("runs")
    w.integer(runs)
    w.key("overrides")
    w.array { w in
      for override in pack.overrides.map(\.text) + scenario.overrides.map(\.text) { w.string(override) }
    }
    w.key("start")
    w.string(scenario.start.iso)
    w.key("days")
    w.integer(scenario.days)
  }

  /// `"rules": {"path": …, "name": …, "version": …, "digest": …}`.
  public static func rules(_ w: inout JSONWriter, _ pack: RulePack, path: String, key: String = "rules") {
    w.key(key)
    w.object { w in
      w.key("path")
      w.string(path)
      w.key("name")
      w.string(pack.name)
      w.key("version")
      w.string(pack.version)
      w.key("digest")
      w.string(pack.digest)
    }
  }
}
