import FitQuestTestSupport
import Foundation
import Testing

@Suite struct SimulateCommandTests {
  @Test func defaultScenarioReportsOnAFreshClone() throws {
    let result = try CommandRunner.fitquest(["simulate"])
    #expect(result.status == 0)
    for heading in [
      "Levels", "Evolutions", "Achievements", "Streaks", "Records", "XP per week", "Nutrition", "Final state",
    ] {
      #expect(result.stdout.contains("\n\(heading)"), "missing \(heading)")
    }
    #expect(result.stdout.hasPrefix("beginner-3x: seed 42, 181 days from 2026-01-05"))
  }

  @Test func everyShippedScenarioRuns() throws {
    let result = try CommandRunner.fitquest(["simulate", "scenarios", "--format", "json"])
    #expect(result.status == 0)
    // One shape for one scenario or many: {"format": 1, "scenarios": [...]}.
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect((document?["scenarios"] as? [[String: Any]])?.count == 7)
    let one = try CommandRunner.fitquest(["simulate", "scenarios/dieter.json", "--format", "json"])
    let single = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any]
    #expect((single?["scenarios"] as? [[String: Any]])?.count == 1)
  }

  @Test func outputsAreByteIdenticalAcrossProcesses() throws {
    // Every output format, and the SVG chart: Swift seeds hashing differently in each process,
    // so any dictionary or set order reaching the output would show here.
    let work = Paths.temporaryDirectory("determinism")
    defer { try? FileManager.default.removeItem(at: work) }
    for format in ["text", "json", "csv", "ndjson", "events"] {
      var outputs: [String] = []
      for run in 0..<2 {
        let svg = work.appendingPathComponent("\(format)-\(run).svg").path
        let result = try CommandRunner.fitquest(["simulate", "scenarios/dieter.json", "--format", format, "--svg", svg])
        #expect(result.status == 0)
        outputs.append(result.stdout + (try String(contentsOfFile: svg, encoding: .utf8)))
      }
      #expect(outputs[0] == outputs[1], "format \(format)")
    }
    let csv = try CommandRunner.fitquest(["simulate", "scenarios/dieter.json", "--format", "csv"])
    let rows = csv.stdout.split(separator: "\n")
    #expect(
      rows.first
        == "scenario,day,date,level,xp,xp_gained,workouts,streak,companion,companion_level,companion_stage,target_kcal,adjustment,clamped,digest"
    )
    #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("dieter,") })
    #expect(rows.count == 113)
  }

  @Test func monteCarloIsIdenticalForAnyThreadCount() throws {
    // 24 runs: 8 threads still take 3 runs each, so the workers' results are merged in any order.
    let one = try CommandRunner.fitquest(["simulate", "--runs", "24", "--threads", "1", "--format", "json"])
    let two = try CommandRunner.fitquest(["simulate", "--runs", "24", "--threads", "2", "--format", "json"])
    let eight = try CommandRunner.fitquest(["simulate", "--runs", "24", "--threads", "8", "--format", "json"])
    #expect(one.status == 0)
    #expect(one.stdout == two.stdout)
    #expect(one.stdout == eight.stdout)
    #expect(one.stdout.contains("\"p90\""))
  }

  @Test func writesAnSVGChart() throws {
    let work = Paths.temporaryDirectory("svg")
    let result = try CommandRunner.fitquest(["simulate", "--svg", work.appendingPathComponent("run.svg").path])
    #expect(result.status == 0)
    let svg = try String(contentsOf: work.appendingPathComponent("run.svg"), encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("thornback (day 50)"))
    #expect(svg.contains("<polyline"))
  }

  @Test func compareAndSweepFromTheCommandLine() throws {
    let work = Paths.temporaryDirectory("compare")
    let candidate = work.appendingPathComponent("candidate")
    try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("rules"), to: candidate)
    let xp = candidate.appendingPathComponent("xp.json")
    try String(contentsOf: xp, encoding: .utf8).replacingOccurrences(
      of: #""multiplier": 1.2"#, with: #""multiplier": 1.0"#
    )
    .write(to: xp, atomically: true, encoding: .utf8)
    let compare = try CommandRunner.fitquest(["compare", "--base", "rules", "--candidate", candidate.path])
    #expect(compare.status == 0)
    #expect(compare.stdout.contains("What moved (most first):"))
    #expect(compare.stdout.contains("level 10 (and achievement 'level' tier 2) reached on day 43 → day 50 (+7)"))
    // The same change through --set-candidate, without a copy of the pack.
    let inline = try CommandRunner.fitquest([
      "compare", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.0",
    ])
    #expect(inline.stdout.contains("level 10 (and achievement 'level' tier 2) reached on day 43 → day 50 (+7)"))
    let sweep = try CommandRunner.fitquest([
      "sweep", "--set", "xp.categories.strength.multiplier=1.0..1.4:0.2", "--format", "csv",
    ])
    #expect(sweep.status == 0)
    let rows = sweep.stdout.split(separator: "\n")
    #expect(rows.first == "scenario,xp.categories.strength.multiplier,metric,runs,p10,p50,p90,min,max,share")
    #expect(rows.count == 1 + 3 * 9)
    #expect(rows.filter { $0.hasPrefix("beginner-3x,1.2,level.10,1,43,43,43,43,43,1") }.count == 1)
    let usage = try CommandRunner.fitquest(["sweep", "--set", "xp.caps.perDay=100"])
    #expect(usage.status == 64)
  }

  /// Issue 27: `| head` printed "Broken pipe" as an error. A reader that stops early ends the
  /// command quietly; its status (74) still says the output is incomplete.
  @Test func aReaderThatStopsEarlyEndsTheCommandQuietly() throws {
    let fitquest = Paths.fitquest.path
    let script =
      "'\(fitquest)' simulate --format events --set scenario.duration.months=60 | head -c 10 > /dev/null; echo \"status ${PIPESTATUS[0]}\""
    let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: Paths.repository)
    #expect(result.stdout == "status 74\n")
    #expect(result.stderr == "", "\(result.stderr)")
    // A failure that is not the reader's (a full disk) is still reported.
    let full = try CommandRunner.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "'\(fitquest)' simulate > /dev/full"], in: Paths.repository)
    #expect(full.status == 74)
    #expect(full.stderr.contains("error: cannot write standard output: No space left on device"))
  }
}
