import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation
import Testing

/// `tiny.json`: 14 days on the `bare` pack, strength Mon/Wed/Fri, 30 minutes, always done.
/// By hand: XP (10 + 30) × 2 = 80 per workout, +3 on Mondays (first of the week), + the streak
/// from 3 on (grace 1 day; a freeze earned at 3 bridges Fri → Mon): 83, 80, 83, 87, 85, 86 = 504.
/// Levels 2, 3, 4 at 50, 120, 200 XP: reached on days 1, 3 and 5.
@Suite struct BalancingToolTests {
  @Test func tinyScenarioMatchesTheHandComputation() throws {
    let (scenario, engine) = try SimulationFixture.load("tiny.json")
    let summary = try SimulationRunner.run(scenario, engine: engine).summary
    #expect(summary.totalXP == 504)
    #expect(summary.workouts == 6)
    #expect(summary.value(of: "level.2") == 1)
    #expect(summary.value(of: "level.3") == 3)
    #expect(summary.value(of: "level.4") == 5)
    #expect(summary.weeklyXP == [246, 258])
    #expect(summary.value(of: "xpPerWeek.median") == 252)
    #expect(summary.value(of: "levelOnDay.4") == 3)
    #expect(summary.value(of: "xpOnDay.8") == 333)
    #expect(summary.bestStreak == 6)
  }

