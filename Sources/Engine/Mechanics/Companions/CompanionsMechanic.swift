import RuleLanguage

/// Companions (companions.json): elements, species, evolution, companion XP, levels and stats.
package enum CompanionsMechanic: Mechanic {
  package static let name = "companions"
  package static var index: Int { 6 }
  package static func decode(_ decoder: PackDecoder) -> CompanionRules? { CompanionRules.decode(decoder) }
  package static func summary(_ rules: CompanionRules) -> String? {
    "\(rules.elements.count) elements, \(rules.species.count) species"
  }
  package static func facts(_ names: FactNames) -> [Fact] { CompanionFacts.facts(names) }
  /// Two sites: companion XP (share, affinity bonus), and the evolution conditions.
  package static func formulas(_ rules: CompanionRules, pack: RulePack) -> [[Formula]] {
    [[rules.share, rules.affinityBonus], rules.species.compactMap { $0.evolution?.condition }]
  }

  package static let stateKey = "companions"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, CompanionCollection> { \.companions }
  package static var emptyState: CompanionCollection { CompanionCollection() }

  /// Every companion's species index is bound to the pack's species of its id.
  package static func isAligned(_ state: CompanionCollection, to pack: RulePack) -> Bool {
    let species = pack.companions?.species ?? []
    return state.members.allSatisfy { companion in
      species.indices.contains(companion.speciesIndex)
        && species[companion.speciesIndex].id.hasSameBytes(as: companion.species)
    }
  }

  /// Binds each companion to its species; companions of species the pack no longer has leave.
  package static func align(_ state: inout CompanionCollection, to pack: RulePack) -> [String] {
    var dropped: [String] = []
    let active = state.active.flatMap { $0 < state.members.count ? state.members[$0].species : nil }
    var members: [Companion] = []
    for var companion in state.members {
      guard let index = pack.companions?.species(named: companion.species) else {
        dropped.append(companion.species)
        continue
      }
      companion.speciesIndex = index
      members.append(companion)
    }
    state.members = members
    state.active = active.flatMap { name in members.firstIndex { $0.species.hasSameBytes(as: name) } }
    return dropped
  }

  package static func check(_ state: CompanionCollection, _ check: inout ProgressCheck) {
    if let active = state.active, !state.members.indices.contains(active) {
      check.fail("active", "\(active) is not the index of a companion (there are \(state.members.count))")
    }
    for (index, member) in state.members.enumerated() {
      check.count("members[\(index)].level", member.level, 1...1_000_000)
      check.count("members[\(index)].xp", member.xp)
      check.count("members[\(index)].evolutions", member.evolutions, 0...1_000)
      check.period("members[\(index)].joinedOn", member.joinedOn.number)
      for stat in 0..<4 {
        check.amount(
          "members[\(index)].stats.\(Stats.names[stat])", member.stats[stat], -ProgressCheck.exact...ProgressCheck.exact
        )
      }
    }
    check.unique(state.members, "members", what: "species", name: \.species)
  }

  package static func write(_ state: CompanionCollection, to w: inout BinaryWriter, pack: RulePack?) {
    w.optional(state.active) { $0.int($1) }
    w.list(state.members) { w, member in
      w.string(member.species)
      w.int(member.level)
      w.int64(member.xp)
      w.int(member.evolutions)
      for stat in 0..<4 { w.double(member.stats[stat]) }
      w.day(member.joinedOn)
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> CompanionCollection
  {
    var state = CompanionCollection()
    state.active = try r.optional { r throws(BinaryFormatError) in try r.int() }
    state.members = try r.list { r throws(BinaryFormatError) in
      let species = try r.string()
      let level = try r.int()
      let xp = try r.int64()
      let evolutions = try r.int()
      let stats = Stats([try r.double(), try r.double(), try r.double(), try r.double()])
      var member = Companion(species: species, stats: stats, joinedOn: try r.day())
      member.level = level
      member.xp = xp
      member.evolutions = evolutions
      member.speciesIndex = pack?.companions?.species(named: species) ?? -1
      return member
    }
    return state
  }

  package static let phases = ["checkChoice", "choose", "giveDefaultStarter", "awardCompanionXP", "evolve"]
  package static let awards: [any RecordedAward.Type] = [
    Recorded.CompanionJoined.self, Recorded.CompanionXP.self, Recorded.CompanionLevelUp.self, Recorded.Evolution.self,
  ]
}

extension RulePack {
  /// Companion rules, when the pack has them.
  public var companions: CompanionRules? { rules(CompanionsMechanic.self) }
}
