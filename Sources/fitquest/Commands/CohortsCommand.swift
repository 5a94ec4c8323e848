import Engine
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store

/// `fitquest cohorts`: A/B tests of rule packs on a store's real players.
enum CohortsCommand: Command {
  static let name = "cohorts"
  static let summary = "Assign a store's players to rule packs by cohorts and compare their real outcomes"
  static let usage =
    "fitquest cohorts --store FILE [compare [--as-of DATE] [--format text|json|csv] | set PLAN.json [--reassign] | show | end]"
  static let about = """
    compare (default)   per cohort: players, workouts per week since the plan's 'since'
                        (retention), the share active in the last 7 days, XP, level and
                        unlocks, each with its 95% interval, and each cohort's difference from
                        the first (the control); read-only
    set PLAN.json       puts a cohorts plan in force (docs/live-ops.md): players are assigned by
                        a stable hash of their id's bytes and the weights, and 'award --store'
                        applies each player's own pack. Every cohort's pack must have been added
                        ('fitquest packs add'). Players the store already holds keep the cohort
                        they were in (they are pinned to it); the new plan must keep every cohort
                        of the old one with its pack. --reassign drops the pins: every player
                        follows the new plan
    show                the plan in force (its canonical JSON with --format json) and the pins
    end                 ends the cohorts: 'award --store' applies --rules to everyone again
                        (follow with 'fitquest migrate' to move every player to one pack)

    Set a plan while no 'award' runs on the store: a running award keeps the plan it read.
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 an invalid plan (located), a pack the store does not
    have, a damaged store · 66 a file cannot be read · 74 the output cannot be written · 75 the
    store is locked past the wait.
    See docs/live-ops.md.
    """
  struct Options: CommandOptions {
    let store = Option.value("--store", "FILE", "the SQLite store (required)")
    let format = Option.format([.text, .json, .csv])
    let asOf = Option.value("--as-of", "DATE", "compare as of this day (default: the latest event's)") {
      text throws(UsageError) in
      guard let day = Day(iso: text) else {
        throw UsageError(message: "--as-of must be a date, YYYY-MM-DD; found '\(text)'")
      }
      return day
    }
    let reassign = Option.flag("--reassign", "with set: every player follows the new plan (none is pinned)")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let path = arguments.store else { throw UsageError(message: "missing --store FILE") }
    let actions = ["compare", "set", "show", "end"]
    let action = arguments.positionals.first ?? "compare"
    guard actions.contains(action) else {
      throw UsageError(message: "unknown action '\(action)'\(Suggestion.hint(for: action, among: actions))")
    }
    try arguments.requirePositionals(atMost: action == "set" ? 2 : 1)
    if action == "set" && arguments.positionals.count < 2 {
      throw UsageError(message: "set needs a plan: set PLAN.json")
    }
    if arguments.reassign && action != "set" { throw UsageError(message: "--reassign goes with set") }
    if arguments.asOf != nil && action != "compare" { throw UsageError(message: "--as-of goes with compare") }
    if action != "compare" && action != "show" && arguments.scan.texts("--format") != nil {
      throw UsageError(message: "--format goes with compare and show")
    }
    let resolved = (try? FileSystem.resolved(path)) ?? path
    do {
      switch action {
      case "set":
        // The plan is checked on its own first, then against the store.
        let source = SourceFile(
          name: arguments.positionals[1], bytes: try FileSystem.readBytes(arguments.positionals[1]))
        let plan = try CohortPlan(source: source)
        return try set(
          plan, source, store: try SQLiteStore(path: resolved, access: .existing), reassign: arguments.reassign)
      case "end":
        let store = try SQLiteStore(path: resolved, access: .existing)
        guard try store.cohortPlan() != nil else {
          Console.error.line("the store runs no cohorts; nothing changed")
          return ExitCode.success
        }
        _ = try store.setCohortPlan(nil, reassign: true) { _ in nil }
        Console.error.line("cohorts ended: 'award --store' applies --rules to every player again")
        return ExitCode.success
      case "show": return try show(store: try SQLiteStore.reading(path: resolved), arguments.format)
      default:
        return try compare(store: try SQLiteStore.reading(path: resolved), asOf: arguments.asOf, arguments.format)
      }
    } catch let error as LedgerError {
      return AwardCommand.report(error, path: path)
    }
  }

  static func compare(store: SQLiteStore, asOf: Day?, _ format: OutputFormat) throws -> Int32 {
    guard let engines = try CohortEngines(store: store) else { return noPlan(store) }
    let (comparison, damaged) = try StoreCohorts.compare(store: store, engines: engines, asOf: asOf)
    switch format {
    case .json: Console.output.write(comparison.json)
    case .csv: Console.output.write(comparison.csv)
    default: Console.output.write(comparison.text)
    }
    if !damaged.isEmpty {
      Console.error.line(
        "\(store.path): warning: \(damaged.count) damaged player(s) left out (see 'fitquest players --store \(store.path) check')"
      )
    }
    return ExitCode.success
  }

  static func show(store: SQLiteStore, _ format: OutputFormat) throws -> Int32 {
    guard let plan = try CohortEngines.plan(of: store) else { return noPlan(store) }
    if format == .json {
      Console.output.line(plan.json)
      return ExitCode.success
    }
    let pins = try store.pinnedCohorts()
    var lines = ["salt '\(plan.salt)', since \(plan.since.iso), total weight \(plan.totalWeight)"]
    for cohort in plan.cohorts {
      let pinned = pins.first { $0.cohort == cohort.name }?.players ?? 0
      lines.append(
        "\(cohort.name): pack '\(cohort.pack)', weight \(cohort.weight)\(pinned > 0 ? ", \(pinned) player(s) pinned" : "")"
      )
    }
    Console.output.line(lines.joined(separator: "\n"))
    return ExitCode.success
  }

  static func noPlan(_ store: SQLiteStore) -> Int32 {
    Console.error.line(
      "\(store.path): error: the store runs no cohorts; put a plan in force with 'fitquest cohorts --store \(store.path) set PLAN.json'"
    )
    return ExitCode.dataError
  }
}
