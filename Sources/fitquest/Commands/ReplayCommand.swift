import Engine
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store

/// `fitquest replay`: what a rule change would do to a store's real players.
enum ReplayCommand: Command {
  static let name = "replay"
  static let summary = "Replay a store's players under a candidate rule pack and report who gains and who is demoted"
  static let usage =
    "fitquest replay --store FILE --candidate DIR [--base DIR] [--players FILE | --sample N] [--format text|json|csv] [--set PATH=VALUE]"
  static let about = """
    Replays every player's stored history (or those of --players, or a sample) under the
    candidate pack and under its base — by default the pack each player is on (the pack of its
    last logged events), else --base — and compares them: level, XP, companion stage,
    achievement tiers and quests, what each gains and loses, and who is demoted (a lower level
    or a lost unlock). Read-only; players stream in id byte order (memory does not grow with
    their number); parallel on --threads; the output does not depend on the thread count.

    --format text (default) prints the summary; json prints one object with "players" (in id
    byte order) and "summary" (what 'fitquest report --replay' renders and 'fitquest check
    --replay' gates on); csv prints a row per player. --set changes the candidate.
    --players FILE names one player id per line (blank lines ignored). --sample N replays the
    N players whose ids hash lowest (FNV-1a 64 of "sample:" and the id, see docs/live-ops.md):
    the same N players on every run.
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 an invalid pack, players file or damaged store · 66 a
    file cannot be read · 74 the output cannot be written.
    See docs/live-ops.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required; opened read-only)")
    let candidate = Option.value("--candidate", "DIR", "the rule pack to try (required)")
    let base = Option.value("--base", "DIR", "compare against this pack (default: each player's own)")
    let players = Option.value("--players", "FILE", "only these players: one id per line")
    let sample = Option.integer(
      "--sample", "N", "only N players, chosen by a stable hash of their ids", in: 1...Int(Int32.max))
    let format = Option.format([.text, .json, .csv])
    let set = RunOptions.set
    let threads = Option.integer(
      "--threads", "N", "worker threads (default: all cores); the output does not depend on it",
      default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    guard let candidatePath = arguments.candidate else {
      throw UsageError(message: "missing --candidate DIR (the rule pack to try)")
    }
    try arguments.requirePositionals(atMost: 0)
    if arguments.players != nil && arguments.sample != nil {
      throw UsageError(message: "give --players or --sample, not both")
    }
    let overrides = try Overrides.rulesOnly(arguments.set)
    let candidate = Engine(pack: try RulePackLoader.load(directory: candidatePath, overrides: overrides))
    let base = try arguments.base.map { Engine(pack: try RulePackLoader.load(directory: $0)) }
    let resolved = (try? FileSystem.resolved(path)) ?? path
    do {
      let store = try SQLiteStore.reading(path: resolved)
      let players = try selection(arguments, store: store)
      var writer = ReplayWriter(format: writerFormat(arguments.format))
      let output = Console.output
      output.write(writer.header())
      let summary = try StoreReplay.run(
        store: store, players: players, candidate: candidate, base: base, threads: arguments.threads,
        each: { output.write(writer.player($0)) })
      output.write(
        writer.footer(
          summary, rules: ReplayRules(base: base.map { PackStamp($0.pack) }, candidate: PackStamp(candidate.pack))))
      return ExitCode.success
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }

  static func writerFormat(_ format: OutputFormat) -> ReplayWriter.Format {
    switch format {
    case .json: return .json
    case .csv: return .csv
    default: return .text
    }
  }

  /// The players to replay: those of `--players`, a `--sample`, or nil (every player).
  static func selection(_ arguments: Arguments<Options>, store: SQLiteStore) throws -> [PlayerID]? {
    if let file = arguments.players { return try PlayerList.read(file, store: store) }
    guard let count = arguments.sample else { return nil }
    let ranked = try store.players().map { (hash: CohortPlan.hash($0.bytes, salt: "sample"), id: $0) }
      .sorted { $0.hash != $1.hash ? $0.hash < $1.hash : $0.id < $1.id }
    return ranked.prefix(count).map(\.id)
  }
}

/// A file of player ids, one per line, each checked against a store.
enum PlayerList {
  /// The ids of `path` (blank lines and a line's trailing CR ignored).
  /// - Throws: a located ``DiagnosticError`` for an invalid id or one the store does not have.
  static func read(_ path: String, store: SQLiteStore) throws -> [PlayerID] {
    let bytes = try FileSystem.readBytes(path)
    let known = Set(try store.players())
    var ids: [PlayerID] = []
    for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      guard !text.isEmpty else { continue }
      let at = SourcePosition(line: index + 1, column: 1)
      guard let id = PlayerID(bytes: Array(text)) else {
        throw DiagnosticError(Diagnostic(file: path, position: at, message: PlayerID.requirement))
      }
      guard known.contains(id) else {
        throw DiagnosticError(
          Diagnostic(
            file: path, position: at, message: "the store has no player '\(Award.escapingControls(id.text))'",
            notes: ["hint: 'fitquest players --store \(store.path) list' lists them"]))
      }
      ids.append(id)
    }
    return ids
  }
}
