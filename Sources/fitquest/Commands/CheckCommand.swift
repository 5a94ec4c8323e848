import Engine
import RuleLanguage
import Simulation

/// `fitquest check`: regression-tests rule changes against golden snapshots and expectations.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Check scenarios against their golden snapshots and expectations (for CI)"
  static let usage = """
    fitquest check [DIR | SCENARIO...] [--update [NAME]] [--junit FILE] [--format text|json] [--set PATH=VALUE]... [--runs N]
           fitquest check --replay REPLAY.json --expect GATE.json [--junit FILE] [--format text|json]
    """
  static let about = """
    Runs every scenario in DIR (default: scenarios/), or the scenario files named, compares each
    outcome with its snapshot (DIR/snapshots/NAME.json) and checks its 'expect' list. Prints one
    line per scenario saying what held, then what changed in words ("level 10: day 64 → day 81")
    and which expectations failed. An invalid scenario is reported with its located error beside
    the results of the others. Snapshots whose scenario is gone are reported too. With --replay and
    --expect, checks a rule change replayed on a store's real players against expectations on its
    summary instead (docs/live-ops.md).
    """
  static let formats: [OutputFormat] = [.text, .json]
  struct Options: RunOptionsDeclaring {
    let update = Option.optionalValue(
      "--update", "NAME",
      "rewrite changed and missing snapshots and remove orphaned ones; with\nNAME (repeatable), only that scenario's snapshot",
      accepts: isScenarioName
    ).unshardable("snapshots are written by one run")
    let junit = Option.output("--junit", "FILE", "also write the results as JUnit XML")
    let format = Option.format(formats)
    let set = RunOptions.set.help("preview the impact of a rule or scenario change without editing files")
    let runs = RunOptions.runs
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let shard = Sharding.option
    let replay = Option.value(
      "--replay", "FILE", "check a replay of a store's players ('fitquest replay --format json') instead")
    let expect = Option.value(
      "--expect", "FILE",
      "with --replay: the expectations it must meet ({\"expect\": {\"replay.demoted.share\": {\"max\": 0}}})")
  }
  static let footer = """
    Exit codes: 0 everything holds; 1 an outcome changed, a snapshot is missing or orphaned, or an
    expectation failed; 65 a scenario, expectation, rule pack or snapshot is invalid (the other
    scenarios are still checked and reported).

    See docs/regression-testing.md for the workflow.
    """

  /// Whether the argument after `--update` names a scenario (not a path to check).
  @Sendable static func isScenarioName(_ text: String) -> Bool {
    !text.contains("/") && !text.hasSuffix(".json") && !FileSystem.exists(text)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    if arguments.replay != nil || arguments.expect != nil { return try runReplayGate(arguments) }
    let format = arguments.format
    let options = try RunOptions(arguments)
    let update = arguments.update != nil
    let only = Set(arguments.update ?? [])
    if update && !arguments.set.isEmpty {
      throw UsageError(message: "--update records the rules as they are in the files; drop --set, or edit the files")
    }
    if update && options.seed != nil {
      throw UsageError(message: "--update records the scenarios' own seeds; drop --seed")
    }
    let paths = arguments.positionals.isEmpty ? ["scenarios"] : arguments.positionals
    for path in paths where !FileSystem.exists(path) {
      throw DiagnosticError(
        .unreadable(path, FileSystem.isDirectory(path) ? "cannot read" : "no such scenario file or directory"))
    }
    let files = try ScenarioArguments.files(paths)
    let names = files.map { String(($0.split(separator: "/").last ?? "").dropLast(5)) }
    for name in only.sorted() where !names.contains(name) {
      throw UsageError(
        message: "--update \(name): no such scenario among those checked\(Suggestion.hint(for: name, among: names))")
    }
    let packs = PackCache(overrides: options.overrides.rules)
    let progress = options.runs > 1 ? Progress.start(total: options.runs * files.count, label: "checking") : nil
    var checks: [ScenarioCheck] = []
    for (index, file) in files.enumerated() {
      let offset = options.runs * index
      var report: (@Sendable (Int) -> Void)?
      if let progress { report = { progress.update(offset + $0) } }
      checks.append(
        CheckRunner.check(
          file: file,
          load: { path throws(DiagnosticError) in
            let scenario = try ScenarioLoader.load(path: path, overrides: options.overrides.scenario, packs: packs)
            return (scenario, try packs.engine(for: scenario.rulesPath))
          }, seed: options.seed, runs: options.runs, threads: options.threads, progress: report))
    }
    progress?.finish()
    let directories = paths.filter(FileSystem.isDirectory)
    var orphans = directories.flatMap { CheckRunner.orphanSnapshots(in: $0, scenarioFiles: files) }
    var updated: [String] = []
    if update {
      for check in checks
      where !check.isInvalid && check.snapshot != .unchanged && (only.isEmpty || only.contains(check.name)) {
        guard let current = check.current else { continue }
        // A snapshot records an outcome the scenario accepts: one whose expectations fail is no
        // golden file, so it stays as it was (the run exits 1 for the failed expectations).
        let failed = check.failedExpectations.count
        guard failed == 0 else {
          Console.error.line(
            "not updated: \(check.snapshotPath): \(failed) expectation\(failed == 1 ? "" : "s") of '\(check.name)' failed; "
              + "fix the rules or the scenario's 'expect' first")
          continue
        }
        try OutputFile.write(current.text, to: check.snapshotPath)
        updated.append(check.snapshotPath)
      }
      if only.isEmpty {
        for orphan in orphans {
          try OutputFile.remove(orphan)
          updated.append("\(orphan) (removed)")
        }
        orphans = []
      }
    }
    let report = CheckReport(checks: checks, orphans: orphans, updated: updated)
    Console.output.line(format == .json ? report.json : report.text)
    if let junit = arguments.junit { try OutputFile.write(JUnitReport.render(checks, orphans: orphans), to: junit) }
    if checks.contains(where: \.isInvalid) { return ExitCode.dataError }
    let updatedNames = Set(updated)
    let stale = checks.contains { check in
      check.snapshot != .unchanged && !updatedNames.contains(check.snapshotPath)
    }
    if checks.contains(where: { !$0.failedExpectations.isEmpty }) || !orphans.isEmpty {
      return ExitCode.failure
    }
    if stale {
      if format == .text {
        Console.output.line(
          "outcomes differ from the snapshots; if the change is intended, run 'fitquest check --update' and commit the snapshots"
        )
      }
      return ExitCode.failure
    }
    return ExitCode.success
  }
}
