import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A project in a temporary directory: `rules/` (the `bare` fixture pack) and `scenarios/tiny.json`.
/// XP per workout is (10 + 30) × 2 plus bonuses: 504 over two weeks, level 4 on day 5 (see
/// BalancingToolTests for the hand computation); with the multiplier at 1: 264, level 4 on day 10.
struct TinyProject {
  let root: URL

  init() throws {
    root = Paths.temporaryDirectory("check")
    let fixtures = Paths.repository.appendingPathComponent("Tests")
    try FileManager.default.copyItem(
      at: fixtures.appendingPathComponent("EngineTests/Fixtures/bare"), to: root.appendingPathComponent("rules"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
    let scenario = try String(
      contentsOf: fixtures.appendingPathComponent("SimulationTests/Fixtures/tiny.json"), encoding: .utf8
    )
    .replacingOccurrences(of: "../../EngineTests/Fixtures/bare", with: "../rules")
    try scenario.write(to: root.appendingPathComponent("scenarios/tiny.json"), atomically: true, encoding: .utf8)
  }

  func run(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.fitquest(arguments, in: root)
  }

  func setMultiplier(_ value: String) throws {
    let url = root.appendingPathComponent("rules/xp.json")
    let text = try String(contentsOf: url, encoding: .utf8)
      .replacing(#/"strength": { "multiplier": [0-9.]+,/#, with: #""strength": { "multiplier": \#(value),"#)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
}

@Suite struct CheckCommandTests {
  @Test func ruleChangeFailsWithASemanticDiffUntilUpdated() throws {
    let project = try TinyProject()
    let first = try project.run(["check"])
    #expect(first.status == 1)
    #expect(first.stdout.contains("NEW      tiny: no snapshot at scenarios/snapshots/tiny.json"))
    let update = try project.run(["check", "--update"])
    #expect(update.status == 0)
    #expect(update.stdout.contains("updated scenarios/snapshots/tiny.json"))
    let clean = try project.run(["check"])
    #expect(clean.status == 0)
    #expect(clean.stdout.contains("ok       tiny: snapshot unchanged; 2 of 2 expectations hold"))

    try project.setMultiplier("1")
    let changed = try project.run(["check"])
    #expect(changed.status == 1)
    let lines = changed.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.first == "CHANGED  tiny: snapshot changed; 0 of 2 expectations hold")
    #expect(lines.contains("total XP: 504 → 264 (\u{2212}47.6%)"))
    #expect(lines.contains("level 2: day 1 → day 3"))
    #expect(lines.contains("level 4: day 5 → day 10"))
    #expect(
      lines.contains("award stream differs from day 1 (2026-01-05); first difference: 'xp w1-1 +83' → 'xp w1-1 +43'"))
    #expect(lines.contains("scenarios/tiny.json:9:5: error: expectation failed: level.4 at most 7; actual day 10"))
    #expect(
      lines.contains("scenarios/tiny.json:10:5: error: expectation failed: totalXP between 400 and 600; actual 264"))
    #expect(lines.contains("1 scenario: 0 unchanged, 1 changed; 0 of 2 expectations hold"))

    // The expectations fail, so --update records no golden file of this outcome (issue 27): the
    // snapshot keeps the accepted outcome, byte for byte, and the run says why and exits 1.
    let path = project.root.appendingPathComponent("scenarios/snapshots/tiny.json")
    let snapshot = try Data(contentsOf: path)
    let refused = try project.run(["check", "--update"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "not updated: scenarios/snapshots/tiny.json: 2 expectations of 'tiny' failed; fix the rules or the scenario's 'expect' first\n"
    )
    #expect(!refused.stdout.contains("updated scenarios/snapshots/tiny.json"))
    #expect(try Data(contentsOf: path) == snapshot)
    try project.setMultiplier("2")
    #expect(try project.run(["check"]).status == 0)
  }

  @Test func setPreviewsAChangeWithoutTouchingFiles() throws {
    let project = try TinyProject()
    _ = try project.run(["check", "--update"])
    let snapshot = try Data(contentsOf: project.root.appendingPathComponent("scenarios/snapshots/tiny.json"))
    let preview = try project.run(["check", "--set", "xp.categories.strength.multiplier=1"])
    #expect(preview.status == 1)
    #expect(preview.stdout.contains("total XP: 504 → 264 (\u{2212}47.6%)"))
    #expect(try Data(contentsOf: project.root.appendingPathComponent("scenarios/snapshots/tiny.json")) == snapshot)
    let refused = try project.run(["check", "--update", "--set", "xp.categories.strength.multiplier=1"])
    #expect(refused.status == 64)
  }

  @Test func junitIsWellFormedWithOneCasePerScenarioAndExpectation() throws {
    let project = try TinyProject()
    _ = try project.run(["check", "--update"])
    try project.setMultiplier("1")
    let result = try project.run(["check", "--junit", "report.xml"])
    #expect(result.status == 1)
    let data = try Data(contentsOf: project.root.appendingPathComponent("report.xml"))
    let collector = XMLCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    #expect(parser.parse(), "report.xml is not well-formed XML")
    #expect(collector.testcases == ["snapshot", "expect level.4 at most 7", "expect totalXP between 400 and 600"])
    #expect(collector.failures == 3)
    #expect(collector.rootAttributes["tests"] == "3")
  }

  @Test func invalidFilesExit65() throws {
    let project = try TinyProject()
    let url = project.root.appendingPathComponent("scenarios/tiny.json")
    let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
      of: #""seed": 1,"#, with: #""sed": 1,"#)
    try text.write(to: url, atomically: true, encoding: .utf8)
    let result = try project.run(["check"])
    #expect(result.status == 65)
    #expect(
      result.stdout.contains(
        "INVALID  tiny: cannot be checked\n           scenarios/tiny.json:4:3: error: unknown key 'sed'; did you mean 'seed'?"
      ))
  }
}

final class XMLCollector: NSObject, XMLParserDelegate {
  var testcases: [String] = []
  var failures = 0
  var rootAttributes: [String: String] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if elementName == "testsuites" { rootAttributes = attributes }
    if elementName == "testcase" { testcases.append(attributes["name"] ?? "") }
    if elementName == "failure" { failures += 1 }
  }
}

