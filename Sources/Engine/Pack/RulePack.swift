import RuleLanguage

/// A validated, compiled rule pack: every mechanic's rules, with every formula compiled.
///
/// Load one with ``RulePackLoader``; it is immutable and can be shared across threads.
public final class RulePack: Sendable {
  /// What a pack holds, as the decoder assembles it.
  struct Contents {
    var name = ""
    var version = ""
    var description = ""
    var constants: [(name: String, value: Double)] = []
    var categories: [CategoryRule] = []
    var categoryParameters: [String] = []
    var exercises: [ExerciseRule] = []
    var unlisted: [Int?] = []
    var facts = FactTable(FactNames(categories: [], parameters: [], elements: []))
    // One line per mechanic.
    var xp: XPRules?
    var levels: LevelCurve?
    var streaks = StreakRules.none
    var records: RecordRules?
    var achievements: [AchievementRule] = []
    var companions: CompanionRules?
    var nutrition: NutritionRules?
    var progression: ProgressionRules?
    var quests: QuestRules?
  }

  /// The pack's name (pack.json).
  public let name: String
  /// The pack's version.
  public let version: String
  /// A sentence about the pack.
  public let description: String
  /// Where it was loaded from: a directory, or a description of the files given.
  public let source: String
  /// A digest of the pack's files (FNV-1a 64 over names and bytes), recorded in saved states.
  public let digest: String
  /// The workout categories, in the pack's order.
  public let categories: [CategoryRule]
  /// Names of the numeric parameters every category defines.
  public let categoryParameters: [String]
  /// The exercises, in the pack's order.
  public let exercises: [ExerciseRule]
  /// Per category (in the pack's order), the index of the exercise that keeps exercises events
  /// mark `"unlisted": true`, or nil when the category takes none.
  public let unlistedExercises: [Int?]
  /// Named constants formulas read as `const.NAME`.
  public let constants: [(name: String, value: Double)]
  /// How workouts earn XP.
  public let xp: XPRules
  /// The player level curve.
  public let levels: LevelCurve
  /// Streak rules.
  public let streaks: StreakRules
  /// Personal record rules, when the pack has them.
  public let records: RecordRules?
  /// The achievements, in the pack's order.
  public let achievements: [AchievementRule]
  /// Companion rules, when the pack has them.
  public let companions: CompanionRules?
  /// Nutrition target rules, when the pack has them.
  public let nutrition: NutritionRules?
  /// Progressive overload rules, when the pack has them.
  public let progression: ProgressionRules?
  /// Quests, when the pack has them.
  public let quests: QuestRules?
  package let facts: FactTable
  private let exerciseIndex: [String: Int]
  private let categoryIndex: [String: Int]
  /// The `--set` overrides applied when loading.
  public let overrides: [JSONOverride]
  /// The files it was compiled from (to compile it again, see ``Engine/isolatedCopy()``).
  package let files: [SourceFile]

  init(
    _ contents: Contents, xp: XPRules, levels: LevelCurve, source: String, digest: String, overrides: [JSONOverride],
    files: [SourceFile]
  ) {
    self.files = files
    name = contents.name
    version = contents.version
    description = contents.description
    self.source = source
    self.digest = digest
    categories = contents.categories
    categoryParameters = contents.categoryParameters
    exercises = contents.exercises
    unlistedExercises = contents.unlisted
    constants = contents.constants
    self.xp = xp
    self.levels = levels
    streaks = contents.streaks
    records = contents.records
    achievements = contents.achievements
    companions = contents.companions
    nutrition = contents.nutrition
    progression = contents.progression
    quests = contents.quests
    facts = contents.facts
    var exercises: [String: Int] = [:]
    for (index, exercise) in contents.exercises.enumerated() {
      for name in [exercise.name] + exercise.aliases where exercises[name] == nil { exercises[name] = index }
    }
    exerciseIndex = exercises
    var categories: [String: Int] = [:]
    for (index, category) in contents.categories.enumerated() where categories[category.name] == nil { categories[category.name] = index }
    categoryIndex = categories
    self.overrides = overrides
  }

  /// A pack with the same contents (what the public loading initializers return).
  init(copying other: RulePack) {
    name = other.name
    version = other.version
    description = other.description
    source = other.source
    digest = other.digest
    categories = other.categories
    categoryParameters = other.categoryParameters
    exercises = other.exercises
    unlistedExercises = other.unlistedExercises
    constants = other.constants
    xp = other.xp
    levels = other.levels
    streaks = other.streaks
    records = other.records
    achievements = other.achievements
    companions = other.companions
    nutrition = other.nutrition
    progression = other.progression
    quests = other.quests
    facts = other.facts
    exerciseIndex = other.exerciseIndex
    categoryIndex = other.categoryIndex
    overrides = other.overrides
    files = other.files
  }

  /// The index of a category by name.
  public func category(named name: String) -> Int? { categoryIndex[name] }

  /// The index of an exercise by its name or one of its aliases.
  public func exercise(named name: String) -> Int? { exerciseIndex[name] }

  /// Whether the pack keeps unlisted exercises in any category (then records and loads of the
  /// names it does not list are kept beyond its own exercises, see ``Engine/reconcile(_:)``).
  public var hasUnlistedExercises: Bool { unlistedExercises.contains { $0 != nil } }

  /// One line: "default 1.0.0: 5 categories, 24 exercises, 100 levels, 30 achievements, …".
  public var summary: String {
    var parts = [
      "\(categories.count) categories", "\(exercises.count) exercises", "\(levels.maxLevel) levels",
      "\(achievements.count) achievements",
    ]
    if let companions { parts.append("\(companions.elements.count) elements, \(companions.species.count) species") }
    if nutrition != nil { parts.append("nutrition targets") }
    if progression != nil { parts.append("progressive overload") }
    if let quests, !quests.quests.isEmpty { parts.append("\(quests.quests.count) quest\(quests.quests.count == 1 ? "" : "s")") }
    return "\(name) \(version): " + parts.joined(separator: ", ")
  }

  /// (slot, value) pairs of recorded explanation values, named by their facts.
  func namedValues(_ pairs: ArraySlice<Double>) -> [Contribution] {
    var result: [Contribution] = []
    var index = pairs.startIndex
    while index + 1 < pairs.endIndex {
      let slot = Int(pairs[index])
      if slot >= 0, slot < facts.count { result.append(Contribution(facts.facts[slot].name, pairs[index + 1])) }
      index += 2
    }
    return result
  }
}
