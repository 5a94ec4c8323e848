import Foundation
import RuleLanguage
import Simulation

/// What a command prints.
enum OutputFormat: String, CaseIterable {
  case text, json, csv, ndjson, events
}

/// The options shared by every command that runs scenarios (`simulate`, `compare`, `sweep`,
/// `check`, `report`), declared once so that they mean the same everywhere.
struct RunOptions {
  static let seed = Option.value("--seed", "N", "use seed N instead of the scenario's (run 0 of --runs)")
  static let runs = Option.value("--runs", "N", "Monte Carlo: N runs, seeds derived from the seed (default 1)")
  static let threads = Option.value("--threads", "N", "threads for --runs (default: all cores); results do not depend on it")
  static let set = Option.repeated(
    "--set", "PATH=VALUE",
    "override a rule value (xp.categories.strength.multiplier=1.5) or a\nscenario value (scenario.adherence.probability=0.7) for this run")

  /// The `--format` option of a command.
  static func format(_ formats: [OutputFormat]) -> Option {
    Option.value("--format", "FORMAT", formats.map(\.rawValue).joined(separator: ", ") + " (default \(formats[0].rawValue))")
  }

  /// The most runs a command accepts.
  static let maximumRuns = 10_000_000

  var seed: UInt64?
  var runs: Int
  var threads: Int
  var overrides: Overrides

  /// Reads the shared options.
  /// Reads the shared options; with `sweeping`, `--set` values that sweep (ranges, lists) are
  /// left to the caller.
  init(_ arguments: Arguments, defaultRuns: Int = 1, sweeping: Bool = false) throws {
    if let text = arguments.value("--seed") {
      guard let value = UInt64(text), value <= 9_007_199_254_740_991 else {
        throw UsageError(message: "option '--seed' needs a whole number from 0 to 2^53 − 1; found '\(text)'")
      }
      seed = value
    }
    runs = try arguments.integer("--runs", default: defaultRuns, in: 1...RunOptions.maximumRuns)
    threads = try arguments.integer("--threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
    overrides = try Overrides(arguments.all("--set").filter { !sweeping || !SweepParameter.isSweep($0) })
  }

  /// The scenario with `--seed` applied.
  func seeded(_ scenario: Scenario) -> Scenario {
    seed.map { scenario.withSeed($0) } ?? scenario
  }
}
