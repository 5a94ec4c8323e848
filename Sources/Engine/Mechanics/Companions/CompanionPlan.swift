/// The companion rules the phases read on every workout, as plain memory in the engine's
/// storage: reading a species' element, affinities or evolution level through the rules would
/// retain the species (a class) and copy the element (a struct with a name and a list).
struct CompanionPlan {
  let categoryCount: Int
  /// The companion level curve (`thresholds[n]`: total XP for level n + 1).
  let thresholds: UnsafeBufferPointer<Int64>
  /// Per species and category (`species × categoryCount + category`): whether the category is
  /// an affinity of the species' element.
  let affinity: UnsafeBufferPointer<Bool>
  /// Per species: the level from which it evolves (`Int.max` when it does not).
  let evolvesAt: UnsafeBufferPointer<Int>
  /// Per species, the stat formula's first three arguments: base, growth and its element's
  /// profile (three `Stats` each).
  let statArguments: UnsafeBufferPointer<Stats>

  init(_ rules: CompanionRules?, categories: Int, storage: EngineStorage) {
    categoryCount = categories
    let species = rules?.species ?? []
    let elements = rules?.elements ?? []
    thresholds = storage.buffer(rules?.levels.thresholds ?? [])
    affinity = storage.buffer(
      species.flatMap { rule in (0..<categories).map { elements[rule.element].affinity.contains($0) } })
    evolvesAt = storage.buffer(species.map { $0.evolution?.atLevel ?? Int.max })
    statArguments = storage.buffer(species.flatMap { [$0.base, $0.growth, elements[$0.element].profile] })
  }

  /// Whether a category is an affinity of a species.
  @inline(__always)
  func hasAffinity(_ species: Int, _ category: Int) -> Bool {
    category >= 0 && category < categoryCount && affinity[species * categoryCount + category]
  }
}
