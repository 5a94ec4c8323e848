import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// `fitquest lint` and `fitquest sensitivity` end to end: outputs, exit codes, determinism.
@Suite struct LintAndSensitivityCommandTests {
  static let lintRules = "Tests/SimulationTests/Fixtures/lint-rules"
  static let tuneScenario = "Tests/SimulationTests/Fixtures/tune.json"

  @Test func theDefaultPackLintsClean() throws {
    let result = try CommandRunner.fitquest(["lint", "--strict"])
    #expect(result.status == 0)
    #expect(result.stdout == "rules: no warnings\n")
  }

  @Test func strictFailsOnAWarningAndTheWarningIsLocated() throws {
    let work = Paths.temporaryDirectory("lint")
    defer { try? FileManager.default.removeItem(at: work) }
    let rules = work.appendingPathComponent("rules")
    try FileManager.default.copyItem(
      atPath: Paths.repository.appendingPathComponent(Self.lintRules).path, toPath: rules.path)
    let quests = rules.appendingPathComponent("quests.json")
    let text = try String(contentsOf: quests, encoding: .utf8).replacingOccurrences(
      of: "period.minutes >= 30", with: "period.minutes >= 1500")
    try text.write(to: quests, atomically: true, encoding: .utf8)
    let plain = try CommandRunner.fitquest(["lint", "rules"], in: work)
    #expect(plain.status == 0)
    let lines = plain.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "rules/quests.json:3:69: warning: quest 'move' can never be completed in a day [unreachable]")
    #expect(lines.contains("note: its condition is false for every value its facts can take: a day has 1,440 minutes"))
    #expect(lines.contains("note: fix: lower the threshold to at most 1440, or make it a weekly quest"))
    #expect(lines.last == "rules: 1 warning")
    #expect(try CommandRunner.fitquest(["lint", "rules", "--strict"], in: work).status == 1)
  }

  @Test func simulateAddsEvidenceFromTheRuns() throws {
    let result = try CommandRunner.fitquest([
      "lint", Self.lintRules, "--simulate", "10", "Tests/SimulationTests/Fixtures/lint.json",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "achievements.json:3:58: warning: 'first' unlocks on day 1 in every one of 10 runs of 1 scenario [day-one]"))
    #expect(
      result.stdout.contains(
        "warning: tier 'Level 20' of 'level' never unlocked in 10 runs of 1 scenario [never-fired]"))
    #expect(
      result.stdout.contains(
        "levels.json:1:28: warning: level 2 is reached on day 1 in every one of 10 runs of 1 scenario [day-one]"))
    #expect(result.stdout.hasSuffix("\(Self.lintRules): 6 warnings, 6 of them from the runs\n"))
  }

  @Test(
    arguments: [
      (["lint", "no-such-rules"], 66),
      (["lint", "rules", "scenarios/dieter.json"], 64),
      (["lint", "rules", "--horizon", "0"], 64),
      (["sensitivity", tuneScenario, "--value", "xp.bonuses.weak.xp"], 65),
      (["sensitivity", tuneScenario, "--metrics", "levle.5"], 64),
      (["sensitivity", tuneScenario, "--rank-by", "totalXP", "--metrics", "level.5"], 64),
      (["sensitivity", tuneScenario, "--metrics", ""], 64),
      (["sensitivity", tuneScenario, "--metrics", "totalXP,"], 64),
    ] as [([String], Int32)])
  func refusesBadInput(_ arguments: [String], _ status: Int32) throws {
    let result = try CommandRunner.fitquest(arguments)
    #expect(result.status == status, "\(result.stderr)")
    #expect(!result.stderr.isEmpty)
  }

  @Test func anEmptyMetricListOrNameIsAUsageErrorNotATableOfNothing() throws {
    let sweep = try CommandRunner.fitquest(["sweep", "--set", "xp.caps.perDay=500,600", "--metrics", ""])
    #expect(sweep.status == 64)
    #expect(sweep.stderr.hasPrefix("error: --metrics: no metric given; list one or more"))
    let sensitivity = try CommandRunner.fitquest(["sensitivity", Self.tuneScenario, "--metrics", "totalXP,,level.5"])
    #expect(sensitivity.status == 64)
    #expect(sensitivity.stderr.hasPrefix("error: --metrics 'totalXP,,level.5': an empty name"))
  }

  @Test func sensitivityIsTheSameForAnyThreadCount() throws {
    var outputs: [String] = []
    for threads in ["1", "3"] {
      let result = try CommandRunner.fitquest([
        "sensitivity", Self.tuneScenario, "--runs", "20", "--threads", threads, "--format", "csv", "--metrics",
        "level.5,totalXP",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(result.stdout)
    }
    #expect(outputs[0] == outputs[1])
    let rows = outputs[0].split(separator: "\n")
    #expect(rows.count == 1 + 9 * 2)
    #expect(rows[1].hasPrefix("tune,1,"))
  }

  @Test func theReportDrawsTornadoChartsInTheRankingOfSensitivity() throws {
    let work = Paths.temporaryDirectory("tornado")
    defer { try? FileManager.default.removeItem(at: work) }
    let output = work.appendingPathComponent("report.html").path
    let made = try CommandRunner.fitquest([
      "report", Self.tuneScenario, "--runs", "20", "--sensitivity", "--output", output,
    ])
    #expect(made.status == 0, "\(made.stderr)")
    let html = try String(contentsOfFile: output, encoding: .utf8)
    let section = try #require(html.range(of: "<h2 id=\"sensitivity\">")).upperBound
    let totalXP = try #require(
      html.range(of: "data-chart=\"sensitivity-tune-totalXP\"", range: section..<html.endIndex))
    // The chart's table lists the values moving total XP in the order sensitivity ranks them.
    let table = html[totalXP.upperBound...]
    let rows = table.components(separatedBy: "</table>")[0].components(separatedBy: "<tr><td>").dropFirst().map {
      $0.prefix { $0 != "<" }
    }
    let ranked = try CommandRunner.fitquest([
      "sensitivity", Self.tuneScenario, "--runs", "20", "--format", "csv", "--metrics", "totalXP", "--rank-by",
      "totalXP",
    ])
    let paths = ranked.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] }
    #expect(rows.map(String.init) == paths.prefix(rows.count).map(String.init))
    #expect(rows.count == 3)
  }

  @Test func sensitivityTextRanksAndExplains() throws {
    let result = try CommandRunner.fitquest([
      "sensitivity", Self.tuneScenario, "--runs", "20", "--metrics", "totalXP", "--rank-by", "totalXP", "--top", "2",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines[0]
        == "tune: 9 rule values, each 10% lower and higher; 20 runs per value and side (seeds derived from 7, the same for every value)"
    )
    #expect(lines.contains { $0.hasPrefix("   1  xp.categories.strength.multiplier") })
    #expect(lines.contains { $0.hasPrefix("   2  xp.categories.strength.base") })
    #expect(
      lines.contains(
        "7 more (--top N shows more; --format csv or json lists every value); 6 of 9 moved none of these metrics."))
  }
}
