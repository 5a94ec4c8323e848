import Engine
import FitQuestTestSupport
import RuleLanguage
import Simulation
import Testing

/// Sensitivity on `tune.json`, where a workout earns `(category.base + minutes) × multiplier`,
/// plus `week` XP for the first workout of a week, and nothing depends on the level. So, by
/// hand: the level curve's values and the grace days (no XP reads the streak) move no XP at all; `strength.base` 20 → 22 adds exactly 2 XP
/// to every workout (the multiplier is 1), so the mean total moves by twice the mean workouts;
/// `week` 10 → 11 and 9 moves it by exactly ± the mean number of weeks trained; cardio values
/// move nothing (nobody does cardio); a bigger multiplier means more XP and an earlier level 5.
@Suite struct SensitivityTests {
  static let metrics = ["level.5", "totalXP", "workouts"]

  static func analysis(rankedBy: String? = nil) throws -> SensitivityAnalysis {
    let (_, engine) = try SimulationFixture.load("tune.json")
    return try SensitivityAnalysis(
      values: SensitivityAnalysis.ruleValues(of: engine.pack), metrics: metrics, runs: 40, threads: 2,
      rankedBy: rankedBy,
      load: SimulationFixture.loader("tune.json"))
  }

  static func entry(_ part: SensitivityAnalysis.Part, _ path: String) throws -> SensitivityAnalysis.Entry {
    try #require(part.entries.first { $0.value.path == path })
  }

  /// The change of a metric at the low and high value.
  static func deltas(_ part: SensitivityAnalysis.Part, _ path: String, _ metric: String) throws -> (Double, Double) {
    let entry = try entry(part, path)
    let index = try #require(metrics.firstIndex(of: metric))
    let base = try #require(part.base[index])
    return (try #require(entry.atLow?[index]) - base, try #require(entry.atHigh?[index]) - base)
  }

  @Test func listsEveryNumberOfThePackWithItsSetPath() throws {
    let (_, engine) = try SimulationFixture.load("tune.json")
    let values = SensitivityAnalysis.ruleValues(of: engine.pack)
    #expect(
      values.map(\.path) == [
        "levels.maxLevel", "pack.constants.levelBase", "pack.constants.levelExponent", "streaks.graceDays",
        "xp.categories.strength.multiplier", "xp.categories.strength.base", "xp.categories.cardio.multiplier",
        "xp.categories.cardio.base",
        "xp.bonuses.week.xp",
      ])
    #expect(values.map(\.isWhole) == [true, true, false, true, false, true, false, true, true])
  }

  @Test func signsAndSizesMatchTheHandComputation() throws {
    let part = try #require(try Self.analysis().parts.first)
    let workouts = try #require(part.base[2])
    // strength.base: exactly ±2 XP per workout.
    let (baseLow, baseHigh) = try Self.deltas(part, "xp.categories.strength.base", "totalXP")
    #expect(abs(baseHigh - 2 * workouts) < 1e-9)
    #expect(abs(baseLow + 2 * workouts) < 1e-9)
    // week bonus: symmetric, the mean number of weeks trained (between 1 and the 8 weeks).
    let (weekLow, weekHigh) = try Self.deltas(part, "xp.bonuses.week.xp", "totalXP")
    #expect(weekHigh == -weekLow)
    #expect(weekHigh > 1 && weekHigh <= 8)
    // The level curve moves levels, never XP; nor do grace days; cardio moves nothing.
    for path in ["levels.maxLevel", "pack.constants.levelBase", "pack.constants.levelExponent", "streaks.graceDays"] {
      #expect(try Self.deltas(part, path, "totalXP") == (0, 0), "\(path)")
    }
    for path in ["xp.categories.cardio.multiplier", "xp.categories.cardio.base"] {
      #expect(try Self.deltas(part, path, "totalXP") == (0, 0))
      #expect(try Self.deltas(part, path, "level.5") == (0, 0))
    }
    // More XP per workout: more total XP, level 5 no later; a dearer curve: level 5 no earlier.
    let (multiplierLow, multiplierHigh) = try Self.deltas(part, "xp.categories.strength.multiplier", "totalXP")
    #expect(multiplierLow < 0 && multiplierHigh > 0)
    let (levelLow, levelHigh) = try Self.deltas(part, "xp.categories.strength.multiplier", "level.5")
    #expect(levelLow >= 0 && levelHigh <= 0 && levelLow - levelHigh > 0)
    let (curveLow, curveHigh) = try Self.deltas(part, "pack.constants.levelBase", "level.5")
    #expect(curveLow <= 0 && curveHigh >= 0 && curveHigh - curveLow > 0)
    // No value changes how often the simulated lifter trains.
    #expect(part.entries.allSatisfy { $0.atLow?[2] == workouts && $0.atHigh?[2] == workouts })
  }

