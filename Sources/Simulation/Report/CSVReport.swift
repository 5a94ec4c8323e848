import Engine
import RuleLanguage

/// CSV for spreadsheets and scripts: plain numbers (no thousands separators, ASCII minus),
/// empty cells for "never", one shape whatever the number of scenarios.
public enum CSVReport {
  /// The header of the day-by-day timeline.
  public static let timelineHeader =
    "scenario,day,date,level,xp,xp_gained,workouts,streak,companion,companion_level,companion_stage,target_kcal,adjustment,clamped,digest"

  /// The day-by-day timeline of one run, without the header.
  public static func timeline(_ scenario: String, _ rows: [TimelineRow]) -> [String] {
    rows.map { row in
      [
        Format.csv(scenario), String(row.day), row.date.iso, String(row.level), String(row.xp), String(row.xpGained),
        String(row.workouts), String(row.streak), Format.csv(row.companion), String(row.companionLevel),
        String(row.companionStage), Format.machine(row.targetKcal),
        row.adjustment.map { NumberText.format($0, decimals: 4) } ?? "", row.clamped ? "1" : "0", row.digest,
      ].joined(separator: ",")
    }
  }

  /// The columns of a distribution, after the leading ones.
  public static let distributionColumns = "runs,p10,p50,p90,min,max,share"

  /// `runs,p10,p50,p90,min,max,share` of a distribution.
  public static func cells(_ distribution: Distribution) -> String {
    ([String(distribution.runs)]
      + [distribution.p10, distribution.p50, distribution.p90, distribution.min, distribution.max].map(Format.machine)
      + [NumberText.format(distribution.share, decimals: 4)]).joined(separator: ",")
  }

  /// The header of a Monte Carlo distribution with the percentiles asked.
  public static func distributionHeader(_ percentiles: PercentileColumns) -> String {
    (["scenario", "metric", "runs"] + percentiles.names + ["min", "max", "share"]).joined(separator: ",")
  }

  /// One row per metric of a Monte Carlo batch (long form), without the header.
  public static func distribution(
    _ scenario: Scenario, _ aggregate: RunAggregate, percentiles: PercentileColumns = .standard
  ) -> [String] {
    zip(aggregate.metrics, aggregate.histograms).map { metric, histogram in
      let distribution = Distribution(histogram)
      let numbers = (percentiles.values(histogram) + [distribution.min, distribution.max]).map(Format.machine)
      return
        ([Format.csv(scenario.name), Format.csv(metric), String(distribution.runs)] + numbers + [
          NumberText.format(distribution.share, decimals: 4)
        ]).joined(separator: ",")
    }
  }

  /// The header of `simulate --per-run`: one row per run and metric.
  public static let perRunHeader = "scenario,run,metric,value"

  /// One row per run and metric (`simulate --runs N --format csv --per-run`), runs in order
  /// (numbered from 0, as their seeds are: run 0 is the single run of the scenario's seed), the
  /// metrics in report order; an empty value is "never".
  public static func perRun(_ scenario: Scenario, _ runs: PerRunValues) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(runs.values.count * runs.metrics.count)
    let name = Format.csv(scenario.name)
    for (index, values) in runs.values.enumerated() {
      let prefix = "\(name),\(index),"
      for (metric, value) in zip(runs.metrics, values) {
        lines.append(prefix + Format.csv(metric) + "," + Format.machine(value))
      }
    }
    return lines
  }
}
