import FitQuestTestSupport
import Foundation
import Testing

/// Errors stop at the cause: one mistake is one error, with its hint, and a file that cannot be
/// read does not hide the problems of the others.
@Suite struct ErrorCauseTests {
  /// A copy of the shipped rules and scenarios with text replaced in some files.
  func workspace(_ edits: [(file: String, from: String, to: String)]) throws -> URL {
    let work = Paths.temporaryDirectory("cause")
    for name in ["rules", "scenarios"] {
      try FileManager.default.copyItem(
        at: Paths.repository.appendingPathComponent(name), to: work.appendingPathComponent(name))
    }
    for edit in edits {
      let url = work.appendingPathComponent(edit.file)
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains(edit.from), "\(edit.file) no longer holds \(edit.from)")
      try text.replacingOccurrences(of: edit.from, with: edit.to).write(to: url, atomically: true, encoding: .utf8)
    }
    return work
  }

  func errorLines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains("error:") }
  }

  @Test func aMisspeltCategoryParameterIsOneErrorWithItsHint() throws {
    // Before: the category vanished and every use of it failed (13 errors, no hint).
    let work = try workspace([
      ("rules/xp.json", #""strength": { "multiplier": 1.2"#, #""strength": { "multipler": 1.2"#)
    ])
    defer { try? FileManager.default.removeItem(at: work) }
    let result = try CommandRunner.fitquest(["validate", "rules"], in: work)
    #expect(result.status == 65)
    #expect(
      errorLines(result.stderr) == [
        "rules/xp.json:3:19: error: unknown parameter 'multipler' in category 'strength'; did you mean 'multiplier'?"
      ])
  }

  @Test func withTwoCategoriesTheParametersTheFormulasUseWin() throws {
    // One category against one: the spelling the formulas read ('category.multiplier') is the
    // shared one, so the typo is reported where it is, whichever category comes first.
    let work = Paths.temporaryDirectory("cause")
    defer { try? FileManager.default.removeItem(at: work) }
    let mini = Paths.repository.appendingPathComponent("Tests/EngineTests/Fixtures/mini")
    try FileManager.default.copyItem(at: mini, to: work.appendingPathComponent("rules"))
    let xp = work.appendingPathComponent("rules/xp.json")
    let text = try String(contentsOf: xp, encoding: .utf8)
    try text.replacingOccurrences(
      of: #""strength": { "multiplier": 2, "base": 10 }"#, with: #""strength": { "multiplyer": 2, "bse": 10 }"#
    )
    .write(to: xp, atomically: true, encoding: .utf8)
    let result = try CommandRunner.fitquest(["validate", "rules"], in: work)
    #expect(result.status == 65)
    #expect(
      errorLines(result.stderr) == [
        "rules/xp.json:3:19: error: unknown parameter 'multiplyer' in category 'strength'; did you mean 'multiplier'?",
        "rules/xp.json:3:36: error: unknown parameter 'bse' in category 'strength'; did you mean 'base'?",
      ])
  }

  @Test func aSyntaxErrorInOneFileLeavesTheOthersChecked() throws {
    let work = try workspace([
      ("rules/xp.json", #""base": "category.base","#, #""base": "category.base""#),
      ("rules/achievements.json", #"{ "id": "first-workout", "name""#, #"{ "id": "first-workout", "nam""#),
      ("rules/levels.json", #""maxLevel""#, #""maxLevl""#),
    ])
    defer { try? FileManager.default.removeItem(at: work) }
    let result = try CommandRunner.fitquest(["validate", "rules"], in: work)
    #expect(result.status == 65)
    let errors = errorLines(result.stderr)
    #expect(errors.count == 3, "\(result.stderr)")
    #expect(errors.contains { $0.hasPrefix("rules/xp.json:11:5: error: expected ',' or '}'") })
    #expect(errors.contains { $0.contains("unknown key 'nam' in 'achievements[0]'; did you mean 'name'?") })
    #expect(errors.contains { $0.contains("rules/levels.json") && $0.contains("did you mean 'maxLevel'?") })
    // The categories live in the file that could not be read: their uses are not errors.
    #expect(!result.stderr.contains("unknown category"))
    #expect(result.stderr.contains("note: names used in the other files were not checked until every file can be read"))
  }

  @Test func aMisspeltSetPathIsOneErrorNamingTheArgument() throws {
    let result = try CommandRunner.fitquest(["simulate", "--set", "xp.cap.perDay=600"])
    #expect(result.status == 65)
    #expect(
      result.stderr == "error: cannot apply --set xp.cap.perDay=600: no key 'cap' in 'xp'; did you mean 'caps'?\n")
  }

  @Test func aBadSetValueIsOneErrorWithoutAHintToValidateThePack() throws {
    // Seven scenarios share the pack: the bad value is still reported once, in its own text.
    let result = try CommandRunner.fitquest(["simulate", "scenarios", "--set", "xp.caps.perDay=abc"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "--set xp.caps.perDay:1:1: error: 'caps.perDay' must be a number; found a string\n 1 | \"abc\"\n   | ^\n")
  }

  @Test func aPackWithProblemsOfItsOwnIsNamedAtTheScenarioThenItsProblemsFollow() throws {
    let work = try workspace([("rules/levels.json", #""maxLevel""#, #""maxLevl""#)])
    // (A misspelt required key is one error, not also "the curve needs 'maxLevel'".)
    defer { try? FileManager.default.removeItem(at: work) }
    let result = try CommandRunner.fitquest(["simulate", "scenarios/beginner-3x.json"], in: work)
    #expect(result.status == 65)
    let errors = errorLines(result.stderr)
    #expect(errors.first == "scenarios/beginner-3x.json:4:12: error: rule pack 'rules' is invalid; its problems follow")
    #expect(errors.count == 2 && errors[1].contains("did you mean 'maxLevel'?"))
  }
}
