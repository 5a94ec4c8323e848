import RuleLanguage

// companions.json: elements, species, evolution chains, companion XP, levels and stats.

extension CompanionRules {
  /// Reads companions.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> CompanionRules? {
    guard let object = decoder.documents["companions"]?.object else { return nil }
    let log = decoder.log
    defer { object.finish() }
    let elements = decodeElements(object.required("elements"), decoder)
    let levels = object.required("levels")?.object.flatMap { decoder.decodeCurve($0, what: "companion level") }
    let speciesNode = object.required("species")
    let species = decodeSpecies(speciesNode, elements: elements, maxLevel: levels?.maxLevel ?? 1_000_000, decoder)
    var defaultStarter: Int?
    if let node = object.optional("defaultStarter"), let id = node.string {
      if let index = species.firstIndex(where: { $0.id == id }) {
        if species[index].isStarter {
          defaultStarter = index
        } else {
          node.error("default starter '\(id)' is not a starter species")
        }
      } else {
        node.error("unknown species '\(id)'\(Suggestion.hint(for: id, among: species.map(\.id)))")
      }
    }
    var share: Formula?
    var bonus: Formula?
    if let xp = object.required("xp")?.object {
      defer { xp.finish() }
      share = decoder.formula(xp.required("share"), .companionXP, .number)
      bonus = decoder.formula(xp.required("affinityBonus"), .companionXP, .number)
    }
    let stats = decoder.formula(object.required("stats"), variables: ["base", "growth", "profile", "level"])
    if let speciesNode, !log.hasErrors { validateChains(species, node: speciesNode) }
    guard let share, let bonus, let levels, let stats, !species.isEmpty else { return nil }
    return CompanionRules(
      elements: elements, species: species, defaultStarter: defaultStarter, share: share, affinityBonus: bonus,
      levels: levels, stats: stats)
  }

  private static func decodeStats(_ node: JSONNode?, range: ClosedRange<Double>) -> Stats? {
    guard let object = node?.object else { return nil }
    defer { object.finish() }
    let values = Stats.names.map { object.required($0)?.number(in: range) }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    return Stats(values.map { $0 ?? 0 })
  }

  private static func decodeElements(_ node: JSONNode?, _ decoder: PackDecoder) -> [ElementRule] {
    guard let object = node?.object else { return [] }
    var elements: [ElementRule] = []
    for entry in object.entries {
      guard let fields = entry.node.object else { continue }
      defer { fields.finish() }
      let affinity = fields.required("affinity")?.array?.compactMap { decoder.categoryIndex($0) } ?? []
      let profile = decodeStats(fields.required("profile"), range: 0...10)
      if let profile { elements.append(ElementRule(id: entry.key, affinity: affinity, profile: profile)) }
    }
    return elements
  }

  private static func decodeSpecies(_ node: JSONNode?, elements: [ElementRule], maxLevel: Int, _ decoder: PackDecoder)
    -> [SpeciesRule]
  {
    guard let object = node?.object else { return [] }
    let entries = object.entries
    let ids = entries.map(\.key)
    var species: [SpeciesRule] = []
    for entry in entries {
      guard let fields = entry.node.object else { continue }
      defer { fields.finish() }
      let name = fields.optional("name")?.nonEmptyString ?? entry.key
      var element: Int?
      if let elementNode = fields.required("element"), let id = elementNode.string {
        element = elements.firstIndex { $0.id == id }
        if element == nil {
          elementNode.error("unknown element '\(id)'\(Suggestion.hint(for: id, among: elements.map(\.id)))")
        }
      }
      let stage = fields.required("stage")?.integer(in: 1...10)
      let starterNode = fields.optional("starter")
      let isStarter = starterNode?.bool ?? false
      if isStarter, let stage, stage != 1 { starterNode?.error("only stage 1 species can be starters") }
      let base = decodeStats(fields.required("base"), range: 0...10_000)
      let growth = decodeStats(fields.required("growth"), range: 0...1_000)
      var evolution: EvolutionRule?
      if let evolves = fields.optional("evolvesTo")?.object {
        defer { evolves.finish() }
        var into: Int?
        if let target = evolves.required("species"), let id = target.string {
          into = ids.firstIndex(of: id)
          if into == nil { target.error("unknown species '\(id)'\(Suggestion.hint(for: id, among: ids))") }
        }
        let atLevel = evolves.required("atLevel")?.integer(in: 2...maxLevel)
        let condition = decoder.formula(evolves.optional("condition"), .player, .bool)
        if let into, let atLevel { evolution = EvolutionRule(into: into, atLevel: atLevel, condition: condition) }
      }
      if let element, let stage, let base, let growth {
        species.append(
          SpeciesRule(
            id: entry.key, name: name, element: element, stage: stage, isStarter: isStarter, base: base, growth: growth,
            evolution: evolution))
      } else {
        // Keep indexes aligned with `ids` so evolution targets stay valid.
        species.append(
          SpeciesRule(
            id: entry.key, name: name, element: 0, stage: stage ?? 1, isStarter: isStarter,
            base: Stats([0, 0, 0, 0]), growth: Stats([0, 0, 0, 0]), evolution: nil))
      }
    }
    return species
  }

  /// Rejects cycles, evolutions that skip or repeat a stage, and unreachable stages.
  private static func validateChains(_ species: [SpeciesRule], node: JSONNode) {
    guard let entries = node.object?.entries else { return }
    for (index, rule) in species.enumerated() {
      var seen = [index]
      var current = rule
      while let next = current.evolution?.into {
        if let start = seen.firstIndex(of: next) {
          let cycle = Array(seen[start...])
          let names = (cycle + [next]).map { species[$0].id }.joined(separator: " → ")
          // Report each cycle once, at its first species in file order.
          if start == 0 && cycle.min() == index { entries[index].node.error("evolution chain has a cycle: \(names)") }
          break
        }
        seen.append(next)
        current = species[next]
      }
      if let evolution = rule.evolution, species[evolution.into].stage != rule.stage + 1 {
        entries[index].node.error(
          "'\(rule.id)' (stage \(rule.stage)) evolves into '\(species[evolution.into].id)' (stage \(species[evolution.into].stage)); an evolution must go to the next stage"
        )
      }
      let targeted = species.contains { $0.evolution?.into == index }
      if rule.stage > 1 && !targeted {
        entries[index].node.error(
          "species '\(rule.id)' (stage \(rule.stage)) is unreachable: no species evolves into it")
      }
      if rule.stage == 1 && !rule.isStarter && !targeted {
        entries[index].node.error("species '\(rule.id)' is unreachable: it is stage 1 but not a starter")
      }
    }
  }
}
