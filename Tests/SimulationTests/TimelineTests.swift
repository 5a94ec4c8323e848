import Engine
import FitQuestTestSupport
import Simulation
import Testing

@Suite struct TimelineTests {
  /// The CSV's `xp_gained` is every XP the day brought (issue 27): on day 1 of beginner-3x the
  /// first workout earns 209 XP and unlocks rewards (First Steps gives 25), so the player ends
  /// the day with more than the workout's XP, and all of it was gained that day.
  @Test func xpGainedCountsRewardXP() throws {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: Paths.scenarios + "/beginner-3x.json", packs: packs)
    let result = try SimulationRunner.run(
      scenario, engine: try packs.engine(for: scenario.rulesPath), recording: RecordingOptions(timeline: true))
    let rows = result.timeline
    let first = try #require(rows.first)
    #expect(first.xp >= 209 + 25)
    #expect(first.xpGained == first.xp)
    var previous: Int64 = 0
    for row in rows {
      #expect(row.xpGained == row.xp - previous, "day \(row.day)")
      previous = row.xp
    }
    #expect(rows.reduce(0) { $0 + $1.xpGained } == result.summary.totalXP)
  }
}
