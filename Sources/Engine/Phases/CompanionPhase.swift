import RuleLanguage

// Companions: the default starter joins with the first workout; the active companion gains a
// share of the workout's XP plus an affinity bonus when the category is one of its element's
// affinities; it levels on its own curve, and its stats are recomputed on every level.

extension Engine {
  func giveDefaultStarter(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) {
    guard let rules = pack.companions, let starter = rules.defaultStarter, state.companions.members.isEmpty else { return }
    join(starter, isDefault: true, &step, &state, &awards)
  }

  func choose(_ choice: CompanionChoice, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) {
    guard let rules = pack.companions, let species = rules.species(named: choice.species) else { return }
    if let owned = state.companions.members.firstIndex(where: { $0.species == choice.species }) {
      state.companions.active = owned
    } else {
      join(species, isDefault: false, &step, &state, &awards)
    }
  }

  private func join(_ species: Int, isDefault: Bool, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) {
    guard let rules = pack.companions else { return }
    let rule = rules.species[species]
    let stats = (try? self.stats(of: species, level: 1)) ?? rule.base
    state.companions.members.append(Companion(species: rule.id, stats: stats, joinedOn: step.day))
    state.companions.active = state.companions.members.count - 1
    awards.append(
      .companionJoined(
        CompanionJoined(
          eventID: step.eventID, day: step.day, species: rule.id, element: rules.elements[rule.element].id,
          isDefaultStarter: isDefault)))
  }

  /// A species' stats at a level: the pack's stat formula of base, growth, element profile, level.
  func stats(of species: Int, level: Int) throws(FormulaFailureInContext) -> Stats {
    guard let rules = pack.companions else { return Stats([0, 0, 0, 0]) }
    let rule = rules.species[species]
    let profile = rules.elements[rule.element].profile.values
    let base = rule.base.values
    let growth = rule.growth.values
    var values: [Double] = []
    for index in 0..<4 {
      do {
        values.append(try rules.stats.evaluate(base[index], growth[index], profile[index], Double(level)))
      } catch {
        throw FormulaFailureInContext(formula: rules.stats, failure: error)
      }
    }
    return Stats(values)
  }

  func awardCompanionXP(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    guard let rules = pack.companions, let active = activeCompanion(state) else { return }
    fill(companionSlots, step, state)
    let share = try wholeXP(pack.xp.rounding.round(try evaluate(rules.share, step)), step)
    var bonus: Int64 = 0
    if rules.elements[active.species.element].affinity.contains(step.facts.category) {
      bonus = try wholeXP(pack.xp.rounding.round(try evaluate(rules.affinityBonus, step)), step)
    }
    let gained = max(0, share + bonus)
    var companion = active.companion
    try add(gained, to: &companion.xp, "the companion's XP", step)
    awards.append(
      .companionXP(
        CompanionXPAward(
          eventID: step.eventID, day: step.day, species: companion.species, xp: gained, share: share,
          affinityBonus: bonus, total: companion.xp)))
    guard let species = rules.species(named: companion.species) else { return }
    while let threshold = rules.levels.threshold(after: companion.level), companion.xp >= threshold {
      companion.level += 1
      companion.stats = try statsOrFail(species, companion.level, step)
      awards.append(
        .companionLevelUp(
          CompanionLevelUp(
            eventID: step.eventID, day: step.day, species: companion.species, level: companion.level,
            threshold: threshold, stats: companion.stats)))
    }
    state.companions.members[active.index] = companion
  }

  func statsOrFail(_ species: Int, _ level: Int, _ step: borrowing Step) throws(EngineError) -> Stats {
    do {
      return try stats(of: species, level: level)
    } catch {
      throw failure(error.formula, error.failure, step)
    }
  }

  /// Evolution: while the active companion's species evolves at or below its level and the extra
  /// condition (if any) holds, it becomes the next species and its stats are recomputed.
  func evolve(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    guard let rules = pack.companions, var active = activeCompanion(state) else { return }
    var filled = false
    while let evolution = active.species.evolution, active.companion.level >= evolution.atLevel {
      var values: [Contribution] = []
      if let condition = evolution.condition {
        if !filled {
          fill(evolutionSlots, step, state)
          filled = true
        }
        guard try evaluate(condition, step) != 0 else { return }
        values = condition.slots.map { Contribution(pack.facts.entries[$0].name, step.slots[$0]) }
      }
      var companion = active.companion
      let from = companion.species
      let target = rules.species[evolution.into]
      companion.species = target.id
      companion.evolutions += 1
      companion.stats = try statsOrFail(evolution.into, companion.level, step)
      state.companions.members[active.index] = companion
      state.totals.evolutions += 1
      awards.append(
        .evolution(
          Evolution(
            eventID: step.eventID, day: step.day, from: from, to: target.id, level: companion.level,
            atLevel: evolution.atLevel, condition: evolution.condition?.source, values: values, stats: companion.stats)))
      active = (companion, target, active.index)
      filled = false
    }
  }
}

/// A formula failure together with the formula, for locating it.
struct FormulaFailureInContext: Error {
  let formula: Formula
  let failure: FormulaFailure
}
