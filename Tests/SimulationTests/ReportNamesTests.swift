import Engine
import FitQuestTestSupport
import Foundation
import Simulation
import Testing

/// The Monte Carlo table names achievements, quests and seasons as the single run does (issue 27),
/// from rules/achievements.json, quests.json and seasons.json.
@Suite struct ReportNamesTests {
  @Test func labelsUseTheNamesOfThePack() throws {
    let pack = try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules))
    #expect(MetricSet.label("achievement.first-workout", names: pack) == "First Steps")
    #expect(MetricSet.label("achievement.dedication", names: pack) == "Dedication (Bronze)")
    #expect(MetricSet.label("achievement.dedication.2", names: pack) == "Dedication (Silver)")
    #expect(MetricSet.label("quest.iron-week", names: pack) == "Iron Week completions")
    #expect(MetricSet.label("season.winter-2026.tier", names: pack) == "season Winter Warm-up tier")
    // Ids the pack does not have, and other metrics, keep their plain labels.
    #expect(MetricSet.label("achievement.nope", names: pack) == "achievement 'nope'")
    #expect(MetricSet.label("achievement.dedication.9", names: pack) == "achievement 'dedication' tier 9")
    #expect(MetricSet.label("level.10", names: pack) == "level 10")
  }

  @Test func theMonteCarloTableShowsNames() throws {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: Paths.scenarios + "/beginner-3x.json", packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    let aggregate = try MonteCarlo.run(scenario, engine: engine, count: 2, threads: 1)
    let lines = TextReport.distribution(scenario, engine, aggregate).split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("First Steps ") })
    #expect(lines.contains { $0.hasPrefix("Iron Week completions ") })
    #expect(!lines.contains { $0.contains("'first-workout'") || $0.contains("'iron-week'") })
  }
}
