import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// One edit to a file of the `mini` pack and the diagnostics it must produce; `1️⃣`, `2️⃣` in the
/// replacement mark where each diagnostic points.
struct PackEdit: Sendable, CustomTestStringConvertible {
  var file: String
  var old: String
  var new: String
  var expected: [(String, String)]
  var testDescription: String { "\(file): \(expected.first?.1 ?? "")" }
}

@Suite struct ValidationTests {
  static let edits: [PackEdit] = [
    PackEdit(
      file: "companions.json",
      old: #""blaze": { "element": "fire", "stage": 3,"#,
      new: #""blaze": 2️⃣{ "element": "fire", "stage": 3, "evolvesTo": { "species": "flame", "atLevel": 5 },"#,
      expected: [
        ("1️⃣", "evolution chain has a cycle: flame → blaze → flame"),
        ("2️⃣", "'blaze' (stage 3) evolves into 'flame' (stage 2); an evolution must go to the next stage"),
      ]),
    PackEdit(
      file: "companions.json",
      old: #""drip": {"#,
      new:
        #""orphan": 1️⃣{ "element": "fire", "stage": 2, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 }, "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } }, "drip": {"#,
      expected: [("1️⃣", "species 'orphan' (stage 2) is unreachable: no species evolves into it")]),
    PackEdit(
      file: "companions.json", old: #""cinder": { "element": "fire","#, new: #""cinder": { "element": 1️⃣"fyre","#,
      expected: [("1️⃣", "unknown element 'fyre'; did you mean 'fire'?")]),
    PackEdit(
      file: "nutrition.json", old: #""clamp": 0.15"#, new: #""clamp": 1️⃣1.5"#,
      expected: [("1️⃣", "'clamp' must be between 0 and 1; found 1.5")]),
    PackEdit(
      file: "xp.json", old: #""perWorkout": 100"#, new: #"1️⃣"perWorkot": 100"#,
      expected: [("1️⃣", "unknown key 'perWorkot' in 'caps'; did you mean 'perWorkout'?")]),
    PackEdit(
      file: "levels.json", old: "[50, 120, 200]", new: "[50, 120, 1️⃣120]",
      expected: [("1️⃣", "the player level table is not strictly increasing: level 4 needs 120 XP, level 3 needs 120")]),
    PackEdit(
      file: "levels.json", old: #"{ "table": [50, 120, 200] }"#, new: #"{ "maxLevel": 5, "curve": 1️⃣"100" }"#,
      expected: [("1️⃣", "the player level curve is not strictly increasing: level 3 needs 100 XP, level 2 needs 100")]),
    PackEdit(
      file: "achievements.json", old: #""condition": "player.workouts >= 1""#,
      new: #""condition": "1️⃣player.workout >= 1""#,
      expected: [("1️⃣", "unknown variable 'player.workout'; did you mean 'player.workouts'?")]),
    PackEdit(
      file: "exercises.json", old: #""Run": { "category": "cardio" }"#, new: #""Run": { "category": 1️⃣"cardoi" }"#,
      expected: [("1️⃣", "unknown category 'cardoi'; did you mean 'cardio'?")]),
    PackEdit(
      file: "achievements.json", old: #"{ "id": "mixed""#, new: #"{ "id": 1️⃣"first""#,
      expected: [("1️⃣", "duplicate achievement id 'first'; it is first defined on line 3")]),
    PackEdit(
      file: "xp.json", old: #""strength": { "multiplier": 2,"#, new: #""strength": { "multiplier": 1️⃣"2","#,
      expected: [("1️⃣", "'categories.strength.multiplier' must be a number; found a string")]),
    PackEdit(
      file: "xp.json", old: #""duration": "workout.durationMin""#, new: #""duration": "1️⃣workout.isFirstOfWeek""#,
      expected: [("1️⃣", "this formula must compute a number, but it computes true or false")]),
    PackEdit(
      file: "companions.json", old: #""condition": "player.workouts >= 3""#,
      new: #""condition": "1️⃣player.workoutz >= 3""#,
      expected: [("1️⃣", "unknown variable 'player.workoutz'; did you mean 'player.workouts'?")]),
    PackEdit(
      file: "pack.json", old: #""format": 1"#, new: #""format": 1️⃣2"#,
      expected: [("1️⃣", "rule pack format 2 is newer than this fitquest supports (1); update fitquest")]),
    PackEdit(
      file: "progression.json", old: #"{ "upTo": 8, "change": 0.025, "label": "solid" }"#,
      new: #"{ "upTo": 1️⃣5, "change": 0.025, "label": "solid" }"#,
      expected: [("1️⃣", "bands must be in increasing order of 'upTo'; 5 follows 6")]),
    PackEdit(
      file: "xp.json", old: #""terms": {"#, new: #""terms": { "bad": "1 1️⃣/ (2 - 2)","#,
      expected: [("1️⃣", "division by zero in '1 / (2 - 2)'")]),
  ]

