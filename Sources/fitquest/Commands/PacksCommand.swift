import Engine
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store

/// `fitquest packs`: the named rule packs a store holds for its cohorts.
enum PacksCommand: Command {
  static let name = "packs"
  static let summary = "Add, list, show and remove the named rule packs a store holds for cohorts"
  static let usage =
    "fitquest packs --store FILE (add NAME DIR [--set PATH=VALUE] | list | show NAME | remove NAME) [--format text|json]"
  static let about = """
    add NAME DIR    compiles the pack of DIR (with --set overrides) and stores it in the store
                    under NAME: its files go into the store, so the store alone decides what a
                    cohort's players follow (a later edit of DIR changes nothing). Adding the
                    same pack under the same name again changes nothing; another pack under a
                    name in use is refused
    list            every named pack: name, pack name and version, digest, the cohorts on it
    show NAME       one pack: its digest, files and cohorts
    remove NAME     forgets the name (refused while the cohorts plan uses it); the files stay,
                    since events applied with the pack replay under it

    NAME is 1 to 64 characters: letters, digits, '-', '_' and '.', starting with a letter or a
    digit. list and show open the store read-only. See 'fitquest cohorts' for the plan that
    assigns players to the packs.
    """
  static let footer = """
    Exit codes: 0 done · 64 usage (an invalid NAME) · 65 an invalid pack, an unknown name, a
    name in use by another pack or by the cohorts, a damaged store · 66 a file cannot be read ·
    75 the store is locked past the wait.
    See docs/live-ops.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required; add creates it)")
    let set = RunOptions.set
    let format = Option.format([.text, .json])
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    let actions = ["add", "list", "show", "remove"]
    guard let action = arguments.positionals.first else {
      throw UsageError(message: "missing an action: add, list, show or remove")
    }
    guard actions.contains(action) else {
      throw UsageError(message: "unknown action '\(action)'\(Suggestion.hint(for: action, among: actions))")
    }
    let operands = Array(arguments.positionals.dropFirst())
    let wanted = ["add": 2, "list": 0, "show": 1, "remove": 1][action] ?? 0
    guard operands.count == wanted else {
      throw UsageError(
        message: wanted == 0 ? "list takes no operand" : "\(action) needs \(wanted == 2 ? "NAME DIR" : "NAME")")
    }
    if action != "add" && !arguments.set.isEmpty { throw UsageError(message: "--set goes with add") }
    if let name = operands.first { try check(name: name) }
    let resolved = (try? FileSystem.resolved(path)) ?? path
    do {
      switch action {
      case "add":
        let engine = Engine(
          pack: try RulePackLoader.load(directory: operands[1], overrides: try Overrides.rulesOnly(arguments.set)))
        return try add(operands[0], engine, store: try SQLiteStore(path: resolved))
      case "remove": return try remove(operands[0], store: try SQLiteStore(path: resolved, access: .existing))
      case "show": return try show(operands[0], store: try SQLiteStore.reading(path: resolved), arguments.format)
      default: return try list(store: try SQLiteStore.reading(path: resolved), arguments.format)
      }
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }

  /// A pack name: 1–64 of `A–Z a–z 0–9 - _ .`, starting with a letter or a digit.
  static func check(name: String) throws(UsageError) {
    let bytes = Array(name.utf8)
    let allowed = { (byte: UInt8) in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    guard (1...64).contains(bytes.count), allowed(bytes[0]),
      bytes.allSatisfy({ allowed($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
    else {
      throw UsageError(
        message:
          "invalid pack name '\(Award.escapingControls(name))': 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or a digit"
      )
    }
  }

  static func add(_ name: String, _ engine: Engine, store: SQLiteStore) throws -> Int32 {
    let stamp = PackStamp(engine.pack)
    if let known = try store.namedPacks().first(where: { $0.name == name }) {
      guard known.digest == engine.pack.digest else {
        Console.error.line(
          "\(store.path): error: pack '\(name)' is already '\(known.packName)' \(known.version) (\(known.digest)); the pack of this directory is \(stamp.digest)"
        )
        Console.error.line(
          "note: a cohort's rules never change under it: add the new pack under another name (and 'fitquest cohorts set' a plan using it)"
        )
        return ExitCode.dataError
      }
      Console.error.line(
        "pack '\(name)' is already '\(stamp.name)' \(stamp.version) (\(stamp.digest)); nothing changed")
      return ExitCode.success
    }
    try store.name(name, pack: engine)
    Console.error.line("added pack '\(name)': '\(stamp.name)' \(stamp.version) (\(stamp.digest))")
    return ExitCode.success
  }

  static func remove(_ name: String, store: SQLiteStore) throws -> Int32 {
    let users = try cohorts(using: name, store: store)
    guard users.isEmpty else {
      Console.error.line(
        "\(store.path): error: pack '\(name)' is followed by cohort(s) \(users.map { "'\($0)'" }.joined(separator: ", ")) of the cohorts plan"
      )
      Console.error.line("note: set a plan without it first ('fitquest cohorts --store FILE set PLAN.json --reassign')")
      return ExitCode.dataError
    }
    guard try store.removeName(name) else { return unknown(name, store: store) }
    Console.error.line("removed pack name '\(name)'; its files stay in the store for the events applied with it")
    return ExitCode.success
  }

  static func show(_ name: String, store: SQLiteStore, _ format: OutputFormat) throws -> Int32 {
    guard let known = try store.namedPacks().first(where: { $0.name == name }),
      let engine = try store.namedEngine(name)
    else { return unknown(name, store: store) }
    let users = try cohorts(using: name, store: store)
    let files = engine.pack.files.map {
      (name: $0.name.split(separator: "/").last.map(String.init) ?? $0.name, bytes: $0.bytes.count)
    }
    if format == .json {
      var w = JSONWriter()
      w.object { w in
        fields(known, &w)
        w.key("files")
        w.array { w in
          for file in files {
            w.object { w in
              w.field("name", file.name); w.field("bytes", file.bytes)
            }
          }
        }
        w.key("cohorts")
        w.array { w in for user in users { w.string(user) } }
      }
      Console.output.line(w.output)
      return ExitCode.success
    }
    var lines = [
      "pack '\(known.name)': '\(known.packName)' \(known.version)", "digest: \(known.digest)",
      "cohorts: \(users.isEmpty ? "none" : users.joined(separator: ", "))", "files:",
    ]
    lines += files.map { "  \($0.name) (\($0.bytes) bytes)" }
    Console.output.line(lines.joined(separator: "\n"))
    return ExitCode.success
  }

  static func list(store: SQLiteStore, _ format: OutputFormat) throws -> Int32 {
    let packs = try store.namedPacks()
    let plan = try CohortEngines.plan(of: store)
    func users(_ name: String) -> [String] { plan?.cohorts.filter { $0.pack == name }.map(\.name) ?? [] }
    if format == .json {
      var w = JSONWriter()
      w.array { w in
        for pack in packs {
          w.object { w in
            fields(pack, &w)
            w.key("cohorts")
            w.array { w in for user in users(pack.name) { w.string(user) } }
          }
        }
      }
      Console.output.line(w.output)
      return ExitCode.success
    }
    guard !packs.isEmpty else {
      Console.error.line("the store has no named packs; add one with 'fitquest packs --store FILE add NAME DIR'")
      return ExitCode.success
    }
    for pack in packs {
      let cohorts = users(pack.name)
      Console.output.line(
        "\(pack.name)  '\(pack.packName)' \(pack.version)  \(pack.digest)\(cohorts.isEmpty ? "" : "  cohorts: " + cohorts.joined(separator: ", "))"
      )
    }
    return ExitCode.success
  }

  private static func fields(_ pack: NamedPack, _ w: inout JSONWriter) {
    w.field("name", pack.name)
    w.field("packName", pack.packName)
    w.field("version", pack.version)
    w.field("digest", pack.digest)
  }

  /// The cohorts of the plan in force that follow a pack.
  static func cohorts(using name: String, store: SQLiteStore) throws -> [String] {
    try CohortEngines.plan(of: store)?.cohorts.filter { $0.pack == name }.map(\.name) ?? []
  }

  static func unknown(_ name: String, store: SQLiteStore) -> Int32 {
    let names = (try? store.namedPacks().map(\.name)) ?? []
    Console.error.line(
      "\(store.path): error: the store has no pack '\(name)'\(names.isEmpty ? " (it has none)" : "; it has \(names.joined(separator: ", "))")"
    )
    return ExitCode.dataError
  }
}
