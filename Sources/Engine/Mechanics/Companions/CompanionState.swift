import RuleLanguage

/// The player's companions.
public struct CompanionCollection: Sendable, Equatable, Codable, Hashable {
  /// The index of the active companion in `members`.
  public package(set) var active: Int?
  /// Every companion the player has, in the order they joined.
  public package(set) var members: [Companion] = []

  /// Creates an empty collection.
  public init() {}
}

/// A companion.
public struct Companion: Sendable, Equatable, Codable, Hashable {
  /// The species id.
  public package(set) var species: String
  /// The species' index in the engine's pack: derived from `species` when a player is prepared
  /// (``Engine/reconcile(_:)``), never saved or compared.
  package var speciesIndex = -1
  /// The companion level.
  public package(set) var level = 1
  /// The companion's total XP.
  public package(set) var xp: Int64 = 0
  /// How many times it evolved.
  public package(set) var evolutions = 0
  /// Its current stats.
  public package(set) var stats: Stats
  /// The day it joined.
  public package(set) var joinedOn: Day

  /// Creates a companion.
  public init(species: String, stats: Stats, joinedOn: Day) {
    self.species = species
    self.stats = stats
    self.joinedOn = joinedOn
  }

  enum CodingKeys: String, CodingKey {
    case species, level, xp, evolutions, stats, joinedOn
  }

  public static func == (a: Companion, b: Companion) -> Bool {
    a.species == b.species && a.level == b.level && a.xp == b.xp && a.evolutions == b.evolutions && a.stats == b.stats
      && a.joinedOn == b.joinedOn
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(species)
    hasher.combine(level)
    hasher.combine(xp)
  }
}

extension PlayerProgress {
  /// The active companion, when there is one.
  @inline(__always)
  var activeCompanion: Companion? {
    guard let active = companions.active, active < companions.members.count else { return nil }
    return companions.members[active]
  }
}

enum CompanionFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    typealias C = FactAccess
    let all = FactScope.all
    return [
      Fact("player.evolutions", .number, all, "companion evolutions", monotonic: true) { p, _, _ in
        Double(C.progress(p).pointee.totals.evolutions)
      },
      Fact("player.companions", .number, all, "companions in the collection", monotonic: true) { p, _, _ in
        Double(C.progress(p).pointee.companions.members.count)
      },
      Fact("companion.active", .bool, all, "whether the player has an active companion") { p, _, _ in
        C.progress(p).pointee.companions.active == nil ? 0 : 1
      },
      Fact("companion.level", .number, all, "active companion's level (0 without one)") { p, _, _ in
        C.progress(p).pointee.activeCompanion.map { Double($0.level) } ?? 0
      },
      Fact("companion.stage", .number, all, "active companion's evolution stage (0 without one)") { p, c, _ in
        guard let companion = C.progress(p).pointee.activeCompanion else { return 0 }
        return Double(C.context(c).pointee.tables.pointee.speciesStage[companion.speciesIndex])
      },
      Fact("companion.evolutions", .number, all, "active companion's evolutions") { p, _, _ in
        C.progress(p).pointee.activeCompanion.map { Double($0.evolutions) } ?? 0
      },
      Fact(
        "companion.element", .choice(ChoiceSet(name: "element", values: names.elements)), all,
        "active companion's element"
      ) {
        p, c, _ in
        guard let companion = C.progress(p).pointee.activeCompanion else { return -1 }
        return Double(C.context(c).pointee.tables.pointee.speciesElement[companion.speciesIndex])
      },
    ]
  }
}
