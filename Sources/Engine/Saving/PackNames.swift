/// A list of a pack's names that a progress keeps one entry per — categories, exercises,
/// achievements, quests, seasons — with the digest the binary form records for it
/// (``WordHash/names(_:)``): made once per pack, where saving, reading and aligning a progress
/// used to build the list (a String array) and hash every name each time.
package struct PackNames: Sendable {
  /// The names, in the pack's order.
  package let names: [String]
  /// Their digest, as an aligned list's binary form records it.
  package let digest: UInt64

  init(_ names: [String]) {
    self.names = names
    digest = WordHash.names(names)
  }
}

/// Every list of ``PackNames`` of a pack.
package struct PackNameLists: Sendable {
  package let categories: PackNames
  package let exercises: PackNames
  package let achievements: PackNames
  package let quests: PackNames
  package let seasons: PackNames

  init(categories: [CategoryRule], exercises: [ExerciseRule], mechanics: MechanicRules) {
    self.categories = PackNames(categories.map(\.name))
    self.exercises = PackNames(exercises.map(\.name))
    achievements = PackNames((mechanics.rules(AchievementsMechanic.self) ?? []).map(\.id))
    quests = PackNames(mechanics.rules(QuestsMechanic.self)?.quests.map(\.id) ?? [])
    seasons = PackNames(mechanics.rules(SeasonsMechanic.self)?.seasons.map(\.id) ?? [])
  }
}
