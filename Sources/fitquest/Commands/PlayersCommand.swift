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
  static let usage =
    "fitquest players --store FILE (list | show ID | export ID | import STATE.json --player ID | check) [--format FORMAT]"
  static let about = """
    list            every player: id, level, XP, events applied (text), or a JSON array
    show ID         a player: a summary (text), or its state as JSON (--format json): what a
                    single-player state file holds, without the file's header and checksum,
                    so it cannot be imported back (to move a player, import a state file)
    export ID       the player's whole history, replayed with the rules: one row per workout with
                    its sets, reps, volume and XP (--format csv, the default), or the workouts,
                    personal records and every award as JSON (--format json)
    import STATE    moves a single-player state file (fitquest award --state) into the store as
                    player ID, checked against --rules; refused when the store already has that
                    player. The store must exist (any 'award --store' creates one)
    check           reads every player as 'award' would (checksums, ranges, logged events
                    replayed) and prints each damaged one; exit 65 if one is

    Reading actions open the store read-only (a store on a read-only disk can be read); a store
    of an older schema is migrated once, which needs write access.
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 an invalid or damaged store, player or state file · 66 a
    file cannot be read · 75 the store is locked past the wait (import).
    See docs/scale.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required)")
    let rules = Option.value(
      "--rules", "DIR", "the rule pack: export replays under it, import is checked against it (default: rules)")
    let player = Option.value("--player", "ID", "with import: the id the player gets in the store")
    let format = Option.value("--format", "FORMAT", "list, show: text (default) or json; export: csv (default) or json")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    guard let action = arguments.positionals.first else {
      throw UsageError(message: "missing an action: list, show, export, import or check")
    }
    let actions = ["list", "show", "export", "import", "check"]
    guard actions.contains(action) else {
      throw UsageError(
        message:
          "unknown action '\(action)'\(Suggestion.closest(to: action, among: actions).map { "; did you mean '\($0)'?" } ?? "")"
      )
    }
    try arguments.requirePositionals(atMost: action == "list" || action == "check" ? 1 : 2)
    let player =
      action == "show" || action == "export"
      ? try playerID(arguments.positionals.count == 2 ? arguments.positionals[1] : nil)
      : action == "import" ? try playerID(arguments.player, option: "--player") : nil
    if action == "import" && arguments.positionals.count != 2 {
      throw UsageError(message: "import needs a state file: import STATE.json --player ID")
    }
    let format = try self.format(arguments, action == "export" ? ["csv", "json"] : ["text", "json"])
    let resolved = (try? FileSystem.resolved(path)) ?? path
    do {
      let store =
        action == "import"
        ? try SQLiteStore(path: resolved, access: .existing) : try SQLiteStore.reading(path: resolved)
      switch (action, player) {
      case ("show", let player?): return try show(store, player, engine: { try givenEngine(arguments) }, format: format)
      case ("export", let player?):
        return try PlayerExport.run(store, player, engine: try engine(arguments), format: format)
      case ("import", let player?):
        return try importState(store, from: arguments.positionals[1], as: player, engine: try engine(arguments))
      case ("check", _): return try check(store, engine: try givenEngine(arguments))
      default: return try list(store, engine: try givenEngine(arguments), format: format)
      }
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }

  /// A player id given on the command line, checked as the store checks ids (its raw bytes:
  /// an argument that is not UTF-8 is refused, not turned into U+FFFD).
  static func playerID(_ text: String?, option: String? = nil) throws -> PlayerID {
    guard let text else {
      throw UsageError(message: option.map { "import needs \($0) ID" } ?? "missing the player's id")
    }
    let raw = (0..<Int(CommandLine.argc)).compactMap {
      CommandLine.unsafeArgv[$0].map {
        Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) }
      }
    }
    let mangled = raw.contains { bytes in
      String(validating: bytes, as: UTF8.self) == nil && String(decoding: bytes, as: UTF8.self) == text
    }
    guard !mangled, let id = PlayerID(text) else {
      throw UsageError(
        message:
          "\(PlayerID.requirement); found '\(Award.escapingControls(text))' (\(text.utf8.count) bytes\(mangled ? ", not UTF-8" : ""))"
      )
    }
    return id
  }

  /// `--format`, one of `allowed` (the first is the default).
  static func format(_ arguments: Arguments<Options>, _ allowed: [String]) throws -> String {
    let format = arguments.format ?? allowed[0]
    guard allowed.contains(format) else {
      throw UsageError(
        message: "--format must be \(allowed.map { "'\($0)'" }.joined(separator: " or ")); found '\(format)'")
    }
    return format
  }

  static func engine(_ arguments: Arguments<Options>) throws -> Engine {
    Engine(pack: try RulePackLoader.load(directory: arguments.rules ?? "rules"))
  }

  /// The engine of `--rules` when given (reading needs none: logged events replay under the
  /// packs stored with them).
  static func givenEngine(_ arguments: Arguments<Options>) throws -> Engine? {
    try arguments.rules.map { Engine(pack: try RulePackLoader.load(directory: $0)) }
  }

  static func list(_ store: SQLiteStore, engine: Engine?, format: String) throws -> Int32 {
    let ids = try store.players()
    if format == "json" {
      var writer = JSONWriter()
      writer.array { w in
        for id in ids { w.string(id.text) }
      }
      Console.output.line(writer.output)
      return ExitCode.success
    }
    var damaged = 0
    for id in ids {
      do {
        guard let state = try store.load(player: id, engine: engine) else { continue }
        Console.output.line(
          "\(Award.escapingControls(id.text))\tlevel \(state.level)\t\(state.xp) XP\t\(state.appliedCount) event\(state.appliedCount == 1 ? "" : "s")"
        )
      } catch {
        damaged += 1
        Console.error.diagnostics(error.diagnostics)
      }
    }
    return damaged == 0 ? ExitCode.success : ExitCode.dataError
  }

  static func show(_ store: SQLiteStore, _ id: PlayerID, engine: () throws -> Engine?, format: String) throws -> Int32 {
    let missing = CommandFailure(
      code: ExitCode.dataError, message: "no player '\(Award.escapingControls(id.text))' in \(store.path)")
    if format == "json" {
      guard let state = try store.load(player: id, engine: try engine()) else { throw missing }
      Console.output.line(String(decoding: try state.data(), as: UTF8.self))
      return ExitCode.success
    }
    // The summary reads the snapshot without compiling a rule pack: --rules changes nothing here.
    guard let player = try store.summary(of: id) else { throw missing }
    let lines = [
      "player \(id.text): level \(player.level), \(player.xp) XP, \(player.workouts) workouts, streak \(player.streak) (best \(player.bestStreak))",
      "achievement tiers \(player.achievementTiers), personal records \(player.personalRecords), quests \(player.questCompletions)",
      player.companion.map { "companion \($0.species) level \($0.level)" } ?? "no companion",
      "\(player.appliedCount) events applied, \(player.appliedIDCount) ids; rules \(player.pack.name) \(player.pack.version) (\(player.pack.digest))",
    ]
    for line in lines { Console.output.line(Award.escapingControls(line)) }
    return ExitCode.success
  }

  static func importState(_ store: SQLiteStore, from path: String, as id: PlayerID, engine: Engine) throws -> Int32 {
    guard let state = try FileStore(path: try FileSystem.resolved(path)).load(player: "") else {
      throw CommandFailure(code: ExitCode.noInput, message: "\(path): no such state file")
    }
    // The state must be one these rules can use (the pack's name, a level its XP gives).
    var checked = state
    for warning in try Ledger.prepare(&checked, engine: engine, windowDays: nil) {
      Console.error.line("warning: \(warning)")
    }
    try store.importPlayer(state, as: id, engine: engine)
    Console.error.line(
      Award.escapingControls(
        "imported \(path) as player '\(id.text)': level \(state.level), \(state.xp) XP, \(state.appliedCount) event(s)")
    )
    return ExitCode.success
  }

  static func check(_ store: SQLiteStore, engine: Engine?) throws -> Int32 {
    let (count, problems) = try store.check(engine: engine)
    for problem in problems {
      let who = problem.player.map { "player '\(Award.escapingControls($0.text))': " } ?? ""
      Console.error.line("\(store.path): error: \(who)\(problem.message)")
    }
    Console.error.line(
      "checked \(count) player(s) of \(store.path): \(problems.isEmpty ? "no problems" : "\(problems.count) problem(s)")"
    )
    return problems.isEmpty ? ExitCode.success : ExitCode.dataError
  }
}