  @Test func rankingByOneMetricFollowsItsMoves() throws {
    // Total XP: the multiplier (a tenth of nearly everything), then strength.base (2 of about 65
    // XP a workout), then the week bonus (1 a week), then the five values that move no XP, in
    // file order.
    let part = try #require(try Self.analysis(rankedBy: "totalXP").parts.first)
    #expect(
      part.entries.map(\.value.path) == [
        "xp.categories.strength.multiplier", "xp.categories.strength.base", "xp.bonuses.week.xp", "levels.maxLevel",
        "pack.constants.levelBase", "pack.constants.levelExponent", "streaks.graceDays",
        "xp.categories.cardio.multiplier",
        "xp.categories.cardio.base",
      ])
  }

  @Test func wholeValuesFallBackToWholeNumbers() {
    func candidates(_ value: Double, whole: Bool) -> [[Double]] {
      SensitivityAnalysis.candidates(RuleValue(path: "a", value: value, isWhole: whole)).map { [$0.low, $0.high] }
    }
    #expect(candidates(40, whole: true) == [[36, 44]])
    #expect(candidates(2, whole: true) == [[1.8, 2.2], [1, 3]])
    #expect(candidates(25, whole: true) == [[22.5, 27.5], [23, 28]])
    #expect(candidates(1.2, whole: false) == [[1.08, 1.32]])
    #expect(candidates(-0.025, whole: false) == [[-0.0225, -0.0275]])
  }

  @Test func aValueThatMustBeWholeMovesByWholeNumbers() throws {
    // graceDays takes whole numbers only: 1.8 and 2.2 are refused, 1 and 3 run; maxLevel's 10%
    // is whole already.
    let part = try #require(try Self.analysis().parts.first)
    let grace = try Self.entry(part, "streaks.graceDays")
    #expect((grace.low, grace.high) == (1, 3) && grace.refusal == nil && grace.atLow != nil && grace.atHigh != nil)
    let maxLevel = try Self.entry(part, "levels.maxLevel")
    #expect((maxLevel.low, maxLevel.high) == (27, 33) && maxLevel.refusal == nil)
  }

  @Test func namedValuesAreFoundByIdOrIndexAndMisspellingsRefused() throws {
    let (_, engine) = try SimulationFixture.load("tune.json")
    let values = try SensitivityAnalysis.ruleValues(
      of: engine.pack, named: ["xp.bonuses.week.xp", "pack.constants.levelExponent"])
    #expect(values.map(\.value) == [10, 1.5])
    let error = try #require(throws: DiagnosticError.self) {
      try SensitivityAnalysis.ruleValues(of: engine.pack, named: ["xp.bonuses.weak.xp"])
    }
    #expect(
      error.diagnostics.first?.message
        == "no number at 'xp.bonuses.weak.xp' in the rule pack; did you mean 'xp.bonuses.week.xp'?")
  }

  @Test func machineOutputsCarryEveryValue() throws {
    let analysis = try Self.analysis()
    let csv = analysis.csv.split(separator: "\n")
    #expect(csv.first == "scenario,rank,path,value,low,high,metric,base,at_low,at_high,delta_low,delta_high,refused")
    #expect(csv.count == 1 + 9 * Self.metrics.count)
    let json = try JSONReader.parse(analysis.json)
    let scenario = try #require(json["scenarios"]?.elements?.first)
    #expect(scenario["values"]?.elements?.count == 9)
    let week = try #require(scenario["values"]?.elements?.first { $0["path"]?.string == "xp.bonuses.week.xp" })
    #expect(week["low"]?.number == 9 && week["high"]?.number == 11)
    let total = try #require(week["metrics"]?["totalXP"])
    #expect(total["deltaHigh"]?.number == total["deltaLow"]?.number.map { -$0 })
  }
}
