import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

@Suite struct EvalAndValidateTests {
  @Test func evaluatesBothSpellings() throws {
    let text = try CommandRunner.fitquest(["eval", "2 + 3 * 4"])
    #expect(text.status == 0)
    #expect(text.stdout == "14\n")
    let logic = try CommandRunner.fitquest(["eval", "--jsonlogic", #"{"var":"a.b"}"#, "--data", #"{"a":{"b":[1,2]}}"#])
    #expect(logic.stdout == "[1,2]\n")
    let traced = try CommandRunner.fitquest(["eval", "--trace", "x * 2 + 1", "--data", #"{"x":4}"#])
    #expect(traced.stdout == "9\n  x * 2 + 1 = 9\n    x * 2 = 8\n      x = 4\n")
  }

  @Test func reportsBadInputWithExit65AndUsageWithExit64() throws {
    let bad = try CommandRunner.fitquest(["eval", "2 + + * 3"])
    #expect(bad.status == 65)
    #expect(bad.stderr == "<expression>:1:7: error: expected an operand, found '*'\n 1 | 2 + + * 3\n   |       ^\n")
    let badData = try CommandRunner.fitquest(["eval", "a", "--data", "{\"a\":}"])
    #expect(badData.status == 65)
    #expect(badData.stderr.hasPrefix("<data>:1:6: error: expected a JSON value"))
    let work = Paths.temporaryDirectory("eval")
    try "{\"a\": 41}".write(toFile: work.file("d.json"), atomically: true, encoding: .utf8)
    let file = try CommandRunner.fitquest(["eval", "a + 1", "--data", "@d.json"], in: work)
    #expect(file.stdout == "42\n")
    let missing = try CommandRunner.fitquest(["eval", "a", "--data", "@nope.json"], in: work)
    #expect(missing.status == 66)
    #expect(missing.stderr == "nope.json: error: no such file or directory\n")
    let usage = try CommandRunner.fitquest(["eval", "--frobnicate", "1"])
    #expect(usage.status == 64)
    #expect(usage.stderr.hasPrefix("error: unknown option '--frobnicate'\nusage: fitquest eval"))
    let unknown = try CommandRunner.fitquest(["evl"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("error: unknown command 'evl'; did you mean 'eval'?"))
  }

  @Test func helpDescribesUsage() throws {
    let help = try CommandRunner.fitquest(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: fitquest <command> [options]"))
    let evalHelp = try CommandRunner.fitquest(["eval", "--help"])
    #expect(evalHelp.stdout.hasPrefix("USAGE: fitquest eval [--jsonlogic] [--trace] EXPRESSION"))
  }

  @Test func validatesTheDefaultPackAndReportsErrors() throws {
    let ok = try CommandRunner.fitquest(["validate", "rules"])
    #expect(ok.status == 0)
    #expect(ok.stdout.hasPrefix("rules: ok: default 1.0.0: 5 categories"))
    let bad = try CommandRunner.fitquest(["validate", "rules", "--set", "nutrition.clamp=2"])
    #expect(bad.status == 65)
    // The bad value is reported where it was written: in the --set argument.
    #expect(
      bad.stderr.hasPrefix(
        """
        --set nutrition.clamp:1:1: error: 'clamp' must be between 0 and 1; found 2
         1 | 2
           | ^
        """))
  }
}

@Suite struct CommandLineConventionTests {
  @Test func helpNamesACommand() throws {
    let help = try CommandRunner.fitquest(["help", "sweep"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("USAGE: fitquest sweep"))
    #expect(help.stdout.contains("  --runs N"))
    #expect(try CommandRunner.fitquest(["sweep", "--help"]).stdout == help.stdout)
    let unknown = try CommandRunner.fitquest(["help", "swep"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown command 'swep'; did you mean 'sweep'?"))
  }

  @Test func helpIsGeneratedFromTheTypedDeclarations() throws {
    // award's --format is the shared OutputFormat option: same help shape as simulate's.
    let award = try CommandRunner.fitquest(["help", "award"]).stdout
    // (The column is as wide as the command's longest option, so only the words are compared.)
    let awardFormat = award.split(separator: "\n").first { $0.hasPrefix("  --format FORMAT ") }
    #expect(
      awardFormat.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        == "--format FORMAT ndjson, text (default ndjson)")
    let simulate = try CommandRunner.fitquest(["help", "simulate"]).stdout
    let simulateFormat = simulate.split(separator: "\n").first { $0.hasPrefix("  --format FORMAT ") }
    #expect(
      simulateFormat.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        == "--format FORMAT text, json, csv, ndjson, events (default text)")
    // The default in the help is the default the option has: report runs 200 unless told.
    let report = try CommandRunner.fitquest(["help", "report"]).stdout
    #expect(report.contains("seeds derived from the seed (default 200)"))
    #expect(simulate.contains("seeds derived from the seed (default 1)"))
    // Help comes before checking values: a bad value beside --help still shows the help.
    let help = try CommandRunner.fitquest(["simulate", "--runs", "0", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout == simulate)
  }

  @Test func anExpressionStartingWithMinusIsAnExpression() throws {
    // -7 % 3 is −1 (the remainder has the sign of the dividend, as in JavaScript).
    let result = try CommandRunner.fitquest(["eval", "-7 % 3"])
    #expect(result.status == 0)
    #expect(result.stdout == "-1\n")
    #expect(try CommandRunner.fitquest(["eval", "--", "-2 * 3"]).stdout == "-6\n")
  }

  @Test func sharedOptionsMeanTheSameEverywhere() throws {
    // --seed N is run 0's seed wherever scenarios run.
    let simulate = try CommandRunner.fitquest(["simulate", "--seed", "5", "--format", "json"])
    let check = try CommandRunner.fitquest(["check", "scenarios/beginner-3x.json", "--seed", "5"])
    #expect(try JSONReader.parse(simulate.stdout)["scenarios"]?.elements?.first?["seed"]?.number == 5)
    #expect(check.stdout.contains("seed: 42 → 5"))
    for command in ["simulate", "compare", "sweep", "check"] {
      let help = try CommandRunner.fitquest(["help", command]).stdout
      for option in ["--runs N", "--seed N", "--threads N", "--format FORMAT"] {
        #expect(help.contains(option), "\(command) lacks \(option)")
      }
    }
  }
}
