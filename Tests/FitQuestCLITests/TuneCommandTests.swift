import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// `fitquest tune` end to end: its answer, pasted into `simulate`, meets the target.
@Suite struct TuneCommandTests {
  static let scenario = "Tests/SimulationTests/Fixtures/tune.json"

  /// `simulate --runs 50 --format json` with the overrides; the metric's distribution.
  static func simulated(_ sets: [String], _ metric: String) throws -> JSONValue? {
    let result = try CommandRunner.fitquest(["simulate", scenario, "--runs", "50", "--format", "json"] + sets)
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONReader.parse(result.stdout)["scenarios"]?.elements?.first?["metrics"]?[metric]
  }

  @Test func theSetLineFedIntoSimulateMeetsTheTargets() throws {
    // Two targets, two parameters: the JSON's params become --set options of simulate.
    let tune = try CommandRunner.fitquest([
      "tune", Self.scenario, "--runs", "50", "--format", "json",
      "--target", "level.5 p50 = day 15 ±1", "--target", "level.10 p50 = day 36 ±2",
      "--param", "pack.constants.levelBase=20..200", "--param", "pack.constants.levelExponent=1..2",
    ])
    #expect(tune.status == 0, "\(tune.stderr)")
    let document = try JSONReader.parse(tune.stdout)
    let params = try #require(document["params"]?.members)
    #expect(params.map(\.key) == ["pack.constants.levelBase", "pack.constants.levelExponent"])
    let sets = params.flatMap { ["--set", "\($0.key)=\($0.value)"] }
    let level5 = try #require(try Self.simulated(sets, "level.5")?["p50"]?.number)
    let level10 = try #require(try Self.simulated(sets, "level.10")?["p50"]?.number)
    #expect(abs(level5 - 15) <= 1)
    #expect(abs(level10 - 36) <= 2)
    // What tune reported is what simulate measures.
    let targets = try #require(document["targets"]?.elements)
    #expect(targets.map { $0["value"]?.number } == [level5, level10])
    #expect(targets.allSatisfy { $0["met"] == JSONValue(.bool(true)) })
  }

  @Test func textEndsWithTheLineToPaste() throws {
    let tune = try CommandRunner.fitquest([
      "tune", Self.scenario, "--runs", "50", "--target", "level.5 p50 = day 17", "--param",
      "xp.categories.strength.multiplier=0.5..2",
    ])
    #expect(tune.status == 0, "\(tune.stderr)")
    let lines = tune.stdout.split(separator: "\n").map(String.init)
    let set = try #require(lines.last)
    #expect(set.hasPrefix("--set xp.categories.strength.multiplier="))
    #expect(lines.contains { $0.hasPrefix("level.5 p50 = day 17") && $0.hasSuffix("day 17  yes") })
    let p50 = try Self.simulated(set.split(separator: " ").map(String.init), "level.5")?["p50"]?.number
    #expect(p50 == 17)
  }

  @Test func anUnreachableTargetExitsOne() throws {
    let tune = try CommandRunner.fitquest([
      "tune", Self.scenario, "--runs", "20", "--target", "level.10 p50 = day 5", "--param",
      "xp.categories.strength.multiplier=0.5..2",
    ])
    #expect(tune.status == 1)
    #expect(tune.stdout.contains("No value found meets 'level.10 p50 = day 5'"))
    #expect(tune.stdout.contains("at the top of the range of xp.categories.strength.multiplier (2)"))
  }

  @Test(arguments: [
    (["--param", "xp.caps.perDay=1..2"], 64, "tune needs at least one --target"),
    (["--target", "level.5 p50 = 3"], 64, "tune needs at least one --param"),
    (
      ["--target", "levle.5 p50 = 3", "--param", "xp.caps.perDay=1..2"], 64,
      "unknown metric 'levle.5'; did you mean 'level.5'?"
    ),
    (["--target", "level.5 p50 = 3", "--param", "x=2..1"], 64, "is not a range LOW..HIGH"),
    (
      ["--target", "level.5 p50 = 3", "--param", "xp.categories.strength.multiplir=1..2"], 65,
      "no key 'multiplir' in 'xp.categories.strength'; did you mean 'multiplier'?"
    ),
    (["--target", "level.5 p50 = 3", "--param", "xp.terms.duration=1..2"], 65, "tune changes numbers"),
    (
      [
        "--target", "level.5 p50 = 3", "--param", "pack.constants.levelBase=1..2", "--set",
        "pack.constants.levelBase=3",
      ], 64, "both searched (--param) and fixed (--set)"
    ),
    (
      ["--target", "other: level.5 p50 = 3", "--param", "pack.constants.levelBase=1..2"], 64,
      "no scenario 'other' among those tuned"
    ),
  ])
  func refusesBadArguments(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let result = try CommandRunner.fitquest(["tune", Self.scenario, "--runs", "2"] + arguments)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
