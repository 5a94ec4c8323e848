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
  /// Each mechanic's rules (read them through ``rules(_:)`` or the mechanic's own accessor,
  /// `pack.quests`).
  let mechanics: MechanicRules
  package let facts: FactTable
  private let exerciseIndex: [String: Int]
  private let categoryIndex: [String: Int]
  /// The ASCII names of those indexes by their bytes (for the fast event decoder).
  private let exerciseBytes: NameTable
  private let categoryBytes: NameTable
  /// The `--set` overrides applied when loading.
  public let overrides: [JSONOverride]
  /// The files it was compiled from (to compile it again, see ``Engine/isolatedCopy()``).
  package let files: [SourceFile]
  /// The lists of names a progress keeps one entry per, with their digests (made once).
  package let nameLists: PackNameLists

  init(
    _ contents: Contents, mechanics: MechanicRules, source: String, digest: String, overrides: [JSONOverride],
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
    self.mechanics = mechanics
    facts = contents.facts
    var exercises: [String: Int] = [:]
    for (index, exercise) in contents.exercises.enumerated() {
      for name in [exercise.name] + exercise.aliases where exercises[name] == nil { exercises[name] = index }
    }
    exerciseIndex = exercises
    var categories: [String: Int] = [:]
    for (index, category) in contents.categories.enumerated() where categories[category.name] == nil {
      categories[category.name] = index
    }
    categoryIndex = categories
    exerciseBytes = NameTable(exercises) { contents.exercises[$0].name }
    categoryBytes = NameTable(categories) { contents.categories[$0].name }
    self.overrides = overrides
    nameLists = PackNameLists(categories: contents.categories, exercises: contents.exercises, mechanics: mechanics)
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
    mechanics = other.mechanics
    facts = other.facts
    exerciseIndex = other.exerciseIndex
    categoryIndex = other.categoryIndex
    exerciseBytes = other.exerciseBytes
    categoryBytes = other.categoryBytes
    overrides = other.overrides
    files = other.files
    nameLists = other.nameLists
  }

  /// A mechanic's rules; nil when the pack does not use it. One load, no dynamic cast.
  @inline(__always)
  package func rules<M: Mechanic>(_ mechanic: M.Type) -> M.Rules? { mechanics.rules(mechanic) }

  /// The index of a category by name.
  public func category(named name: String) -> Int? { categoryIndex[name] }

  /// The index of an exercise by its name or one of its aliases.
  public func exercise(named name: String) -> Int? { exerciseIndex[name] }

  /// ``category(named:)`` of a name's UTF-8 bytes, and whether the bytes are the category's
  /// name as the pack spells it (as written in a canonical line).
  package func category(spelled name: UnsafeBufferPointer<UInt8>) -> (index: Int, isSpelling: Bool)? {
    if let entry = categoryBytes.entry(of: name) { return (entry.value, entry.isSpelling) }
    guard let index = categoryIndex[String(decoding: name, as: UTF8.self)] else { return nil }
    return (index, categories[index].name.hasSameBytes(as: name))
  }

  /// ``exercise(named:)`` of a name's UTF-8 bytes, and whether the bytes are the exercise's name
  /// as the pack spells it (not an alias, nor another spelling of the name).
  package func exercise(spelled name: UnsafeBufferPointer<UInt8>) -> (index: Int, isSpelling: Bool)? {
    if let entry = exerciseBytes.entry(of: name) { return (entry.value, entry.isSpelling) }
    guard let index = exerciseIndex[String(decoding: name, as: UTF8.self)] else { return nil }
    return (index, exercises[index].name.hasSameBytes(as: name))
  }

  /// Whether the pack keeps unlisted exercises in any category (then records and loads of the
  /// names it does not list are kept beyond its own exercises, see ``Engine/reconcile(_:)``).
  public var hasUnlistedExercises: Bool { unlistedExercises.contains { $0 != nil } }

  /// One line: "default 1.0.0: 5 categories, 24 exercises, 100 levels, 30 achievements, …" (each
  /// mechanic says its part).
  public var summary: String {
    let parts =
      ["\(categories.count) categories", "\(exercises.count) exercises"]
      + Mechanics.all.compactMap { $0.summary(of: self) }
    return "\(name) \(version): " + parts.joined(separator: ", ")
  }

  /// (slot, value) pairs of recorded explanation values, named by their facts.
  func namedValues(_ pairs: ArraySlice<Double>) -> [Contribution] {
    var result: [Contribution] = []
    forEachNamedValue(pairs) { result.append(Contribution($0, $1)) }
    return result
  }

  /// Each (slot, value) pair of recorded explanation values whose slot names a fact, in order.
  func forEachNamedValue(_ pairs: ArraySlice<Double>, _ body: (String, Double) -> Void) {
    var index = pairs.startIndex
    while index + 1 < pairs.endIndex {
      let slot = Int(pairs[index])
      if slot >= 0, slot < facts.count { body(facts.facts[slot].name, pairs[index + 1]) }
      index += 2
    }
  }
}
