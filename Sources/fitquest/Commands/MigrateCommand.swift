import Engine
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store

/// `fitquest migrate`: moves a store's players to a new rule pack by replaying their histories.
enum MigrateCommand: Command {
  static let name = "migrate"
  static let summary = "Move a store's players to a new rule pack by replaying their histories"
  static let usage =
    "fitquest migrate --store FILE --rules DIR --policy recompute|never-demote|keep-unlocks [--players FILE] [--set PATH=VALUE]"
  static let about = """
    Replays each player's whole stored history under the pack of --rules and stores the result
    as the player's state, adjusted by --policy:
      recompute      the replayed state as it is (what a store built with the new pack holds)
      never-demote   the higher of the old and new XP, and never a lower level than before
      keep-unlocks   every achievement tier and companion evolution the player had is kept

    Each player is migrated in its own transaction, with the pack's digest and the policy
    recorded: a crash leaves every player old or new, a rerun finishes the rest, and a second
    run changes nothing. The store's log is kept; the players continue under the new pack.
    Prints one NDJSON line per player whose level, XP or unlocks changed
    ({"type":"migration","player",…,"gained":[…],"lost":[…]}), for apps to show; a summary on
    standard error. Stop 'award' processes using the store while it runs (they hold players in
    memory).
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 an invalid pack or players file, a damaged store, or a
    player whose history the new pack refuses (the others are migrated) · 66 a file cannot be
    read · 74 the output cannot be written · 75 the store is locked past the wait.
    See docs/live-ops.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required)")
    let rules = Option.value("--rules", "DIR", "the new rule pack (required)")
    let policy = Option.value("--policy", "POLICY", "recompute, never-demote or keep-unlocks (required)")
    let players = Option.value("--players", "FILE", "only these players: one id per line")
    let set = RunOptions.set
    let threads = Option.integer(
      "--threads", "N", "replay threads (default: all cores); the result does not depend on it",
      default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    guard let rules = arguments.rules else { throw UsageError(message: "missing --rules DIR (the pack to migrate to)") }
    guard let name = arguments.policy else {
      throw UsageError(message: "missing --policy (recompute, never-demote or keep-unlocks)")
    }
    guard let policy = MigrationPolicy(rawValue: name) else {
      let names = MigrationPolicy.allCases.map(\.rawValue)
      throw UsageError(
        message:
          "--policy must be \(names.joined(separator: ", ")); found '\(name)'\(Suggestion.hint(for: name, among: names))"
      )
    }
    try arguments.requirePositionals(atMost: 0)
    let engine = Engine(
      pack: try RulePackLoader.load(directory: rules, overrides: try Overrides.rulesOnly(arguments.set)))
    let resolved = (try? FileSystem.resolved(path)) ?? path
    do {
      let store = try SQLiteStore(path: resolved, access: .existing)
      if try store.cohortPlan() != nil {
        throw CommandFailure(
          code: ExitCode.dataError,
          message:
            "\(path): the store runs cohorts, whose players award applies with their cohorts' packs: end them first ('fitquest cohorts --store \(path) end'), then migrate"
        )
      }
      let players = try arguments.players.map { try PlayerList.read($0, store: store) }
      let stamp = PackStamp(engine.pack)
      var problems = 0
      let counts = try StoreMigration.run(
        store: store, players: players, engine: engine, policy: policy, threads: arguments.threads
      ) { outcome in
        if let line = StoreMigration.line(outcome, pack: stamp, policy: policy) { Console.output.line(line) }
        if let problem = outcome.problem {
          problems += 1
          if problems <= 10 {
            Console.error.line(
              "\(path): error: player '\(Award.escapingControls(outcome.player.text))' not migrated: \(problem)")
          }
        }
      }
      if problems > 10 { Console.error.line("\(path): error: \(problems - 10) more player(s) not migrated") }
      Console.error.line(
        "migrated \(counts.migrated) player(s) to '\(stamp.name)' \(stamp.version) (\(stamp.digest)) with \(policy.rawValue): \(counts.changed) changed, \(counts.events) event(s) replayed; \(counts.alreadyDone) already migrated; \(counts.failed) not migrated"
      )
      return counts.failed == 0 ? ExitCode.success : ExitCode.dataError
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }
}
