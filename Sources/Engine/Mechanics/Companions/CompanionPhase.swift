import RuleLanguage

// Companions: the default starter joins with the first workout; the active companion gains a
// share of the workout's XP plus an affinity bonus when the category is one of its element's
// affinities; it levels on its own curve, and its stats are recomputed on every level. While the
// active companion's species evolves at or below its level and the extra condition (if any)
// holds, it becomes the next species.

extension Engine {
  func giveDefaultStarter(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) {
    guard state.companions.members.isEmpty, let rules = pack.companions, let starter = rules.defaultStarter else {
      return
    }
    join(starter, isDefault: true, &context, &state, &log)
  }

  /// Refuses a choice of a species that is neither a starter nor in the collection (before
  /// anything changes).
  func checkChoice(_ species: Int, _ state: borrowing PlayerProgress) throws(EngineError) {
    guard let rules = pack.companions else { throw .invalidEvent(message: "this rule pack has no companions") }
    guard rules.species.indices.contains(species) else {
      throw .invalidEvent(message: "the event was resolved against another rule pack")
    }
    let owned = state.companions.members.contains { $0.speciesIndex == species }
    if !owned && !rules.species[species].isStarter {
      let starters = rules.species.filter(\.isStarter).map { "'\($0.id)'" }.joined(separator: ", ")
      throw .invalidEvent(
        message: "'\(rules.species[species].id)' is not a starter and not in the collection; starters are \(starters)")
    }
  }

  func choose(_ species: Int, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) {
    guard pack.companions != nil else { return }
    if let owned = state.companions.members.firstIndex(where: { $0.speciesIndex == species }) {
      state.companions.active = owned
    } else {
      join(species, isDefault: false, &context, &state, &log)
    }
  }

  private func join(
    _ species: Int, isDefault: Bool, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog
  ) {
    guard let rules = pack.companions else { return }
    let rule = rules.species[species]
    let stats = (try? self.stats(of: species, level: 1, context)) ?? rule.base
    var joined = Companion(species: rule.id, stats: stats, joinedOn: context.day)
    joined.speciesIndex = species
    state.companions.members.append(joined)
    state.companions.active = state.companions.members.count - 1
    if log.isRecording {
      log.append(AwardRecord(day: context.day, Recorded.CompanionJoined(species: species, isDefaultStarter: isDefault)))
    }
  }

  /// A species' stats at a level: the pack's stat formula of base, growth, element profile, level.
  func stats(of species: Int, level: Int, _ context: borrowing EventContext) throws(EngineError) -> Stats {
    guard let rules = pack.companions else { return Stats([0, 0, 0, 0]) }
    let arguments = plan.companions.statArguments.baseAddress.unsafelyUnwrapped + 3 * species
    let (base, growth, profile) = (arguments[0], arguments[1], arguments[2])
    var stats = Stats(hp: 0, attack: 0, defense: 0, speed: 0)
    for index in 0..<4 {
      let arguments = (base[index], growth[index], profile[index], Double(level))
      let value: Double
      if let program = plan.companionStats, let computed = run(program, arguments, context) {
        value = computed
      } else {
        do {
          value = try rules.stats.evaluate(arguments.0, arguments.1, arguments.2, arguments.3)
        } catch {
          throw failure(rules.stats, error)
        }
      }
      switch index {
      case 0: stats.hp = value
      case 1: stats.attack = value
      case 2: stats.defense = value
      default: stats.speed = value
      }
    }
    return stats
  }

  /// The active companion's share of the workout's XP (and its affinity bonus), and the levels
  /// it reaches. Computed on its numbers and written once all succeeded (on a failure the
  /// companion is unchanged), without copying the companion (its species name).
  func awardCompanionXP(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    guard pack.companions != nil, let active = state.companions.active, active < state.companions.members.count
    else {
      return
    }
    fill(slots(CompanionsMechanic.self, 0), &context, &state)
    let share = try wholeXP(plan.rounding.round(try evaluate(CompanionsMechanic.self, site: 0, formula: 0, context)))
    var bonus: Int64 = 0
    let species = state.companions.members[active].speciesIndex
    if plan.companions.hasAffinity(species, context.facts.category) {
      bonus = try wholeXP(plan.rounding.round(try evaluate(CompanionsMechanic.self, site: 0, formula: 1, context)))
    }
    let gained = max(0, share + bonus)
    var xp = state.companions.members[active].xp
    try add(gained, to: &xp, "the companion's XP")
    if log.isRecording {
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.CompanionXP(species: species, xp: gained, share: share, affinityBonus: bonus, total: xp)))
    }
    let thresholds = plan.companions.thresholds
    var level = state.companions.members[active].level
    var reached: Stats?
    while level < thresholds.count, xp >= thresholds[level] {
      let threshold = thresholds[level]
      level += 1
      let stats = try stats(of: species, level: level, context)
      reached = stats
      if log.isRecording {
        log.append(
          AwardRecord(
            day: context.day,
            Recorded.CompanionLevelUp(species: species, level: level, threshold: threshold, stats: stats)))
      }
    }
    state.companions.members[active].xp = xp
    if let reached {
      state.companions.members[active].level = level
      state.companions.members[active].stats = reached
    }
  }

  func evolve(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) throws(EngineError) {
    guard let rules = pack.companions, let active = state.companions.active, active < state.companions.members.count
    else {
      return
    }
    var filled = false
    while true {
      // Most workouts: the species does not evolve yet (read in place, without a copy).
      let member = (
        species: state.companions.members[active].speciesIndex, level: state.companions.members[active].level
      )
      guard member.level >= plan.companions.evolvesAt[member.species] else { return }
      var companion = state.companions.members[active]
      let species = rules.species[companion.speciesIndex]
      // Its level reached `evolvesAt`, the evolution's level (checked above). A collection holds
      // a species once: a second line of the same starter stops before its stage the collection
      // already has (two of it would make the state one that no longer reads back).
      guard let evolution = species.evolution,
        !state.companions.members.contains(where: { $0.speciesIndex == evolution.into })
      else { return }
      var values = ValueRange.empty
      if let condition = evolution.condition {
        if !filled {
          fill(slots(CompanionsMechanic.self, 1), &context, &state)
          filled = true
        }
        guard try evaluate(condition, context) != 0 else { return }
        if log.isExplaining {
          values = log.append(values: condition.slots.flatMap { [Double($0), context.slots[$0]] })
        }
      }
      let from = companion.speciesIndex
      companion.species = rules.species[evolution.into].id
      companion.speciesIndex = evolution.into
      companion.evolutions += 1
      companion.stats = try stats(of: evolution.into, level: companion.level, context)
      state.companions.members[active] = companion
      state.totals.evolutions += 1
      if log.isRecording {
        log.append(
          AwardRecord(
            day: context.day,
            Recorded.Evolution(
              from: from, to: evolution.into, level: companion.level, atLevel: evolution.atLevel, values: values,
              stats: companion.stats)))
      }
      filled = false
    }
  }
}
