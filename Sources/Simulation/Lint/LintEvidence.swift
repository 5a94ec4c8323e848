import Engine
import RuleLanguage

/// What `lint --simulate N` adds: evidence from N Monte Carlo runs of every scenario under the
/// linted pack. Rules that never fired in any run (achievement tiers, quests, evolutions), and
/// milestones every run of every scenario reaches on day 1 (achievement tiers, levels). Evidence,
/// not proof: a longer scenario might reach what these did not.
enum LintEvidence {
  /// The most level milestones looked at (levels 2 up to this).
  static let levels = 50

  static func run(
    _ outline: PackOutline, engine: Engine, scenarios: [Scenario], runs: Int, threads: Int, _ log: inout LintLog
  ) throws(DiagnosticError) {
    guard !scenarios.isEmpty else { return }
    var tiers: [(achievement: PackOutline.Achievement, index: Int, metric: String)] = []
    for achievement in outline.achievements {
      for index in achievement.tiers.indices {
        tiers.append(
          (
            achievement, index,
            index == 0 ? "achievement.\(achievement.id)" : "achievement.\(achievement.id).\(index + 1)"
          ))
      }
    }
    let levels = (2...max(2, min(outline.levels.maxLevel, levels))).map { "level.\($0)" }
    let quests = outline.quests.map { "quest.\($0.id)" }
    let metrics = tiers.map(\.metric) + quests + levels + ["evolution.first"]
    var aggregates: [RunAggregate] = []
    for scenario in scenarios {
      aggregates.append(try MonteCarlo.run(scenario, engine: engine, count: runs, threads: threads, metrics: metrics))
    }
    let total =
      "\(Format.grouped(Double(runs * scenarios.count))) runs of \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s")"
    let longest = scenarios.map(\.days).max() ?? 0
    let caveat = "evidence, not proof: the longest scenario lasts \(longest) days"
    func never(_ metric: String) -> Bool { aggregates.allSatisfy { ($0.histogram(of: metric)?.happened ?? 0) == 0 } }
    func dayOne(_ metric: String) -> Bool {
      aggregates.allSatisfy { aggregate in
        guard let histogram = aggregate.histogram(of: metric) else { return false }
        return histogram.never == 0 && histogram.sorted.allSatisfy { $0.value == 1 }
      }
    }
    for (achievement, index, metric) in tiers {
      let name = achievement.describe(index)
      let path = achievement.tiers[index].path
      if never(metric) {
        log.warn(
          .neverFired, at: path, "\(name) never unlocked in \(total)", reason: caveat,
          fix: "lower its threshold, or keep it as a long-term goal and add a scenario that reaches it")
      } else if dayOne(metric) {
        log.warn(
          .dayOne, at: path, "\(name) unlocks on day 1 in every one of \(total)",
          reason: "it rewards joining, not anything a player did", fix: "raise its threshold if it should take effort")
      }
    }
    for (quest, metric) in zip(outline.quests, quests) {
      let completions = aggregates.map { $0.histogram(of: metric)?.sorted.last?.value ?? 0 }
      guard completions.allSatisfy({ $0 == 0 }) else { continue }
      log.warn(
        .neverFired, at: quest.goal, "quest '\(quest.id)' was never completed in \(total)", reason: caveat,
        fix: "lower its goal, or check that the scenarios train the way it asks")
    }
    if let highest = levels.last(where: dayOne) {
      log.warn(
        .dayOne, at: outline.levels.path + (log.documents.value(at: "levels.curve") == nil ? ".table" : ".curve"),
        "\(MetricSet.label(highest)) is reached on day 1 in every one of \(total)",
        reason: "the first levels come from a single day of training, whatever the player does",
        fix: "raise the level curve's first thresholds if those levels should take effort")
    }
    if let starter = outline.species.first(where: { $0.evolution != nil }), never("evolution.first") {
      log.warn(
        .neverFired, at: "\(starter.path).evolvesTo", "no companion evolved in \(total)", reason: caveat,
        fix: "lower the first evolutions' 'atLevel' or the companion curve")
    }
  }
}
