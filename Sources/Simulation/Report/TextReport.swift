import Engine
import RuleLanguage

/// The terminal report a designer reads in ten seconds.
public enum TextReport {
  /// The report of one run.
  public static func single(_ scenario: Scenario, _ engine: Engine, _ result: RunResult) -> String {
    let s = result.summary
    let pack = engine.pack
    var lines: [String] = []
    lines.append(
      "\(scenario.name): seed \(result.seed), \(s.days) days from \(scenario.start.iso), \(rules(scenario, pack))")
    if !scenario.description.isEmpty { lines.append(scenario.description) }
    lines.append("")
    let milestones = MetricSet.milestones.filter { $0 <= pack.levels.maxLevel && $0 <= s.finalLevel + 5 }
    let levels = milestones.map { level in
      s.value(of: "level.\(level)").map { "\(level) on day \(Int($0))" } ?? "\(level) not reached"
    }
    lines.append("Levels        " + levels.joined(separator: " · "))
    if s.evolutions.isEmpty {
      lines.append("Evolutions    none")
    } else {
      lines.append(
        "Evolutions    " + s.evolutions.map { "day \($0.day): \($0.from) → \($0.to)" }.joined(separator: " · "))
    }
    lines.append("Achievements  \(s.achievements.count) unlocked, in order:")
    for unlock in s.achievements {
      let tier = pack.achievements.first { $0.id == unlock.id }?.tiers[unlock.tier - 1].name.map { " (\($0))" } ?? ""
      lines.append("  day \(Format.pad(String(unlock.day), 3, right: true))  \(unlock.name)\(tier)  [\(unlock.id)]")
    }
    lines.append("Streaks       best \(s.bestStreak) training days, \(s.finalStreak) at the end")
    lines.append("Records       \(s.prs) personal records")
    if let quests = pack.quests?.quests, !quests.isEmpty {
      let counts = quests.map { quest in "\(quest.name) \(s.questCompletions.lazy.filter { $0.id == quest.id }.count)" }
      lines.append("Quests        \(s.quests) completed: " + counts.joined(separator: " · "))
    }
    for line in s.mechanicLines { lines.append(Format.pad(line.label, 14) + line.text) }
    let weeks = s.fullWeeksXP.map(Double.init)
    if let low = weeks.min(), let high = weeks.max(), let median = Statistics.median(weeks) {
      lines.append(
        "XP per week   min \(Format.grouped(low)) · median \(Format.grouped(median)) · max \(Format.grouped(high)) over \(weeks.count) full weeks"
      )
    }
    if s.targetDays > 0, let low = s.minAdjustment, let high = s.maxAdjustment {
      let share = Format.share(Double(s.clampedDays) / Double(s.targetDays))
      lines.append(
        "Nutrition     \(s.targetDays) daily targets, adjustment \(NumberText.percent(low)) to \(NumberText.percent(high)), clamp hit on \(s.clampedDays) days (\(share))"
      )
    }
    var final =
      "Final state   level \(s.finalLevel) · \(Format.grouped(Double(s.totalXP))) XP · \(s.workouts) workouts · streak \(s.finalStreak)"
    if let species = s.companionSpecies {
      final += " · \(species) level \(s.companionLevel) (stage \(s.companionStage))"
    }
    lines.append(final)
    return lines.joined(separator: "\n")
  }

  /// "rules rules (default 1.0.0)", plus the overrides when there are any.
  static func rules(_ scenario: Scenario, _ pack: RulePack) -> String {
    var text = "rules \(scenario.rulesPath) (\(pack.name) \(pack.version))"
    let overrides = pack.overrides.map(\.text) + scenario.overrides.map(\.text)
    if !overrides.isEmpty { text += " with " + overrides.joined(separator: ", ") }
    return text
  }

  /// The report of a Monte Carlo batch: percentiles of every standard metric, "never" ranked
  /// after every day.
  public static func distribution(
    _ scenario: Scenario, _ engine: Engine, _ aggregate: RunAggregate, percentiles: PercentileColumns = .standard
  ) -> String {
    var lines = [
      "\(scenario.name): \(aggregate.runs) runs (seeds derived from \(scenario.seed)), \(scenario.days) days from \(scenario.start.iso), \(rules(scenario, engine.pack))"
    ]
    lines.append("")
    let header = [Format.pad("metric", 36)] + percentiles.names + ["min", "max", "happened"]
    lines.append(header[0] + header.dropFirst().map { Format.pad($0, 10, right: true) }.joined())
    var hidden: [String] = []
    for (metric, histogram) in zip(aggregate.metrics, aggregate.histograms) {
      let distribution = Distribution(histogram)
      if Metrics.isDay(metric) && distribution.share == 0 {
        hidden.append(MetricSet.label(metric, names: engine.pack))
        continue
      }
      let cells = (percentiles.values(histogram) + [distribution.min, distribution.max]).map {
        Format.pad(Format.cell(metric, $0), 10, right: true)
      }
      let share = Metrics.isDay(metric) ? Format.share(distribution.share) : ""
      lines.append(
        Format.pad(MetricSet.label(metric, names: engine.pack), 36) + cells.joined()
          + Format.pad(share, 10, right: true))
    }
    if !hidden.isEmpty { lines.append("never happened: " + hidden.joined(separator: ", ")) }
    return lines.joined(separator: "\n")
  }
}
