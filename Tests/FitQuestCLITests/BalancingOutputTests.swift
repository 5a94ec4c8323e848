import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation
import Testing

/// The numbers `simulate`, `compare` and `sweep` print, checked against an independent ranking
/// of per-run values, and the machine formats they offer.
@Suite struct BalancingOutputTests {
  /// Issue 11's command, exactly: level 20 does not happen in every run (28% of runs when the
  /// issue was filed, about 80% since the default pack has quests), so its 90th percentile and
  /// its maximum are "never", not the days of the runs that reached it.
  @Test func monteCarloRanksNeverLastOnTheIssuesCommand() throws {
    let arguments = ["simulate", "--runs", "200", "--set", "xp.categories.strength.multiplier=1.0"]
    let json = try CommandRunner.fitquest(arguments + ["--format", "json"])
    #expect(json.status == 0)
    let document = try JSONReader.parse(json.stdout)
    let level20 = try #require(document["scenarios"]?.elements?.first?["metrics"]?["level.20"])

    // Independently: the 200 runs one by one, "never" as +∞, nearest rank ⌈p × 200⌉.
    let packs = PackCache(overrides: [try JSONOverride(parsing: "xp.categories.strength.multiplier=1.0")])
    let scenario = try ScenarioLoader.load(path: Paths.scenarios + "/beginner-3x.json", packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    var days: [Double] = []
    for run in 0..<200 {
      let seed = SplitMix64.runSeed(scenario.seed, run: run)
      days.append(
        try SimulationRunner.run(scenario, engine: engine, seed: seed).summary.value(of: "level.20") ?? .infinity)
    }
    days.sort()
    func rank(_ p: Double) -> Double? {
      let value = days[max(1, Int((p * 200).rounded(.up))) - 1]
      return value.isFinite ? value : nil
    }
    let reached = days.filter(\.isFinite).count
    #expect(reached > 0 && reached < 180, "the case needs a milestone missed by more than a tenth of the runs")
    for (key, expected) in [
      ("p10", rank(0.1)), ("p50", rank(0.5)), ("p90", rank(0.9)), ("min", rank(0)), ("max", rank(1)),
    ] {
      #expect(level20[key]?.number == expected, "\(key)")
    }
    #expect(level20["p90"]?.kind == .null && level20["max"]?.kind == .null)
    #expect(level20["share"]?.number == Double(reached) / 200)

    // The text says "never" in the same places.
    let text = try CommandRunner.fitquest(arguments)
    let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("level 20 ") })
    let cells = row.split(separator: " ").suffix(6).map(String.init)
    #expect(cells[2] == "never" && cells[4] == "never")
    #expect(cells[5] == NumberText.format(Double(reached) / 2, decimals: 0) + "%")

    // And CSV has empty cells there, with no thousands separators anywhere.
    let csv = try CommandRunner.fitquest(arguments + ["--format", "csv"])
    let line = try #require(csv.stdout.split(separator: "\n").first { $0.hasPrefix("beginner-3x,level.20,") })
    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
    #expect(fields[5] == "" && fields[7] == "")
    #expect(!csv.stdout.contains("\u{2212}"))
    #expect(csv.stdout.split(separator: "\n").first == "scenario,metric,runs,p10,p50,p90,min,max,share")
  }

  @Test func compareShowsPercentilesAndSharesInEveryFormat() throws {
    let arguments = [
      "compare", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.0", "--runs", "20",
    ]
    let text = try CommandRunner.fitquest(arguments)
    #expect(text.status == 0)
    #expect(text.stdout.contains("p10") && text.stdout.contains("happened"))
    let json = try JSONReader.parse(try CommandRunner.fitquest(arguments + ["--format", "json"]).stdout)
    let comparison = try #require(json["scenarios"]?.elements?.first)
    let moves = try #require(comparison["moves"]?.elements)
    #expect(!moves.isEmpty)
    for move in moves {
      // Structured: a metric, both distributions and a delta, never a sentence.
      #expect(move["metric"]?.string != nil)
      #expect(move["base"]?["share"]?.number != nil && move["candidate"]?["p50"] != nil)
      #expect(move["delta"] != nil)
    }
    #expect(comparison["candidate"]?["path"]?.string == "rules with xp.categories.strength.multiplier=1.0")
    let csv = try CommandRunner.fitquest(arguments + ["--format", "csv"])
    let header = csv.stdout.split(separator: "\n").first.map(String.init)
    #expect(header == Comparison.csvHeader)
    #expect(!csv.stdout.contains("\u{2212}") && !csv.stdout.contains(",\""))
  }

  @Test func sweepCoversEveryScenarioOfADirectory() throws {
    let result = try CommandRunner.fitquest(
      ["sweep", "scenarios", "--set", "pack.constants.levelBase=150,180", "--metrics", "level.10", "--format", "csv"])
    #expect(result.status == 0)
    let rows = result.stdout.split(separator: "\n").dropFirst()
    let scenarios = Set(rows.map { String($0.split(separator: ",")[0]) })
    #expect(scenarios.count == 7)
    #expect(rows.count == 7 * 2)
    // A bigger level-curve base (a formula constant) makes level 10 come later, on every scenario.
    for scenario in scenarios {
      let days = rows.filter { $0.hasPrefix("\(scenario),") }.map { Double($0.split(separator: ",")[5]) ?? 0 }
      #expect(days[1] > days[0], "\(scenario)")
    }
    let json = try JSONReader.parse(
      try CommandRunner.fitquest([
        "sweep", "scenarios", "--set", "pack.constants.levelBase=150,180", "--metrics", "level.10", "--format", "json",
      ]).stdout)
    #expect(json["scenarios"]?.elements?.count == 7)
    #expect(
      json["scenarios"]?.elements?.first?["points"]?.elements?.first?["values"]?["pack.constants.levelBase"]?.number
        == 150)
  }

  @Test func progressShowsOnRequestAndOnlyThen() throws {
    let quiet = try CommandRunner.fitquest(["simulate", "--runs", "20", "--format", "json"])
    #expect(!quiet.stderr.contains("simulating"))
    let shown = try CommandRunner.fitquest(
      ["simulate", "--runs", "20", "--format", "json"],
      environment: ["FITQUEST_PROGRESS": "1", "FITQUEST_PROGRESS_DELAY": "0"])
    #expect(shown.stderr.contains("simulating beginner-3x: 20/20"))
    #expect(shown.stdout == quiet.stdout)
    let sweep = try CommandRunner.fitquest(
      ["sweep", "--set", "xp.caps.perDay=600,800", "--runs", "3", "--metrics", "totalXP"],
      environment: ["FITQUEST_PROGRESS": "1", "FITQUEST_PROGRESS_DELAY": "0"])
    #expect(sweep.stderr.contains("sweeping: 6/6"))
  }
}
