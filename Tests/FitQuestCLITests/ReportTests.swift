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

  /// The milestone numbers: side|metric|stat → the raw value ("null" for never), read from the
  /// tables' data-sides and each row's data-metric and data-values ("p10 p50 p90 share" per side).
  static func cells(_ html: String) -> [String: String] {
    var cells: [String: String] = [:]
    for table in html.split(separator: "<table class=\"milestones\"").dropFirst() {
      guard let sides = table.firstMatch(of: #/^ data-sides="([^"]*)"/#)?.1.split(separator: "|") else { continue }
      let body = table.components(separatedBy: "</table>").first ?? ""
      for match in body.matches(of: #/data-metric="([^"]*)" data-values="([^"]*)"/#) {
        for (side, values) in zip(sides, match.2.split(separator: "|")) {
          for (stat, value) in zip(["p10", "p50", "p90", "share"], values.split(separator: " ")) {
            cells["\(side)|\(match.1)|\(stat)"] = String(value)
          }
        }
      }
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
    for (metric, stats) in expected
    where metric.hasPrefix("level.") || metric.hasPrefix("achievement.") || metric.hasPrefix("evolution.") {
      // A milestone that never happened in any run is named in one line instead of a row.
      if stats["share"] == 0 {
        #expect(cells["rules|\(metric)|share"] == nil && html.contains("Never happened in any run: "), "\(metric)")
        continue
      }
      for stat in ["p10", "p50", "p90", "share"] {
        let shown = cells["rules|\(metric)|\(stat)"]
        let value = stats[stat] ?? nil
        #expect(shown == (value.map(NumberText.format) ?? "null"), "\(metric) \(stat)")
        compared += 1
      }
    }
    #expect(compared > 40)
    // Self-contained: no network, no external files.
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="))
    for part in [
      "<dt>rules</dt>", "digest", "<dt>seeds</dt>", "<dt>runs</dt>", "<dt>FitQuest</dt>", "Total XP by day",
      "Player level by day",
      "Companion level by day", "XP per week", "Milestones", "Nutrition targets", "Load progression",
    ] {
      #expect(html.contains(part), "missing \(part)")
    }
    // Milestones as one chart (p10–p90 lines, median dots), duplicates merged into one row.
    #expect(html.contains("data-chart=\"on-and-off-milestones\""))
    #expect(html.contains("class=\"range base open\""), "a line that runs on to 'never'")
    #expect(html.components(separatedBy: "<svg").count - 1 < 15, "no chart per milestone")
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

  /// Issue 27: the answer first (headline, then contents, then the identity), details folded,
  /// one milestone chart per scenario, and the 7 shipped scenarios in under 300 kB (1.4 MB with
  /// a bar chart per milestone).
  @Test func theReportReadsTopDownAndStaysSmall() throws {
    let shipped = [
      "beginner-3x", "cardio-runner", "consistent-5x-lifter", "dieter", "on-and-off", "over-trainer-doubles",
      "weekend-warrior",
    ]
    let all = try Self.report(["--runs", "4"] + shipped.map { "scenarios/\($0).json" })
    #expect(all.utf8.count < 300_000, "\(all.utf8.count) bytes")
    let order = ["id=\"headline\"", "<nav class=\"toc\">", "<dl class=\"identity\">", "<section class=\"scenario\""]
    let positions = order.compactMap { all.range(of: $0)?.lowerBound }
    #expect(
      positions.count == order.count && positions == positions.sorted(), "headline, contents, identity, scenarios")
    // The single pack's headline: each scenario's milestones, linked to its section.
    #expect(all.contains("<td><a href=\"#beginner-3x\">beginner-3x</a><td>"))
    #expect(all.contains("<a href=\"#weekend-warrior-milestones\">milestones</a>"))
    // Several scenarios: the charts over time are folded; nutrition is a share of days, no "never".
    #expect(all.contains("<details class=\"fold\"><summary>Over time"))
    #expect(all.contains("share of days</text>"))
    let nutrition =
      all.components(separatedBy: "data-chart=\"dieter-nutrition\"").dropFirst().first?.components(
        separatedBy: "</svg>"
      ).first ?? ""
    #expect(!nutrition.isEmpty && !nutrition.contains(">never<"))

    // A compare of every shipped scenario stays under 300 kB too (424 kB before its lines were
    // simplified and the milestones that did not move drawn once); its headline lists what moved
    // most, by days, level milestones first.
    let compare = try Self.report(
      ["--runs", "8", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.0"]
        + shipped.map { "scenarios/\($0).json" })
    #expect(compare.utf8.count < 300_000, "\(compare.utf8.count) bytes")
    let headline = compare.components(separatedBy: "<nav").first ?? ""
    #expect(headline.contains("<ol class=\"top-moves\"><li>level "), "\(headline.suffix(600))")
    #expect(compare.contains("data-chart=\"beginner-3x-milestones\""))
    #expect(compare.contains("milestone rows that did not move</summary>"))
    // Two packs of one name and version are told apart by the directory given (issue 27: both
    // were "default 1.0.0"), as compare's text names them.
    #expect(compare.contains("<i></i>base: rules (default 1.0.0)</span>"))
    #expect(
      compare.contains("<i></i>candidate: rules with xp.categories.strength.multiplier=1.0 (default 1.0.0)</span>"))
    #expect(compare.contains("base: rules (default 1.0.0), digest "))
    // Both packs' markers, each in its colour.
    #expect(compare.contains("class=\"marker-label base\"") && compare.contains("class=\"marker-label candidate\""))

    // A sweep: its medians head the report, its charts come before the scenarios, and a day
    // axis starts near its values, not at 0.
    let sweep = try Self.report([
      "--runs", "4", "--sweep", "xp.categories.strength.multiplier=1.0,1.5", "scenarios/beginner-3x.json",
    ])
    #expect(
      (sweep.range(of: "id=\"sweep\"")?.lowerBound ?? sweep.endIndex)
        < (sweep.range(of: "class=\"scenario\"")?.lowerBound ?? sweep.startIndex))
    let levelChart =
      sweep.components(separatedBy: "data-chart=\"sweep-beginner-3x-level-10\"").dropFirst().first?.components(
        separatedBy: "</svg>"
      ).first ?? ""
    let firstTick = levelChart.firstMatch(of: #/class="tick ty"[^>]*><text[^>]*>([^<]*)</#)?.1
    #expect(firstTick != nil && firstTick != "0", "level 10's axis starts at \(firstTick ?? "?")")
  }

  @Test func badArgumentsAreUsageErrors() throws {
    let candidateAlone = try CommandRunner.fitquest(["report", "--candidate", "rules"])
    #expect(candidateAlone.status == 64)
    #expect(candidateAlone.stderr.contains("error: --candidate and --set-candidate need --base DIR"))
    let badSweep = try CommandRunner.fitquest(["report", "--sweep", "xp.caps.perDay"])
    #expect(badSweep.status == 64)
  }
}
