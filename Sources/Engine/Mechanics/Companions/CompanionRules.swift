import RuleLanguage

/// Companion rules: elements, species with evolution chains, XP and stat formulas.
public final class CompanionRules: Sendable {
  /// The elements, in the pack's order.
  public let elements: [ElementRule]
  /// The species, in the pack's order.
  public let species: [SpeciesRule]
  /// The species a player who never chose one receives with their first workout.
  public let defaultStarter: Int?
  /// Companion XP from a workout.
  public let share: Formula
  /// Extra companion XP when the workout's category is one of the element's affinities.
  public let affinityBonus: Formula
  /// The companion level curve.
  public let levels: LevelCurve
  /// A stat from `base`, `growth`, `profile` and `level`.
  public let stats: Formula
  private let speciesIndex: [String: Int]

  init(
    elements: [ElementRule], species: [SpeciesRule], defaultStarter: Int?, share: Formula, affinityBonus: Formula,
    levels: LevelCurve, stats: Formula
  ) {
    self.elements = elements
    self.species = species
    self.defaultStarter = defaultStarter
    self.share = share
    self.affinityBonus = affinityBonus
    self.levels = levels
    self.stats = stats
    var index: [String: Int] = [:]
    for (position, rule) in species.enumerated() where index[rule.id] == nil { index[rule.id] = position }
    speciesIndex = index
  }

  /// The index of a species by id.
  public func species(named id: String) -> Int? { speciesIndex[id] }

  /// Every formula companions evaluate on the event's slots.
  var formulas: [Formula] { [share, affinityBonus] + species.compactMap { $0.evolution?.condition } }
}

/// An elemental type: its character.
public struct ElementRule: Sendable {
  /// The id.
  public let id: String
  /// Categories this element loves (affinity bonus).
  public let affinity: [Int]
  /// Growth multipliers per stat.
  public let profile: Stats
}

/// A companion species.
public final class SpeciesRule: Sendable {
  /// The id.
  public let id: String
  /// The name shown to players.
  public let name: String
  /// The index of its element.
  public let element: Int
  /// 1 for starters, 2 and 3 for evolutions.
  public let stage: Int
  /// Whether a player may choose it as a starter.
  public let isStarter: Bool
  /// Stats at level 1.
  public let base: Stats
  /// Stats gained per level.
  public let growth: Stats
  /// What it evolves into, if anything.
  public let evolution: EvolutionRule?

  init(
    id: String, name: String, element: Int, stage: Int, isStarter: Bool, base: Stats, growth: Stats,
    evolution: EvolutionRule?
  ) {
    self.id = id
    self.name = name
    self.element = element
    self.stage = stage
    self.isStarter = isStarter
    self.base = base
    self.growth = growth
    self.evolution = evolution
  }
}

/// How a species evolves: into another at a level, optionally under a condition.
public struct EvolutionRule: Sendable {
  /// The index of the species it evolves into.
  public let into: Int
  /// The companion level from which it evolves.
  public let atLevel: Int
  /// A further true/false condition, if any.
  public let condition: Formula?
}

/// The four companion stats.
public struct Stats: Sendable, Hashable, Codable, BitwiseCopyable {
  /// Hit points.
  public package(set) var hp: Double
  /// Attack.
  public package(set) var attack: Double
  /// Defense.
  public package(set) var defense: Double
  /// Speed.
  public package(set) var speed: Double

  /// Creates stats.
  public init(hp: Double, attack: Double, defense: Double, speed: Double) {
    self.hp = hp
    self.attack = attack
    self.defense = defense
    self.speed = speed
  }

  static let names = ["hp", "attack", "defense", "speed"]

  var values: [Double] { [hp, attack, defense, speed] }

  /// A stat by its position in ``names``.
  subscript(index: Int) -> Double {
    switch index {
    case 0: return hp
    case 1: return attack
    case 2: return defense
    default: return speed
    }
  }

  init(_ values: [Double]) {
    self.init(hp: values[0], attack: values[1], defense: values[2], speed: values[3])
  }
}
