import RuleLanguage

/// The XP terms and factors compiled as one program per category, with the category's
/// parameters as constants: the path of workouts whose awards need no breakdown. A failure, or
/// an explanation, evaluates the formulas one by one instead (same operations, same result).
struct ExperiencePlan {
  /// Per category, the fused program's formula (kept alive for its bytecode); empty when some
  /// term or factor cannot be fused.
  let programs: [Formula]
  /// Per category, the slots the fused program and the bonuses read.
  let slots: [[Int]]

  init(pack: RulePack) {
    let xp = pack.xp
    guard let fused = Formula.sumThenProduct(xp.terms.map(\.formula), xp.factors.map(\.formula)) else {
      programs = []
      slots = []
      return
    }
    let facts = pack.facts.facts
    let parameters = facts.indices.filter { if case .categoryParameter = facts[$0].source { true } else { false } }
    let bonusSlots = Set(xp.bonuses.flatMap { $0.condition.slots + $0.amount.slots })
    var programs: [Formula] = []
    var slots: [[Int]] = []
    for category in pack.categories {
      var values: [Int: Double] = [:]
      for slot in parameters { values[slot] = category.parameters[facts[slot].argument] }
      let program = fused.substituting(values)
      programs.append(program)
      slots.append(bonusSlots.union(program.slots).sorted())
    }
    self.programs = programs
    self.slots = slots
  }
}
