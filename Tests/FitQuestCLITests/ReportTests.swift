import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// `fitquest report` without a browser: the file stands alone, shows every part, its numbers
/// are those of `simulate --format json`, and it is byte-identical across runs and threads.
@Suite struct ReportTests {
  /// Writes a report and returns its text.
  static func report(_ arguments: [String], threads: Int = 2) throws -> String {
    let file = Paths.temporaryDirectory("report").appendingPathComponent("r.html")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let result = try CommandRunner.fitquest(["report", "--output", file.path, "--threads", "\(threads)"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  /// The milestone cells: side|metric|stat → the raw value ("null" for never).
  static func cells(_ html: String) -> [String: String] {
    var cells: [String: String] = [:]
    let pattern = #/data-side="([^"]*)" data-metric="([^"]*)" data-stat="([^"]*)" data-value="([^"]*)"/#
    for match in html.matches(of: pattern) {
      cells["\(match.1)|\(match.2)|\(match.3)"] = String(match.4)
    }
    return cells
  }

  /// `simulate --runs N --format json`: metric → stat → value (nil for null).
  static func simulated(_ arguments: [String]) throws -> [String: [String: Double?]] {
    let result = try CommandRunner.fitquest(["simulate", "--format", "json"] + arguments)
    #expect(result.status == 0)
    let json = try JSONReader.parse(result.stdout)
    var metrics: [String: [String: Double?]] = [:]
    for member in json["scenarios"]?.elements?.first?["metrics"]?.members ?? [] {
      var stats: [String: Double?] = [:]
      for stat in member.value.members ?? [] { stats[stat.key] = stat.value.number }
      metrics[member.key] = stats
    }
    return metrics
  }

  @Test func numbersEqualSimulateJSONAndTheFileStandsAlone() throws {
    let html = try Self.report(["--runs", "40", "scenarios/on-and-off.json"])
    let cells = Self.cells(html)
    let expected = try Self.simulated(["--runs", "40", "scenarios/on-and-off.json"])
    var compared = 0
    for (metric, stats) in expected where metric.hasPrefix("level.") || metric.hasPrefix("achievement.") || metric.hasPrefix("evolution.") {
      for stat in ["p10", "p50", "p90", "share"] {
        let shown = cells["rules|\(metric)|\(stat)"]
        let value = stats[stat] ?? nil
        #expect(shown == (value.map(NumberText.format) ?? "null"), "\(metric) \(stat)")
        compared += 1
      }
    }
    #expect(compared > 100)
    // Self-contained: no network, no external files.
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="))
    for part in ["<dt>rules</dt>", "digest", "<dt>seeds</dt>", "<dt>runs</dt>", "<dt>FitQuest</dt>", "Total XP by day", "Player level by day",
      "Companion level by day", "XP per week", "Milestones", "Nutrition targets", "Load progression"]
    {
      #expect(html.contains(part), "missing \(part)")
    }
    #expect(html.contains("class=\"bar base never\""), "a 'never' bar")
    #expect(!html.contains("d=\"M\""), "an empty path")
  }

  @Test func overlayAndSweepAndIdenticalBytesWhateverTheThreads() throws {
    let arguments = [
      "--runs", "12", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.5",
      "--sweep", "xp.caps.perDay=400,800", "scenarios/beginner-3x.json",
    ]
    let one = try Self.report(arguments, threads: 1)
    let two = try Self.report(arguments, threads: 2)
    #expect(one == two)
    #expect(one.contains("candidate overrides"))
    #expect(one.contains("class=\"median candidate\""))
    #expect(one.contains("What moved</h3><table class=\"moved\">"))
    // Strength XP × 1.5 instead of 1.2 moves total XP up.
    #expect(one.contains("<tr data-metric=\"totalXP\">"))
    #expect(one.contains("Sweep of xp.caps.perDay"))
    #expect(one.contains("data-chart=\"sweep-beginner-3x-totalXP\""))
  }

  @Test func badArgumentsAreUsageErrors() throws {
    let candidateAlone = try CommandRunner.fitquest(["report", "--candidate", "rules"])
    #expect(candidateAlone.status == 64)
    #expect(candidateAlone.stderr.contains("error: --candidate and --set-candidate need --base DIR"))
    let badSweep = try CommandRunner.fitquest(["report", "--sweep", "xp.caps.perDay"])
    #expect(badSweep.status == 64)
  }
}
