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

  /// The header of a Monte Carlo distribution in long form.
  public static let distributionHeader = "scenario,metric," + distributionColumns

  /// One row per metric of a Monte Carlo batch (long form), without the header.
  public static func distribution(_ scenario: Scenario, _ aggregate: RunAggregate) -> [String] {
    zip(aggregate.metrics, aggregate.histograms).map { metric, histogram in
      "\(Format.csv(scenario.name)),\(Format.csv(metric)),\(cells(Distribution(histogram)))"
    }
  }
}
