import Engine
import Ledger
import LiveOps
import RuleLanguage
import Store

extension CohortsCommand {
  /// `cohorts set`: checks a plan against the store (its packs, the cohorts already running) and
  /// puts it in force, pinning the store's players to their cohorts under the plan it replaces.
  static func set(_ plan: CohortPlan, _ source: SourceFile, store: SQLiteStore, reassign: Bool) throws -> Int32 {
    let tree = try JSONReader.parse(source)
    let nodes = tree["cohorts"]?.elements ?? []
    func at(_ index: Int, _ key: String, _ message: String, hint: String? = nil) -> Diagnostic {
      let offset = nodes.indices.contains(index) ? (nodes[index][key]?.offset ?? nodes[index].offset) : tree.offset
      return Diagnostic(in: source, offset: offset, message: message, notes: hint.map { [$0] } ?? [])
    }
    var problems: [Diagnostic] = []
    let named = try store.namedPacks()
    var packName: (name: String, cohort: Int)?
    for (index, cohort) in plan.cohorts.enumerated() {
      guard let pack = named.first(where: { $0.name == cohort.pack }) else {
        let hint =
          named.isEmpty
          ? "hint: the store has no named packs; add one with 'fitquest packs --store \(store.path) add \(cohort.pack) DIR'"
          : "hint: the store's packs: \(named.map(\.name).joined(separator: ", "))\(Suggestion.hint(for: cohort.pack, among: named.map(\.name)))"
        problems.append(at(index, "pack", "the store has no pack '\(cohort.pack)'", hint: hint))
        continue
      }
      if let first = packName, !first.name.utf8.elementsEqual(pack.packName.utf8) {
        problems.append(
          at(
            index, "pack",
            "pack '\(cohort.pack)' is rule pack '\(pack.packName)', but cohort '\(plan.cohorts[first.cohort].name)' follows '\(first.name)': the cohorts' packs must share one pack name (a player's saved state is refused by a pack of another name)"
          ))
      } else if packName == nil {
        packName = (pack.packName, index)
      }
    }
    let old = try CohortEngines.plan(of: store)
    if let old, !reassign {
      for cohort in old.cohorts {
        guard let index = plan.cohorts.firstIndex(where: { $0.name.utf8.elementsEqual(cohort.name.utf8) }) else {
          problems.append(
            Diagnostic(
              in: source, offset: tree["cohorts"]?.offset ?? 0,
              message: "cohort '\(cohort.name)' of the plan in force is missing: its players would move",
              notes: ["hint: keep it (its weight may change), or pass --reassign to move every player to the new plan"])
          )
          continue
        }
        if plan.cohorts[index].pack != cohort.pack {
          problems.append(
            at(
              index, "pack",
              "cohort '\(cohort.name)' follows pack '\(cohort.pack)' in the plan in force: its players would change rules",
              hint: "hint: give the new pack a new cohort, or pass --reassign"))
        }
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
    let pinned = try store.setCohortPlan(plan.json, reassign: reassign) { player in
      old.map { $0.cohort(of: player.bytes).name }
    }
    let cohorts = plan.cohorts.map { "\($0.name) \($0.weight) (pack '\($0.pack)')" }.joined(separator: ", ")
    Console.error.line(
      "cohorts plan in force: \(cohorts); \(reassign ? "every player follows it" : "\(pinned) player(s) pinned to the cohort they were in")"
    )
    return ExitCode.success
  }
}
