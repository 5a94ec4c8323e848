import RuleLanguage

/// A validated, compiled rule pack: everything the engine needs, with every formula compiled.
///
/// Load one with ``RulePackLoader``; it is immutable and can be shared across threads.
public final class RulePack: Sendable {
  public let name: String
  public let version: String
  public let description: String
  /// The directory it was loaded from.
  public let directory: String
  /// A digest of the pack's files (FNV-1a 64 over names and bytes), recorded in state files.
  public let digest: String
  public let categories: [CategoryRule]
  /// Names of the numeric parameters every category defines.
  public let categoryParameters: [String]
  public let exercises: [ExerciseRule]
  public let xp: XPRules
  public let levels: LevelCurve
  public let streaks: StreakRules
  public let records: RecordRules?
  public let achievements: [AchievementRule]
  public let companions: CompanionRules?
  public let nutrition: NutritionRules?
  public let progression: ProgressionRules?
  let facts: FactTable
  let exerciseIndex: [String: Int]
  /// The `--set` overrides applied when loading.
  public let overrides: [JSONOverride]

  init(
    name: String, version: String, description: String, directory: String, digest: String,
    categories: [CategoryRule], categoryParameters: [String], exercises: [ExerciseRule], xp: XPRules,
    levels: LevelCurve, streaks: StreakRules, records: RecordRules?, achievements: [AchievementRule],
    companions: CompanionRules?, nutrition: NutritionRules?, progression: ProgressionRules?, facts: FactTable,
    exerciseIndex: [String: Int], overrides: [JSONOverride]
  ) {
    self.name = name
    self.version = version
    self.description = description
    self.directory = directory
    self.digest = digest
    self.categories = categories
    self.categoryParameters = categoryParameters
    self.exercises = exercises
    self.xp = xp
    self.levels = levels
    self.streaks = streaks
    self.records = records
    self.achievements = achievements
    self.companions = companions
    self.nutrition = nutrition
    self.progression = progression
    self.facts = facts
    self.exerciseIndex = exerciseIndex
    self.overrides = overrides
  }

  /// The index of a category by name.
  @inline(__always)
  public func category(named name: String) -> Int? {
    for index in categories.indices where categories[index].name == name { return index }
    return nil
  }

  /// The index of an exercise by name.
  public func exercise(named name: String) -> Int? { exerciseIndex[name] }

  /// One line: "default 1.0.0: 5 categories, 24 exercises, 30 achievements, 8 species".
  public var summary: String {
    var parts = ["\(categories.count) categories", "\(exercises.count) exercises", "\(levels.maxLevel) levels",
                 "\(achievements.count) achievements"]
    if let companions { parts.append("\(companions.elements.count) elements, \(companions.species.count) species") }
    if nutrition != nil { parts.append("nutrition targets") }
    if progression != nil { parts.append("progressive overload") }
    return "\(name) \(version): " + parts.joined(separator: ", ")
  }

  /// The names of the variables formulas may use in each place, for documentation and hints.
  public var variableNames: [String] { facts.entries.map(\.name) }
}
