import Engine
import RuleLanguage

/// The outcome of checking one scenario against its snapshot and expectations.
public struct ScenarioCheck: Sendable {
  public enum SnapshotState: Sendable, Equatable {
    case unchanged
    case changed([String])
    /// No snapshot file yet.
    case new
  }

  public let scenario: Scenario
  public let snapshotPath: String
  public let snapshot: SnapshotState
  public let current: Snapshot
  public let expectations: [ExpectationResult]

  public var failed: Bool { snapshot != .unchanged || expectations.contains { !$0.passed } }
}

/// `fitquest check`: runs every scenario of a directory, compares with its snapshot, checks its
/// expectations.
public enum CheckRunner {
  /// The snapshot file of a scenario: `DIR/snapshots/NAME.json`.
  public static func snapshotPath(for scenario: Scenario) -> String {
    let directory = scenario.path.lastIndex(of: "/").map { String(scenario.path[..<$0]) } ?? "."
    return "\(directory)/snapshots/\(scenario.name).json"
  }

  /// Runs used for "in at least x% of runs" expectations when `--runs` is not given.
  public static let distributionRuns = 100

  /// Checks one scenario; `runs` > 1 checks expectations on a Monte Carlo distribution.
  public static func check(_ scenario: Scenario, engine: Engine, runs: Int, threads: Int) throws(DiagnosticError) -> ScenarioCheck {
    let result = try SimulationRunner.run(scenario, engine: engine, recording: RecordingOptions(digests: true))
    let current = Snapshot(scenario, engine, result)
    let path = snapshotPath(for: scenario)
    let state: ScenarioCheck.SnapshotState
    if FileSystem.exists(path) {
      let stored = try Snapshot(reading: try FileSystem.read(path))
      state = stored == current ? .unchanged : .changed(SnapshotDiff.lines(from: stored, to: current))
    } else {
      state = .new
    }
    // Plain expectations are judged on the scenario's own seed (or the median of --runs);
    // "in at least x% of runs" expectations always on a distribution.
    var distribution: [RunSummary] = []
    if runs > 1 || scenario.expectations.contains(where: { $0.share != nil }) {
      distribution = try MonteCarlo.run(
        scenario, engine: engine, count: runs > 1 ? runs : distributionRuns, threads: threads)
    }
    let expectations = scenario.expectations.map { expectation in
      ExpectationResult.check(
        expectation, runs: expectation.share != nil || runs > 1 ? distribution : [result.summary])
    }
    return ScenarioCheck(scenario: scenario, snapshotPath: path, snapshot: state, current: current, expectations: expectations)
  }
}

/// JUnit XML: one test case per scenario snapshot and one per expectation.
public enum JUnitReport {
  /// The XML document.
  public static func render(_ checks: [ScenarioCheck]) -> String {
    let total = checks.reduce(0) { $0 + 1 + $1.expectations.count }
    let failures = checks.reduce(0) { $0 + ($1.snapshot == .unchanged ? 0 : 1) + $1.expectations.filter { !$0.passed }.count }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"fitquest check\" tests=\"\(total)\" failures=\"\(failures)\">\n"
    for check in checks {
      let name = escape(check.scenario.name)
      let suiteFailures = (check.snapshot == .unchanged ? 0 : 1) + check.expectations.filter { !$0.passed }.count
      xml += "  <testsuite name=\"\(name)\" tests=\"\(1 + check.expectations.count)\" failures=\"\(suiteFailures)\">\n"
      xml += "    <testcase classname=\"\(name)\" name=\"snapshot\""
      switch check.snapshot {
      case .unchanged: xml += "/>\n"
      case .new:
        xml += ">\n      <failure message=\"no snapshot yet\">run 'fitquest check --update' to write \(escape(check.snapshotPath))</failure>\n    </testcase>\n"
      case .changed(let lines):
        xml += ">\n      <failure message=\"outcomes changed\">\(escape(lines.joined(separator: "\n")))</failure>\n    </testcase>\n"
      }
      for result in check.expectations {
        xml += "    <testcase classname=\"\(name)\" name=\"\(escape("expect " + result.expectation.summary))\""
        if result.passed {
          xml += "/>\n"
        } else {
          xml += ">\n      <failure message=\"\(escape("actual " + result.actual))\">\(escape(result.diagnostic.headline))</failure>\n    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
