import RuleLanguage

/// Companion rules: elements, species with evolution chains, XP and stat formulas.
public struct CompanionRules: Sendable {
  public let elements: [ElementRule]
  public let species: [SpeciesRule]
  /// The species a player who never chose one receives with their first workout.
  public let defaultStarter: Int?
  /// Companion XP from a workout.
  public let share: Formula
  /// Extra companion XP when the workout's category is one of the element's affinities.
  public let affinityBonus: Formula
  public let levels: LevelCurve
  /// A stat from `base`, `growth`, `profile` and `level`.
  public let stats: Formula

  /// The index of a species by id.
  public func species(named id: String) -> Int? { species.firstIndex { $0.id == id } }
}

/// An elemental type: its character.
public struct ElementRule: Sendable {
  public let id: String
  /// Categories this element loves (affinity bonus).
  public let affinity: [Int]
  /// Growth multipliers per stat.
  public let profile: Stats
}

/// A companion species.
public struct SpeciesRule: Sendable {
  public let id: String
  public let name: String
  public let element: Int
  /// 1 for starters, 2 and 3 for evolutions.
  public let stage: Int
  public let isStarter: Bool
  public let base: Stats
  public let growth: Stats
  public let evolution: EvolutionRule?
}

/// How a species evolves: into another at a level, optionally under a condition.
public struct EvolutionRule: Sendable {
  public let into: Int
  public let atLevel: Int
  public let condition: Formula?
}

/// The four companion stats.
public struct Stats: Sendable, Equatable, Codable {
  public var hp: Double
  public var attack: Double
  public var defense: Double
  public var speed: Double

  /// Creates stats.
  public init(hp: Double, attack: Double, defense: Double, speed: Double) {
    self.hp = hp
    self.attack = attack
    self.defense = defense
    self.speed = speed
  }

  static let names = ["hp", "attack", "defense", "speed"]

  var values: [Double] { [hp, attack, defense, speed] }

  init(_ values: [Double]) {
    self.init(hp: values[0], attack: values[1], defense: values[2], speed: values[3])
  }
}
