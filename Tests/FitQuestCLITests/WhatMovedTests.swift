import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// `compare` lists what moved by what matters: headline milestones first by days moved, then the
/// other milestones, then amounts by relative change; nothing that did not move; no table when
/// nothing moved.
@Suite struct WhatMovedTests {
  /// The signed change at the end of a move line: "(+21)" → 21, "(−11%)" → 0.11.
  static func change(_ line: Substring) -> Double? {
    guard let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
    var text = line[line.index(after: open)..<line.index(before: line.endIndex)]
      .replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: ",", with: "")
    let percent = text.hasSuffix("%")
    if percent { text.removeLast() }
    return Double(text).map { abs($0) / (percent ? 100 : 1) }
  }

  @Test func headlineMilestonesFirstByDaysThenAmountsByRelativeChange() throws {
    let result = try CommandRunner.fitquest([
      "compare", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.0",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let text = result.stdout.split(separator: "\n\n")[0]
    let moves = text.split(separator: "\n").dropFirst(2).map { $0.dropFirst(2) }
    let headline = moves.prefix { $0.hasPrefix("level ") || $0.hasPrefix("first evolution") }
    #expect(headline.count >= 4, "\(moves)")
    // Issue 27: "level 3: day 3 → day 5" ranked above "level 15 (+11 days)" by relative change.
    let days = headline.compactMap(Self.change)
    #expect(days.count == headline.count)
    #expect(days == days.sorted(by: >), "headline moves by days: \(headline)")
    #expect(headline.first?.hasPrefix("level 20") == true)
    // The achievement for reaching level 10 moves with level 10: one line, not two.
    #expect(
      headline.contains { $0.hasPrefix("level 10 (and achievement 'level' tier 2) reached on day 43 → day 50 (+7)") })
    #expect(!moves.contains { $0.hasPrefix("achievement 'level' tier 2") })
    // Amounts after every milestone, by relative change; nothing listed that did not move.
    let amounts = moves.drop { !$0.contains(":") || $0.hasPrefix("level ") }
    let relative = amounts.compactMap(Self.change)
    #expect(relative == relative.sorted(by: >), "\(amounts)")
    #expect(!moves.contains { $0.hasSuffix("(0%)") || $0.hasSuffix("(±0)") }, "\(moves)")
  }

  @Test func aTailThatMovedIsNotAMoveAndNothingMovedPrintsNoTable() throws {
    // Issue 27: the README's compare example moved nothing and printed an 80-row table of ±0.
    let result = try CommandRunner.fitquest(["compare", "--base", "rules", "--set-candidate", "xp.caps.perDay=600"])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 2, "\(result.stdout)")
    #expect(result.stdout.contains("nothing moved"))
    // A distribution whose median and share stayed put is not listed, even if its tails moved.
    let runs = try CommandRunner.fitquest([
      "compare", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.0",
      "--runs", "20", "--format", "json",
    ])
    let json = try JSONReader.parse(runs.stdout)
    for move in json["scenarios"]?.elements?.first?["moves"]?.elements ?? [] {
      let base = move["base"], candidate = move["candidate"]
      let moved =
        base?["p50"]?.number != candidate?["p50"]?.number || base?["share"]?.number != candidate?["share"]?.number
      #expect(moved, "\(move["metric"]?.string ?? "?") listed without moving")
    }
  }

  @Test func theReadmeCompareExampleMovesSomething() throws {
    let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("$ swift run fitquest compare ") })
    let arguments = line.dropFirst("$ swift run fitquest ".count).split(separator: " ").map(String.init)
    let result = try CommandRunner.fitquest(arguments.map { $0 == "200" ? "20" : $0 })
    #expect(result.status == 0)
    #expect(result.stdout.contains("What moved (most first):"), "\(result.stdout.prefix(300))")
  }
}
