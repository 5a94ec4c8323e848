import Engine
import RuleLanguage

/// The outcome of checking one scenario file against its snapshot and expectations.
public struct ScenarioCheck: Sendable {
  public enum SnapshotState: Sendable, Equatable {
    case unchanged
    case changed([String])
    /// No snapshot file yet.
    case new
  }

  /// The scenario's name (its file name without `.json`).
  public let name: String
  /// The scenario file.
  public let file: String
  public let snapshotPath: String
  /// Why the scenario could not be checked (an invalid scenario, expectation or rule pack); when
  /// not empty, the other fields are empty.
  public let problems: [Diagnostic]
  public let snapshot: SnapshotState?
  public let current: Snapshot?
  public let expectations: [ExpectationResult]

  /// Whether the scenario could not be checked.
  public var isInvalid: Bool { !problems.isEmpty }

  /// Expectations that failed.
  public var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }

  /// Whether anything needs attention.
  public var failed: Bool { isInvalid || snapshot != .unchanged || !failedExpectations.isEmpty }
}

/// `fitquest check`: runs every scenario of a directory, compares with its snapshot, checks its
/// expectations.
public enum CheckRunner {
  /// The snapshot file of a scenario file: `DIR/snapshots/NAME.json`.
  public static func snapshotPath(forScenarioFile path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(directory)/snapshots/\(file)"
  }

  /// Runs used for "in at least x% of runs" expectations when `--runs` is not given.
  public static let distributionRuns = 100

  /// Checks one scenario file: `load` reads it (a failure makes the check invalid, reported with
  /// the others); `runs` > 1 judges expectations on a Monte Carlo distribution.
  public static func check(
    file: String, load: (String) throws(DiagnosticError) -> (Scenario, Engine), seed: UInt64?, runs: Int, threads: Int,
    progress: (@Sendable (Int) -> Void)? = nil
  ) -> ScenarioCheck {
    let path = snapshotPath(forScenarioFile: file)
    let name = String((file.split(separator: "/").last ?? Substring(file)).dropLast(5))
    do throws(DiagnosticError) {
      let (scenario, engine) = try load(file)
      return try check(scenario, engine: engine, seed: seed, runs: runs, threads: threads, progress: progress)
    } catch {
      return ScenarioCheck(
        name: name, file: file, snapshotPath: path, problems: error.diagnostics, snapshot: nil, current: nil,
        expectations: [])
    }
  }

  /// Checks one loaded scenario.
  public static func check(
    _ scenario: Scenario, engine: Engine, seed: UInt64? = nil, runs: Int, threads: Int,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) -> ScenarioCheck {
    let result = try SimulationRunner.run(
      scenario, engine: engine, seed: seed, recording: RecordingOptions(digests: true))
    let current = Snapshot(scenario, engine, result)
    let path = snapshotPath(forScenarioFile: scenario.path)
    let state: ScenarioCheck.SnapshotState
    if FileSystem.exists(path) {
      let stored = try Snapshot(reading: try FileSystem.read(path))
      state = stored == current ? .unchanged : .changed(SnapshotDiff.lines(from: stored, to: current))
    } else {
      state = .new
    }
    // Plain expectations are judged on the run above (or the median of --runs); "in at least x%
    // of runs" expectations always on a distribution.
    let metrics = scenario.expectations.map(\.metric)
    var distribution: RunAggregate?
    if runs > 1 || scenario.expectations.contains(where: { $0.share != nil }) {
      var seeded = scenario
      if let seed { seeded = seeded.withSeed(seed) }
      distribution = try MonteCarlo.run(
        seeded, engine: engine, count: runs > 1 ? runs : distributionRuns, threads: threads, metrics: metrics,
        progress: progress)
    }
    let expectations = scenario.expectations.map { expectation in
      if expectation.share != nil || runs > 1, let histogram = distribution?.histogram(of: expectation.metric) {
        return ExpectationResult.check(expectation, histogram)
      }
      var single = Histogram()
      single.add(result.summary.value(of: expectation.metric))
      return ExpectationResult.check(expectation, single)
    }
    return ScenarioCheck(
      name: scenario.name, file: scenario.path, snapshotPath: path, problems: [], snapshot: state, current: current,
      expectations: expectations)
  }

  /// Snapshot files in `DIR/snapshots/` whose scenario `DIR/NAME.json` is not among `files`.
  public static func orphanSnapshots(in directory: String, scenarioFiles files: [String]) -> [String] {
    let snapshots = RulePackLoader.join(directory, "snapshots")
    guard FileSystem.isDirectory(snapshots), let names = try? FileSystem.listDirectory(snapshots) else { return [] }
    let expected = Set(files.map(snapshotPath(forScenarioFile:)))
    return names.filter { $0.hasSuffix(".json") }.map { "\(snapshots)/\($0)" }.filter { !expected.contains($0) }
  }
}