  @Test(arguments: edits)
  func reportsExactPositions(_ edit: PackEdit) throws {
    let directory = try Fixture.copy("mini")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent(edit.file)
    let original = try String(contentsOf: url, encoding: .utf8)
    #expect(original.contains(edit.old), "the fixture changed; '\(edit.old)' not found")
    var marked = original.replacingOccurrences(of: edit.old, with: edit.new)
    if edit.expected.contains(where: { $0.0 == "1️⃣" }) && !edit.new.contains("1️⃣") {
      // The cycle case points at flame's object, which the edit does not touch.
      marked = marked.replacingOccurrences(of: #""flame": {"#, with: #""flame": 1️⃣{"#)
    }
    let text = MarkedText(marked)
    try text.text.write(to: url, atomically: true, encoding: .utf8)
    let error = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    let expected = try edit.expected.map { marker, message in
      let position = try #require(text.position(marker))
      return "\(url.path):\(position.line):\(position.column): error: \(message)"
    }
    #expect(error.diagnostics.map(\.headline) == expected)
  }

  @Test func reportsEveryProblemOfEveryFileAtOnce() throws {
    let directory = try Fixture.copy("mini")
    defer { try? FileManager.default.removeItem(at: directory) }
    try #"{ "format": 1, "name": "x", "version": "1", "colour": 3 }"#.write(
      to: directory.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
    try "{ \"graceDays\": 99 }".write(
      to: directory.appendingPathComponent("streaks.json"), atomically: true, encoding: .utf8)
    try "{}".write(to: directory.appendingPathComponent("achievment.json"), atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: directory.appendingPathComponent("levels.json"))
    let error = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    let path = directory.path
    // A wrong file set does not hide the problems inside the files that are there.
    #expect(
      error.diagnostics.map(\.headline) == [
        "\(path)/achievment.json: error: unknown rule file 'achievment.json'; did you mean 'achievements.json'?",
        "\(path): error: missing required file 'levels.json'",
        "\(path)/pack.json:1:45: error: unknown key 'colour'",
        "\(path)/streaks.json:1:16: error: 'graceDays' must be between 0 and 30; found 99",
      ])
    // Once the file set is right, the same problems inside the files remain.
    try FileManager.default.removeItem(at: directory.appendingPathComponent("achievment.json"))
    try "{ \"table\": [50] }".write(
      to: directory.appendingPathComponent("levels.json"), atomically: true, encoding: .utf8)
    let second = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    #expect(
      second.diagnostics.map(\.headline) == [
        "\(path)/pack.json:1:45: error: unknown key 'colour'",
        "\(path)/streaks.json:1:16: error: 'graceDays' must be between 0 and 30; found 99",
      ])
  }

  @Test func missingDirectoryAndSyntaxErrorsAreLocated() throws {
    #expect(throws: DiagnosticError(.unreadable("/nonexistent/rules", "no such rule pack directory"))) {
      try RulePackLoader.load(directory: "/nonexistent/rules")
    }
    let directory = try Fixture.copy("bare")
    defer { try? FileManager.default.removeItem(at: directory) }
    try "{ \"table\": [50, 120,] }".write(
      to: directory.appendingPathComponent("levels.json"), atomically: true, encoding: .utf8)
    let error = try #require(throws: DiagnosticError.self) { try RulePackLoader.load(directory: directory.path) }
    #expect(
      error.diagnostics.map(\.headline) == [
        "\(directory.path)/levels.json:1:21: error: trailing comma before ']' is not allowed"
      ])
  }

  @Test func overridesChangeValuesAndReportBadPaths() throws {
    let pack = try RulePackLoader.load(
      directory: Fixture.path("mini"), overrides: [try JSONOverride(parsing: "xp.categories.strength.multiplier=3")])
    #expect(pack.categories[0].parameters == [3, 10])
    let byID = try RulePackLoader.load(
      directory: Fixture.path("mini"),
      overrides: [try JSONOverride(parsing: "achievements.achievements.first.rewardXP=99")])
    #expect(byID.achievements[0].tiers[0].rewardXP == 99)
    #expect(
      throws: DiagnosticError(
        Diagnostic(
          message:
            "cannot apply --set xp.categories.strength.multipler=3: no key 'multipler' in 'xp.categories.strength'; did you mean 'multiplier'?"
        ))
    ) {
      try RulePackLoader.load(
        directory: Fixture.path("mini"), overrides: [try JSONOverride(parsing: "xp.categories.strength.multipler=3")])
    }
    #expect(
      throws: DiagnosticError(
        Diagnostic(message: "cannot apply --set xpp.caps.perDay=1: no rule file 'xpp.json'; did you mean 'xp'?"))
    ) {
      try RulePackLoader.load(
        directory: Fixture.path("mini"), overrides: [try JSONOverride(parsing: "xpp.caps.perDay=1")])
    }
  }

  @Test func theDefaultPackValidates() throws {
    let pack = try RulePackLoader.load(directory: Paths.rules)
    #expect(pack.categories.map(\.name) == ["strength", "cardio", "flexibility", "sports", "other"])
    #expect(pack.companions?.elements.count == 8)
    #expect((pack.companions?.species.count ?? 0) >= 8)
    #expect(pack.levels.maxLevel == 100)
  }
}
