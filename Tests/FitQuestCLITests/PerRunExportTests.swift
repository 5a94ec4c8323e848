import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// `simulate --runs N --format csv --per-run` and `--percentiles LIST` (issue 27).
@Suite struct PerRunExportTests {
  static let scenario = "scenarios/dieter.json"

  /// totalXP of each run, read from `--per-run`.
  static func totalXP(runs: Int) throws -> [Double] {
    let result = try CommandRunner.fitquest(
      ["simulate", scenario, "--runs", "\(runs)", "--format", "csv", "--per-run"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "scenario,run,metric,value")
    let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    // One row per run × metric, runs in order.
    let metrics = Set(rows.map { $0[2] }).count
    #expect(rows.count == runs * metrics)
    #expect(rows.map { Int($0[1]) ?? -1 } == (0..<runs).flatMap { Array(repeating: $0, count: metrics) })
    return rows.filter { $0[2] == "totalXP" }.map { Double($0[3]) ?? -1 }
  }

  @Test func everyRunIsARowAndRunZeroIsTheSingleRun() throws {
    let runs = try Self.totalXP(runs: 4)
    #expect(runs.count == 4)
    // Run 0 uses the scenario's seed: it is the single run.
    let single = try CommandRunner.fitquest(["simulate", Self.scenario, "--format", "json"])
    let document = try JSONReader.parse(single.stdout)
    #expect(document["scenarios"]?.elements?.first?["metrics"]?["totalXP"]?.number == runs[0])

    // Nearest rank over the 4 runs: p25 is the 1st smallest, p50 the 2nd, p75 the 3rd, p100 the max.
    let sorted = runs.sorted()
    let csv = try CommandRunner.fitquest(
      ["simulate", Self.scenario, "--runs", "4", "--format", "csv", "--percentiles", "75,25,50,100"])
    let lines = csv.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "scenario,metric,runs,p25,p50,p75,p100,min,max,share")
    let row = lines.first { $0.hasPrefix("dieter,totalXP,") }?.split(separator: ",").map { Double($0) }
    #expect(row.map { Array($0[3...6]) } == [sorted[0], sorted[1], sorted[2], sorted[3]])
    let text = try CommandRunner.fitquest(["simulate", Self.scenario, "--runs", "4", "--percentiles", "5,95"])
    #expect(text.stdout.contains("\nmetric" + String(repeating: " ", count: 38) + "p5       p95"))
    let json = try CommandRunner.fitquest(
      ["simulate", Self.scenario, "--runs", "4", "--format", "json", "--percentiles", "2.5,50"])
    let total = try JSONReader.parse(json.stdout)["scenarios"]?.elements?.first?["metrics"]?["totalXP"]
    #expect(total?.members?.map { $0.key } == ["p2.5", "p50", "min", "max", "share"])
    #expect(total?["p50"]?.number == sorted[1])
  }

  @Test func badListsAndCombinationsAreUsageErrors() throws {
    for (arguments, message) in [
      (["--runs", "4", "--percentiles", "5,abc"], "error: --percentiles: 'abc' is not a percentile from 0 to 100"),
      (["--runs", "4", "--percentiles", "101"], "error: --percentiles: '101' is not a percentile from 0 to 100"),
      (["--runs", "4", "--percentiles", "5,5"], "error: --percentiles: 5 is listed twice"),
      (
        ["--runs", "4", "--percentiles", "99.999"],
        "error: --percentiles: '99.999' has more decimals than a column name shows (at most 2); round it, e.g. to 100"
      ),
      (["--percentiles", "5"], "error: --percentiles describes many runs; add --runs N"),
      (["--per-run", "--format", "csv"], "error: --per-run describes many runs; add --runs N"),
      (["--runs", "4", "--per-run"], "error: --per-run writes csv; add --format csv"),
    ] {
      let result = try CommandRunner.fitquest(["simulate", Self.scenario] + arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
    }
  }
}
