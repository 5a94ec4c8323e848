import Engine
import Foundation
import Ledger
import RuleLanguage
import Store

/// `fitquest players`: look into a multi-player store, export a player's history, import a
/// single-player state file.
enum PlayersCommand: Command {
  static let name = "players"
  static let summary = "List, show, export and import the players of a store"
  static let usage = "fitquest players --store FILE (list | show ID | export ID | import STATE.json --player ID) [--format FORMAT]"
  static let about = """
    list            every player: id, level, XP, events applied (text), or a JSON array
    show ID         a player: a summary (text), or the same state JSON a single-player state
                    file holds (--format json)
    export ID       the player's whole history, replayed with the rules: one row per workout with
                    its sets, reps, volume and XP (--format csv, the default), or the workouts,
                    personal records and every award as JSON (--format json)
    import STATE    moves a single-player state file (fitquest award --state) into the store as
                    player ID; refused when the store already has that player
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 an invalid store or state file · 66 a file cannot be read.
    See docs/scale.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required)")
    let rules = Option.value("--rules", "DIR", "the rule pack (default: rules), for export and import", default: "rules")
    let player = Option.value("--player", "ID", "with import: the id the player gets in the store")
    let format = Option.value("--format", "FORMAT", "list, show: text (default) or json; export: csv (default) or json")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    guard let action = arguments.positionals.first else { throw UsageError(message: "missing an action: list, show, export or import") }
    let store: SQLiteStore
    let resolved = try FileSystem.resolved(path)
    do {
      store = try SQLiteStore(path: resolved, create: false)
    } catch {
      return AwardCommand.report(error, path: path)
    }
    do {
      switch action {
      case "list":
        try arguments.requirePositionals(atMost: 1)
        return try list(store, format: try format(arguments, ["text", "json"]))
      case "show":
        try arguments.requirePositionals(atMost: 2)
        let format = try format(arguments, ["text", "json"])
        return try show(store, try player(arguments), format: format)
      case "export":
        try arguments.requirePositionals(atMost: 2)
        let format = try format(arguments, ["csv", "json"])
        return try PlayerExport.run(store, try player(arguments), engine: try engine(arguments), format: format)
      case "import":
        try arguments.requirePositionals(atMost: 2)
        guard arguments.positionals.count == 2 else { throw UsageError(message: "import needs a state file: import STATE.json --player ID") }
        guard let id = arguments.player else { throw UsageError(message: "import needs --player ID") }
        return try importState(store, from: arguments.positionals[1], as: id, engine: try engine(arguments))
      default:
        let hint = Suggestion.closest(to: action, among: ["list", "show", "export", "import"]).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "unknown action '\(action)'\(hint)")
      }
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }

  /// `--format`, one of `allowed` (the first is the default).
  static func format(_ arguments: Arguments<Options>, _ allowed: [String]) throws -> String {
    let format = arguments.format ?? allowed[0]
    guard allowed.contains(format) else {
      throw UsageError(message: "--format must be \(allowed.map { "'\($0)'" }.joined(separator: " or ")); found '\(format)'")
    }
    return format
  }

  static func player(_ arguments: Arguments<Options>) throws -> String {
    guard arguments.positionals.count == 2 else { throw UsageError(message: "missing the player's id") }
    return arguments.positionals[1]
  }

  static func engine(_ arguments: Arguments<Options>) throws -> Engine {
    Engine(pack: try RulePackLoader.load(directory: arguments.rules))
  }

  static func list(_ store: SQLiteStore, format: String) throws -> Int32 {
    let ids = try store.players()
    if format == "json" {
      var writer = JSONWriter()
      writer.array { w in
        for id in ids { w.string(id) }
      }
      Console.output.line(writer.output)
      return ExitCode.success
    }
    for id in ids {
      guard let state = try store.load(player: id) else { continue }
      Console.output.line("\(Award.escapingControls(id))\tlevel \(state.level)\t\(state.xp) XP\t\(state.appliedCount) event\(state.appliedCount == 1 ? "" : "s")")
    }
    return ExitCode.success
  }

  static func show(_ store: SQLiteStore, _ id: String, format: String) throws -> Int32 {
    guard let state = try store.load(player: id) else {
      throw CommandFailure(code: ExitCode.dataError, message: "no player '\(id)' in \(store.path)")
    }
    if format == "json" {
      Console.output.line(String(decoding: try state.data(), as: UTF8.self))
      return ExitCode.success
    }
    let companion = state.companions.active.flatMap { state.companions.members.indices.contains($0) ? state.companions.members[$0] : nil }
    let lines = [
      "player \(id): level \(state.level), \(state.xp) XP, \(state.totals.workouts) workouts, streak \(state.streak.current) (best \(state.streak.best))",
      "achievement tiers \(state.totals.achievements), personal records \(state.totals.prs), quests \(state.quests.completions)",
      companion.map { "companion \($0.species) level \($0.level)" } ?? "no companion",
      "\(state.appliedCount) events applied, \(state.appliedIDCount) ids; rules \(state.pack.name) \(state.pack.version) (\(state.pack.digest))",
    ]
    for line in lines { Console.output.line(Award.escapingControls(line)) }
    return ExitCode.success
  }

  static func importState(_ store: SQLiteStore, from path: String, as id: String, engine: Engine) throws -> Int32 {
    guard try store.load(player: id) == nil else {
      throw CommandFailure(code: ExitCode.dataError, message: "\(store.path) already has a player '\(id)'; import under another --player")
    }
    guard let state = try FileStore(path: try FileSystem.resolved(path)).load(player: "") else {
      throw CommandFailure(code: ExitCode.noInput, message: "\(path): no such state file")
    }
    try store.begin()
    do {
      try store.save(state, player: id)
      for (offset, event) in state.history.kept.enumerated() {
        try store.appendHistory(player: id, number: offset + 1, day: event.day, line: event.line)
      }
      try store.commit()
    } catch {
      store.rollback()
      throw error
    }
    Console.error.line("imported \(path) as player '\(id)': level \(state.level), \(state.xp) XP, \(state.appliedCount) event(s)")
    return ExitCode.success
  }
}
