import LiveOps
import RuleLanguage
import Simulation

extension CheckCommand {
  /// `check --replay REPLAY.json --expect GATE.json`: gates a rule change on its replay over real
  /// players (exit 1 when an expectation fails).
  static func runReplayGate(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let replayPath = arguments.replay, let gatePath = arguments.expect else {
      throw UsageError(
        message: arguments.replay == nil ? "--expect needs --replay REPLAY.json" : "--replay needs --expect GATE.json")
    }
    try arguments.requirePositionals(atMost: 0)
    try arguments.refuseOptions(
      besides: ["--replay", "--expect", "--junit", "--format"], because: "--replay checks a replay file")
    let gate = try ReplayGate.load(path: gatePath)
    let replay = try ReplayDocument.load(path: replayPath)
    let results = gate.check(replay)
    let failed = results.filter { !$0.passed }
    let outcome = "\(results.count - failed.count) of \(results.count) expectation\(results.count == 1 ? "" : "s") hold"
    if arguments.format == .json {
      var w = JSONWriter()
      w.object { w in
        w.field("replay", replayPath)
        w.field("expect", gatePath)
        w.field("status", failed.isEmpty ? "ok" : "FAILED")
        w.key("expectations")
        w.array { w in
          for result in results {
            w.object { w in
              w.field("metric", result.expectation.metric)
              for (key, bound) in [("min", result.expectation.min), ("max", result.expectation.max)] {
                if let bound { w.field(named: key, bound) }
              }
              w.key("actual")
              if let actual = result.actual { w.number(actual) } else { w.null() }
              w.field("passed", result.passed)
              w.field("at", result.location)
            }
          }
        }
      }
      Console.output.line(w.output)
    } else {
      Console.output.line("\(Format.pad(failed.isEmpty ? "ok" : "FAILED", 8)) replay \(replayPath): \(outcome)")
      for result in failed { Console.output.line("           \(result.diagnostic.headline)") }
    }
    if let junit = arguments.junit { try OutputFile.write(junitXML(results, replay: replayPath), to: junit) }
    return failed.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// One test suite, a test case per expectation.
  static func junitXML(_ results: [ReplayGate.Result], replay: String) -> String {
    let failures = results.filter { !$0.passed }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"fitquest check\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    xml += "  <testsuite name=\"replay\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    for result in results {
      xml += "    <testcase classname=\"replay\" name=\"\(JUnitReport.escape("expect " + result.expectation.summary))\""
      if result.passed {
        xml += "/>\n"
      } else {
        let actual = result.actual.map(NumberText.format) ?? "undefined"
        xml +=
          ">\n      <failure message=\"actual \(JUnitReport.escape(actual))\">\(JUnitReport.escape(result.diagnostic.headline))</failure>\n    </testcase>\n"
      }
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }
}