/// `check` with several scenarios: invalid ones beside valid ones, one scenario updated, orphaned
/// snapshots, JSON, files as arguments.
@Suite struct CheckWorkflowTests {
  /// The tiny project plus a second scenario, `other.json` (tiny with seed 2).
  func project() throws -> TinyProject {
    let project = try TinyProject()
    try #"{ "extends": "tiny.json", "seed": 2 }"#.write(
      to: project.root.appendingPathComponent("scenarios/other.json"), atomically: true, encoding: .utf8)
    return project
  }

  @Test func aBadMetricIsLocatedWithAHintAndTheOthersAreStillChecked() throws {
    let project = try project()
    _ = try project.run(["check", "--update"])
    let marked = MarkedText(
      #"""
      { "extends": "tiny.json", "seed": 3,
        "expect": [ { "metric": 1️⃣"levle.5", "atMost": 3 } ] }
      """#)
    try marked.text.write(
      to: project.root.appendingPathComponent("scenarios/bad.json"), atomically: true, encoding: .utf8)
    let result = try project.run(["check", "--junit", "out/report.xml"])
    #expect(result.status == 65)
    let position = try #require(marked.position())
    #expect(result.stdout.contains("INVALID  bad: cannot be checked"))
    #expect(
      result.stdout.contains(
        "scenarios/bad.json:\(position.line):\(position.column): error: unknown metric 'levle.5'; did you mean 'level.5'?"
      ))
    #expect(!result.stdout.contains("atMost"))
    #expect(result.stdout.contains("ok       other: snapshot unchanged; 2 of 2 expectations hold"))
    #expect(result.stdout.contains("ok       tiny: snapshot unchanged; 2 of 2 expectations hold"))
    #expect(result.stdout.contains("3 scenarios: 2 unchanged, 1 invalid; 4 of 4 expectations hold"))
    // The JUnit file is written, with the invalid scenario as an error (into a new directory).
    let xml = try String(contentsOf: project.root.appendingPathComponent("out/report.xml"), encoding: .utf8)
    #expect(xml.contains("<testsuites name=\"fitquest check\" tests=\"7\" failures=\"0\" errors=\"1\">"))
    #expect(xml.contains("did you mean &apos;level.5&apos;?"))
  }

  @Test func jsonOutputHasOneEntryPerScenario() throws {
    let project = try project()
    _ = try project.run(["check", "--update"])
    try project.setMultiplier("1")
    let result = try project.run(["check", "--format", "json"])
    #expect(result.status == 1)
    let json = try JSONReader.parse(result.stdout)
    let scenarios = try #require(json["scenarios"]?.elements)
    #expect(scenarios.map { $0["scenario"]?.string } == ["other", "tiny"])
    let tiny = scenarios[1]
    #expect(tiny["status"]?.string == "changed")
    #expect(tiny["snapshot"]?["changes"]?.elements?.first?.string == "total XP: 504 → 264 (\u{2212}47.6%)")
    let passed: [JSONValue.Kind?] = tiny["expectations"]?.elements?.map { $0["passed"]?.kind } ?? []
    #expect(passed == [.bool(false), .bool(false)])
    #expect(tiny["expectations"]?.elements?.first?["location"]?.string == "scenarios/tiny.json:9:5")
  }

  @Test func updateOneScenarioReportOrphansAndCheckAFile() throws {
    let project = try project()
    _ = try project.run(["check", "--update"])
    // At 1.8 the outcome changes and tiny's expectations still hold (456 XP, level 4 by day 7).
    try project.setMultiplier("1.8")
    let one = try project.run(["check", "--update", "tiny"])
    #expect(one.stdout.contains("updated scenarios/snapshots/tiny.json"))
    #expect(!one.stdout.contains("updated scenarios/snapshots/other.json"))
    #expect(one.status == 1)  // other.json's snapshot is still stale
    // A file as the argument checks that scenario only.
    let file = try project.run(["check", "scenarios/tiny.json"])
    #expect(file.stdout.contains("CHANGED") == false)
    #expect(file.stdout.contains("1 scenario: 1 unchanged"))
    // A snapshot without its scenario is reported, and --update removes it.
    try FileManager.default.removeItem(at: project.root.appendingPathComponent("scenarios/other.json"))
    let orphan = try project.run(["check"])
    #expect(orphan.status == 1)
    #expect(orphan.stdout.contains("ORPHAN   scenarios/snapshots/other.json: its scenario is gone"))
    let cleaned = try project.run(["check", "--update"])
    #expect(cleaned.stdout.contains("updated scenarios/snapshots/other.json (removed)"))
    #expect(
      !FileManager.default.fileExists(
        atPath: project.root.appendingPathComponent("scenarios/snapshots/other.json").path))
    #expect(try project.run(["check"]).status == 0)  // tiny's snapshot was updated, its expectations hold
    let unknown = try project.run(["check", "--update", "tinny"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains("error: --update tinny: no such scenario among those checked; did you mean 'tiny'?"))
  }

  @Test func extendsMergesAVariantOverItsParent() throws {
    let project = try project()
    let result = try project.run(["simulate", "scenarios/other.json", "--format", "json"])
    #expect(result.status == 0)
    let json = try JSONReader.parse(result.stdout)
    let scenario = try #require(json["scenarios"]?.elements?.first)
    #expect(scenario["scenario"]?.string == "other")
    #expect(scenario["seed"]?.number == 2)
    #expect(scenario["days"]?.number == 14)
    // An error in the variant is located in the variant; a cycle is an error.
    let marked = MarkedText(
      #"{ "extends": "tiny.json", "plan": { "sessions": [ { "days": ["mon"], 1️⃣"category": "strenght", "durationMin": 30 } ] } }"#
    )
    try marked.text.write(
      to: project.root.appendingPathComponent("scenarios/typo.json"), atomically: true, encoding: .utf8)
    let typo = try project.run(["simulate", "scenarios/typo.json"])
    #expect(typo.status == 65)
    let column = (marked.position()?.column ?? 0) + 12
    #expect(
      typo.stderr.contains(
        "scenarios/typo.json:1:\(column): error: unknown category 'strenght'; did you mean 'strength'?"))
    try #"{ "extends": "loop.json", "seed": 1 }"#.write(
      to: project.root.appendingPathComponent("scenarios/loop.json"), atomically: true, encoding: .utf8)
    let loop = try project.run(["simulate", "scenarios/loop.json"])
    #expect(loop.status == 65)
    #expect(loop.stderr.contains("error: 'extends' makes a cycle: scenarios/loop.json → scenarios/loop.json"))
  }

  /// Issue 27: a variant adds a session with "sessions+" instead of copying the parent's.
  @Test func extendsAddsToAnArrayWithAPlusKey() throws {
    let project = try project()
    try
      #"{ "extends": "tiny.json", "plan": { "sessions+": [ { "days": ["sat"], "category": "strength", "durationMin": 30, "rpe": 7 } ] } }"#
      .write(to: project.root.appendingPathComponent("scenarios/plus.json"), atomically: true, encoding: .utf8)
    func workouts(_ file: String) throws -> Double? {
      let result = try project.run(["simulate", file, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      return try JSONReader.parse(result.stdout)["scenarios"]?.elements?.first?["metrics"]?["workouts"]?.number
    }
    // Two weeks from Monday 5 January: Mon/Wed/Fri make 6 workouts; the added Saturdays 2 more.
    #expect(try workouts("scenarios/tiny.json") == 6)
    #expect(try workouts("scenarios/plus.json") == 8)
    // An added element is checked where it is written; "KEY+" needs an array.
    let marked = MarkedText(
      #"{ "extends": "tiny.json", "plan": { "sessions+": [ { "days": ["sat"], 1️⃣"category": "strenght", "durationMin": 30 } ] } }"#
    )
    try marked.text.write(
      to: project.root.appendingPathComponent("scenarios/plus.json"), atomically: true, encoding: .utf8)
    let typo = try project.run(["simulate", "scenarios/plus.json"])
    #expect(typo.status == 65)
    #expect(
      typo.stderr.contains(
        "scenarios/plus.json:1:\((marked.position()?.column ?? 0) + 12): error: unknown category 'strenght'"),
      "\(typo.stderr)")
    try #"{ "extends": "tiny.json", "plan": { "sessions+": { "days": ["sat"] } } }"#
      .write(to: project.root.appendingPathComponent("scenarios/plus.json"), atomically: true, encoding: .utf8)
    let notArray = try project.run(["simulate", "scenarios/plus.json"])
    #expect(notArray.status == 65)
    #expect(
      notArray.stderr.contains(
        "scenarios/plus.json:1:50: error: 'sessions+' adds the elements of an array; this is not an array"),
      "\(notArray.stderr)")
  }

  @Test func outputFilesGoIntoNewDirectoriesAlike() throws {
    let project = try project()
    let svg = try project.run(["simulate", "scenarios/tiny.json", "--svg", "charts/a/run.svg"])
    #expect(svg.status == 0)
    #expect(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("charts/a/run.svg").path))
    let junit = try project.run(["check", "--junit", "reports/b/junit.xml"])
    #expect(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("reports/b/junit.xml").path))
    #expect(junit.status == 1)
  }
}
