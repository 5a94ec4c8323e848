import Foundation
import RuleLanguage
import Simulation

/// What a command prints.
enum OutputFormat: String, CaseIterable {
  case text, json, csv, ndjson, events
}

/// The declarations of every command that runs scenarios (`simulate`, `compare`, `sweep`,
/// `check`, `report`): they come from ``RunOptions`` so that they mean the same everywhere.
protocol RunOptionsDeclaring: CommandOptions {
  var runs: Option<Int> { get }
  var seed: Option<UInt64?> { get }
  var threads: Option<Int> { get }
  var set: Option<[String]> { get }
}

/// The options shared by every command that runs scenarios, declared once, and their values.
struct RunOptions {
  // Computed, not stored: each use makes the declaration anew, so that every command's
  // Options records it (CommandOptions.declarations).
  static var seed: Option<UInt64?> {
    Option.value("--seed", "N", "use seed N instead of the scenario's (run 0 of --runs)") {
      text throws(UsageError) in
      guard let value = UInt64(text), value <= 9_007_199_254_740_991 else {
        throw UsageError(message: "option '--seed' needs a whole number from 0 to 2^53 − 1; found '\(text)'")
      }
      return value
    }
  }
  static var runs: Option<Int> { runs(default: 1) }
  static var threads: Option<Int> {
    Option.integer(
      "--threads", "N", "threads for --runs (default: all cores); results do not depend on it",
      default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
  }
  static var set: Option<[String]> {
    Option.repeated(
      "--set", "PATH=VALUE",
      "override a rule value (xp.categories.strength.multiplier=1.5) or a\nscenario value (scenario.adherence.probability=0.7) for this run"
    )
  }

  /// `--runs N` with its default.
  static func runs(default runs: Int) -> Option<Int> {
    Option.integer(
      "--runs", "N", "Monte Carlo: N runs, seeds derived from the seed (default \(runs))", default: runs,
      in: 1...maximumRuns)
  }

  /// The most runs a command accepts.
  static let maximumRuns = 10_000_000

  var seed: UInt64?
  var runs: Int
  var threads: Int
  var overrides: Overrides

  /// Reads the shared options; with `sweeping`, `--set` values that sweep (ranges, lists) are
  /// left to the caller.
  init<Options: RunOptionsDeclaring>(_ arguments: Arguments<Options>, sweeping: Bool = false) throws {
    seed = arguments.seed
    runs = arguments.runs
    threads = arguments.threads
    overrides = try Overrides(arguments.set.filter { !sweeping || !SweepParameter.isSweep($0) })
  }

  /// The scenario with `--seed` applied.
  func seeded(_ scenario: Scenario) -> Scenario {
    seed.map { scenario.withSeed($0) } ?? scenario
  }
}