  @Test func overridesLandWhereDocumented() throws {
    // A rule value: strength multiplier 1 gives (10 + 30) × 1 = 40: 43, 40, 43, 47, 45, 46 = 264.
    let (scenario, engine) = try SimulationFixture.load("tiny.json", overrides: ["xp.categories.strength.multiplier=1"])
    #expect(engine.pack.categories[0].parameters == [1, 10])
    #expect(try SimulationRunner.run(scenario, engine: engine).summary.totalXP == 264)
    // A scenario value: never training.
    let (lazy, lazyEngine) = try SimulationFixture.load(
      "tiny.json", overrides: ["scenario.plan.sessions[0].probability=0"])
    #expect(lazy.sessions[0].probability == 0)
    #expect(try SimulationRunner.run(lazy, engine: lazyEngine).summary.workouts == 0)
    let (longer, _) = try SimulationFixture.load("tiny.json", overrides: ["scenario.duration.days=21"])
    #expect(longer.days == 21)
    #expect(throws: DiagnosticError.self) {
      try SimulationFixture.load("tiny.json", overrides: ["scenario.duraton.days=21"])
    }
  }

  @Test func compareReportsWhatMoved() throws {
    let (scenario, base) = try SimulationFixture.load("tiny.json")
    let (_, candidate) = try SimulationFixture.load("tiny.json", overrides: ["xp.categories.strength.multiplier=1"])
    let comparison = try Comparison(scenario, base: base, candidate: candidate, runs: 1, threads: 1)
    let moved = comparison.moved
    #expect(moved.contains("total XP: 504 → 264 (\u{2212}47.6%)"))
    #expect(moved.contains("level 2 reached on day 1 → day 3 (+2)"))
    #expect(moved.contains("level 4 reached on day 5 → day 10 (+5)"))
    #expect(!moved.contains { $0.hasPrefix("workouts") })
    let row = try #require(comparison.rows.first { $0.metric == "totalXP" })
    #expect(row.delta == -240)
    let json = try JSONReader.parse(comparison.json(basePath: "a", candidatePath: "b"))
    let rows = try #require(json["metrics"]?.elements)
    let total = try #require(rows.first { $0["metric"]?.string == "totalXP" })
    #expect(total["candidate"]?["p50"]?.number == 264)
    #expect(total["delta"]?.number == -240)
    // Moves are structured, level milestones first by days moved (issue 27: not by relative
    // change): level 4 moved 5 days, level 2 and level 3 2 days each (in metric order), then the
    // amounts.
    let moves = try #require(json["moves"]?.elements)
    #expect(moves.prefix(3).map { $0["metric"]?.string } == ["level.4", "level.2", "level.3"])
    #expect(moves.contains { $0["metric"]?.string == "totalXP" })
  }

  @Test func sweepTabulatesEveryValue() throws {
    let range = try SweepParameter(parsing: "xp.categories.strength.multiplier=1..2:0.5")
    #expect(range.values == ["1", "1.5", "2"])
    #expect(try SweepParameter(parsing: "x=1.0..1.5:0.1").values == ["1", "1.1", "1.2", "1.3", "1.4", "1.5"])
    #expect(try SweepParameter(parsing: "x=1.0,1.2,1.5").values == ["1.0", "1.2", "1.5"])
    #expect(throws: DiagnosticError.self) { try SweepParameter(parsing: "x=2..1:0.1") }
    #expect(throws: DiagnosticError.self) { try SweepParameter(parsing: "x=1,,2") }
    #expect(SweepParameter.isSweep("x=1..2:1") && SweepParameter.isSweep("x=1,2"))
    #expect(!SweepParameter.isSweep("scenario.plan.sessions[0].rpe=[9,10]") && !SweepParameter.isSweep("x=1"))
    let sweep = try Sweep(parameters: [range], metrics: ["totalXP", "level.4"], runs: 1, threads: 1) {
      overrides throws(DiagnosticError) in
      do {
        return [try SimulationFixture.load("tiny.json", overrides: overrides.map(\.text))]
      } catch let error as DiagnosticError {
        throw error
      } catch {
        throw DiagnosticError(Diagnostic(message: "\(error)"))
      }
    }
    // × 1: 264 XP; × 1.5: 60 per workout → 63, 60, 63, 67, 65, 66 = 384; × 2: 504.
    #expect(sweep.rows.map { $0.aggregate.distribution(of: "totalXP").p50 } == [264, 384, 504])
    let csv = sweep.csv.split(separator: "\n")
    #expect(csv.first == "scenario,xp.categories.strength.multiplier,metric,runs,p10,p50,p90,min,max,share")
    #expect(csv.contains("tiny,1.5,totalXP,1,384,384,384,384,384,1.0000"))
    // Level 4 (200 XP): × 1 on day 10 (43, 83, 126, 173, 218); × 1.5 on day 8 (63, 123, 186, 253);
    // × 2 on day 5 (83, 163, 246).
    #expect(sweep.rows.map { $0.aggregate.distribution(of: "level.4").p50 } == [10, 8, 5])
  }

  @Test func sweepsAGridOfTwoParameters() throws {
    let multiplier = try SweepParameter(parsing: "xp.categories.strength.multiplier=1,2")
    let days = try SweepParameter(parsing: "scenario.duration.days=7,14")
    #expect(Sweep.points([multiplier, days]) == [["1", "7"], ["1", "14"], ["2", "7"], ["2", "14"]])
    let sweep = try Sweep(parameters: [multiplier, days], metrics: ["totalXP"], runs: 1, threads: 1) {
      overrides throws(DiagnosticError) in
      do {
        return [try SimulationFixture.load("tiny.json", overrides: overrides.map(\.text))]
      } catch let error as DiagnosticError {
        throw error
      } catch {
        throw DiagnosticError(Diagnostic(message: "\(error)"))
      }
    }
    // One week: 43 + 40 + 43 = 126 at × 1 (83 + 80 + 83 = 246 at × 2); two weeks: 264 and 504.
    #expect(sweep.rows.map { $0.aggregate.distribution(of: "totalXP").p50 } == [126, 264, 246, 504])
    #expect(
      sweep.csv.split(separator: "\n").first
        == "scenario,xp.categories.strength.multiplier,scenario.duration.days,metric,runs,p10,p50,p90,min,max,share")
  }

  @Test func snapshotDiffSpeaksInOutcomes() throws {
    let (scenario, base) = try SimulationFixture.load("tiny.json")
    let (_, candidate) = try SimulationFixture.load("tiny.json", overrides: ["xp.categories.strength.multiplier=1"])
    let old = Snapshot(
      scenario, base, try SimulationRunner.run(scenario, engine: base, recording: RecordingOptions(digests: true)))
    let new = Snapshot(
      scenario, candidate,
      try SimulationRunner.run(scenario, engine: candidate, recording: RecordingOptions(digests: true)))
    let lines = SnapshotDiff.lines(from: old, to: new)
    #expect(lines.contains("total XP: 504 → 264 (\u{2212}47.6%)"))
    #expect(lines.contains("level 2: day 1 → day 3"))
    #expect(lines.contains("level 4: day 5 → day 10"))
    #expect(
      lines.last == "award stream differs from day 1 (2026-01-05); first difference: 'xp w1-1 +83' → 'xp w1-1 +43'")
    #expect(SnapshotDiff.lines(from: old, to: old).isEmpty)
    // The file form reads back equal.
    let reread = try Snapshot(reading: SourceFile(name: "s.json", text: old.text))
    #expect(reread == old)
  }

  @Test func expectationsReportTheirPosition() throws {
    let (scenario, candidate) = try SimulationFixture.load(
      "tiny.json", overrides: ["xp.categories.strength.multiplier=1"])
    let summary = try SimulationRunner.run(scenario, engine: candidate).summary
    let results = scenario.expectations.map { expectation in
      var histogram = Histogram()
      histogram.add(summary.value(of: expectation.metric))
      return ExpectationResult.check(expectation, histogram)
    }
    #expect(results.map(\.passed) == [false, false])
    let text = try String(contentsOfFile: SimulationFixture.path("tiny.json"), encoding: .utf8)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("level.4") }.map {
      $0 + 1
    }
    #expect(
      results[0].diagnostic.headline
        == "\(SimulationFixture.path("tiny.json")):\(line ?? 0):5: error: expectation failed: level.4 at most 7; actual day 10"
    )
    #expect(results[1].actual == "264")
  }
}

@Suite struct SnapshotWordingTests {
  @Test func changesUseOneNumberFormat() throws {
    func snapshot(_ median: String) throws -> Snapshot {
      try Snapshot(
        reading: SourceFile(
          name: "s.json",
          text: """
            {"format": 1, "scenario": "s", "seed": 1, "rules": "default 1.0.0",
             "metrics": {"xpPerWeek.median": \(median), "level.10": null},
             "evolutions": [], "achievements": [], "awardDigest": "0", "days": []}
            """))
    }
    // Both sides grouped, one decimal where there is one: never "3,990 → 3707.5".
    let lines = SnapshotDiff.lines(from: try snapshot("3990"), to: try snapshot("3707.5"))
    #expect(lines == ["XP per week (median): 3,990 → 3,707.5 (\u{2212}7.1%)"])
    #expect(
      SnapshotDiff.lines(from: try snapshot("-1234.56"), to: try snapshot("1234.56")) == [
        "XP per week (median): \u{2212}1,234.6 → 1,234.6 (+200%)"
      ])
  }
}
