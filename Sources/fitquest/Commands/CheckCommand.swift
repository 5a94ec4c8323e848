import Engine
import Foundation
import RuleLanguage
import Simulation

/// `fitquest check`: regression-tests rule changes against golden snapshots and expectations.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Check scenarios against their golden snapshots and expectations (for CI)"
  static let usage = "fitquest check [DIR] [--update] [--junit FILE] [--set PATH=VALUE]... [--runs N]"
  static let help = """
    Runs every scenario in DIR (default: scenarios/), compares its outcome with DIR/snapshots/NAME.json and
    checks its 'expect' list. Prints what changed in words ("level 10: day 64 → day 81").

    Exit codes: 0 everything matches; 1 an outcome changed, a snapshot is missing or an expectation failed;
    65 a scenario, rule pack or snapshot file is invalid.

    OPTIONS:
      --update           rewrite changed and missing snapshots (and say which)
      --junit FILE       also write the results as JUnit XML
      --set PATH=VALUE   preview the impact of a rule or scenario change without editing files
      --runs N           check expectations over N seeds (median run, or 'inAtLeast' shares)
      --threads N        threads for --runs (default: all cores)
      -h, --help         show this help

    See docs/regression-testing.md for the workflow.
    """
  static let options = OptionSpec(flags: ["--update"], values: ["--junit", "--runs", "--threads"], repeated: ["--set"])

  static func run(_ arguments: Arguments) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    let directory = arguments.positionals.first ?? "scenarios"
    let update = arguments.has("--update")
    if update && !arguments.all("--set").isEmpty {
      throw UsageError(message: "--update records the rules as they are in the files; drop --set, or edit the files")
    }
    let runs = try arguments.integer("--runs", default: 1, in: 1...100_000)
    let threads = try arguments.integer("--threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
    let overrides = try Overrides(arguments.all("--set"))
    let packs = PackCache(overrides: overrides.rules)
    guard FileSystem.isDirectory(directory) else {
      throw DiagnosticError(.unreadable(directory, "no such scenario directory"))
    }
    let scenarios = try ScenarioArguments.load([directory], overrides: overrides, packs: packs)
    var checks: [ScenarioCheck] = []
    for scenario in scenarios {
      checks.append(try CheckRunner.check(scenario, engine: try packs.engine(for: scenario.rulesPath), runs: runs, threads: threads))
    }
    var changed = 0
    var new = 0
    var updated: [String] = []
    for check in checks {
      let count = check.scenario.expectations.count
      switch check.snapshot {
      case .unchanged:
        Console.output.line("ok       \(check.scenario.name) (\(count) expectation\(count == 1 ? "" : "s"))")
      case .new:
        new += 1
        Console.output.line("NEW      \(check.scenario.name): no snapshot at \(check.snapshotPath)")
      case .changed(let lines):
        changed += 1
        Console.output.line("CHANGED  \(check.scenario.name)")
        for line in lines { Console.output.line("           \(line)") }
      }
      for result in check.expectations where !result.passed {
        Console.output.line("FAILED   \(check.scenario.name): \(result.diagnostic.headline)")
      }
      if update && check.snapshot != .unchanged {
        try write(check.current.text, to: check.snapshotPath)
        updated.append(check.snapshotPath)
      }
    }
    let expectations = checks.flatMap(\.expectations)
    let failedExpectations = expectations.filter { !$0.passed }.count
    var summary = "\(checks.count) scenario\(checks.count == 1 ? "" : "s"): \(checks.count - changed - new) unchanged"
    if changed > 0 { summary += ", \(changed) changed" }
    if new > 0 { summary += ", \(new) new" }
    summary += "; \(expectations.count - failedExpectations) of \(expectations.count) expectations hold"
    Console.output.line(summary)
    for path in updated { Console.output.line("updated \(path)") }
    if let junit = arguments.value("--junit") { try write(JUnitReport.render(checks), to: junit) }
    if failedExpectations > 0 { return ExitCode.failure }
    if (changed > 0 || new > 0) && !update {
      Console.output.line("outcomes differ from the snapshots; if the change is intended, run 'fitquest check --update' and commit the snapshots")
      return ExitCode.failure
    }
    return ExitCode.success
  }

  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw CommandFailure(code: ExitCode.ioError, message: "\(path): cannot write: \(error.localizedDescription)")
    }
  }
}
