import Engine
import Ledger
import RuleLanguage
import Store

/// The engines of a store running cohorts, for ``LedgerRun/engines``: each player's cohort —
/// the one it was pinned to when the plan last changed, else the plan's hash of its id's bytes
/// — and that cohort's pack, compiled once per named pack from the files stored with it.
public final class CohortEngines: PlayerEngines {
  /// The plan in force.
  public let plan: CohortPlan
  /// The engine of each cohort, in the plan's order (cohorts of one pack share it).
  public let engines: [Engine]
  private let store: SQLiteStore
  private let hasPins: Bool
  /// Players already chosen in this run (forgotten past 65,536, so memory stays bounded).
  private var chosen: [PlayerID: Int] = [:]

  /// The engines of a store's plan, or nil when the store runs no cohorts.
  /// - Throws: ``LedgerError/corrupt(_:)`` when the stored plan cannot be read or names a pack
  ///   the store does not have.
  public init?(store: SQLiteStore) throws(LedgerError) {
    guard let plan = try Self.plan(of: store) else { return nil }
    var byPack: [String: Engine] = [:]
    var engines: [Engine] = []
    for cohort in plan.cohorts {
      if let engine = byPack[cohort.pack] {
        engines.append(engine)
        continue
      }
      guard let engine = try store.namedEngine(cohort.pack) else {
        throw .corrupt(
          Diagnostic(
            file: store.path,
            message: "cohort '\(cohort.name)' follows pack '\(cohort.pack)', which the store does not have"))
      }
      byPack[cohort.pack] = engine
      engines.append(engine)
    }
    self.plan = plan
    self.engines = engines
    self.store = store
    hasPins = try !store.pinnedCohorts().isEmpty
  }

  /// The plan a store has in force, or nil.
  /// - Throws: ``LedgerError/corrupt(_:)`` when it cannot be read.
  public static func plan(of store: SQLiteStore) throws(LedgerError) -> CohortPlan? {
    guard let stored = try store.cohortPlan() else { return nil }
    do {
      return try CohortPlan(
        source: SourceFile(name: "\(store.path) (cohorts plan \(stored.version))", text: stored.json))
    } catch {
      throw .corrupt(error.diagnostics.first ?? Diagnostic(file: store.path, message: "the cohorts plan is damaged"))
    }
  }

  /// The index of a player's cohort in the plan: its pin, else the hash of its id's bytes.
  /// - Throws: ``LedgerError/corrupt(_:)`` when its pin is damaged or names a cohort the plan
  ///   does not have.
  public func cohortIndex(of player: PlayerID) throws(LedgerError) -> Int {
    if let known = chosen[player] { return known }
    var index = plan.cohortIndex(player.bytes)
    if hasPins, let pinned = try store.pinnedCohort(of: player) {
      guard let found = plan.cohorts.firstIndex(where: { $0.name.utf8.elementsEqual(pinned.utf8) }) else {
        throw .corrupt(
          Diagnostic(
            file: store.path,
            message:
              "player '\(Award.escapingControls(player.text))' is pinned to cohort '\(pinned)', which the plan does not have"
          ))
      }
      index = found
    }
    if chosen.count >= 65_536 { chosen.removeAll(keepingCapacity: true) }
    chosen[player] = index
    return index
  }

  /// The engine of a player's cohort.
  public func engine(for player: PlayerID) throws(LedgerError) -> Engine {
    engines[try cohortIndex(of: player)]
  }
}
