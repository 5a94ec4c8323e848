import Engine
import RuleLanguage

/// What `fitquest lint` reads of a compiled rule pack, in plain terms, each part with the `--set`
/// path where it is written (``PackDocuments`` turns a path into a file position).
///
/// This is the one place lint depends on the engine's compiled structures: when a mechanic's
/// rules change shape, only this initializer changes; the checks read the outline.
struct PackOutline {
  /// A level curve: total XP per level, and where it is written.
  struct Curve {
    var maxLevel: Int
    /// `thresholds[n − 1]` is the total XP of level n (level 1 needs 0).
    var thresholds: [Int64]
    var path: String

    /// The level a total of XP gives.
    func level(forXP xp: Double) -> Int {
      var low = 0
      var high = thresholds.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if Double(thresholds[middle]) <= xp { low = middle } else { high = middle - 1 }
      }
      return low + 1
    }

    /// The total XP of a level (0 for level 1 and below, nil beyond the curve).
    func xp(forLevel level: Int) -> Int64? {
      level <= 1 ? 0 : level <= thresholds.count ? thresholds[level - 1] : nil
    }
  }

  /// One tier of an achievement (a plain achievement has one, without `at`).
  struct Tier {
    var name: String
    var rewardXP: Int
    /// The condition (plain) or the metric (tiered).
    var formula: Formula
    /// The value the metric must reach (tiered only).
    var at: Double?
    /// Where `at` (tiered) or the condition (plain) is written.
    var path: String
  }

  struct Achievement {
    var id: String
    var tiers: [Tier]
    var path: String
    var isTiered: Bool { tiers.first?.at != nil }

    /// "tier 'Gold' of 'dedication'", or "'first-workout'".
    func describe(_ tier: Int) -> String {
      isTiered ? "tier '\(tiers[tier].name)' of '\(id)'" : "'\(id)'"
    }
  }

  struct Evolution {
    var into: Int
    var atLevel: Int
    var condition: Formula?
    /// Where `evolvesTo` is written.
    var path: String
  }

  struct Species {
    var id: String
    var stage: Int
    var isStarter: Bool
    var evolution: Evolution?
    var path: String
  }

  struct Quest {
    var id: String
    var isDaily: Bool
    var goal: Formula
    var rewardXP: Int
  }

  struct Bonus {
    var name: String
    var condition: Formula
    var amount: Formula
  }

  struct Band {
    var upTo: Double
    var change: Double
    var label: String
    var path: String
  }

  let pack: RulePack
  let levels: Curve
  let achievements: [Achievement]
  let companionLevels: Curve?
  let species: [Species]
  let companionXP: [Formula]
  let quests: [Quest]
  let terms: [NamedFormula]
  let factors: [NamedFormula]
  let bonuses: [Bonus]
  let perWorkoutCap: Int?
  let perDayCap: Int?
  let categories: [String]
  let categoryParameters: [String]
  let categoryValues: [[Double]]
  let bands: [Band]
  let signals: [(name: String, formula: Formula)]
  let maxFreezes: Int
  /// Fact names by slot.
  let factNames: [String]

  init(_ pack: RulePack) {
    self.pack = pack
    levels = Curve(maxLevel: pack.levels.maxLevel, thresholds: pack.levels.thresholds, path: "levels")
    achievements = pack.achievements.enumerated().map { index, rule in
      let path = "achievements.achievements[\(index)]"
      let tiers = rule.tiers.enumerated().map { position, tier in
        Tier(
          name: tier.name ?? rule.name, rewardXP: tier.rewardXP, formula: tier.condition.formula,
          at: tier.condition.atLeast,
          path: tier.condition.atLeast == nil ? "\(path).condition" : "\(path).tiers[\(position)].at")
      }
      return Achievement(id: rule.id, tiers: tiers, path: path)
    }
    let companions = pack.companions
    companionLevels = companions.map {
      Curve(maxLevel: $0.levels.maxLevel, thresholds: $0.levels.thresholds, path: "companions.levels")
    }
    species = (companions?.species ?? []).map { rule in
      let path = "companions.species.\(rule.id)"
      let evolution = rule.evolution.map {
        Evolution(into: $0.into, atLevel: $0.atLevel, condition: $0.condition, path: "\(path).evolvesTo")
      }
      return Species(id: rule.id, stage: rule.stage, isStarter: rule.isStarter, evolution: evolution, path: path)
    }
    companionXP = companions.map { [$0.share, $0.affinityBonus] } ?? []
    quests = (pack.quests?.quests ?? []).map {
      Quest(id: $0.id, isDaily: $0.period == .day, goal: $0.goal, rewardXP: $0.rewardXP)
    }
    terms = pack.xp.terms
    factors = pack.xp.factors
    bonuses = pack.xp.bonuses.map { Bonus(name: $0.name, condition: $0.condition, amount: $0.amount) }
    perWorkoutCap = pack.xp.perWorkoutCap
    perDayCap = pack.xp.perDayCap
    categories = pack.categories.map(\.name)
    categoryParameters = pack.categoryParameters
    categoryValues = pack.categories.map(\.parameters)
    bands = (pack.progression?.bands ?? []).enumerated().map {
      Band(upTo: $1.upTo, change: $1.change, label: $1.label, path: "progression.bands[\($0)].change")
    }
    signals = (pack.nutrition?.signals ?? []).map { ($0.name, $0.formula) }
    maxFreezes = pack.streaks.maxFreezes
    factNames = pack.facts.facts.map(\.name)
  }

  /// The name of the fact in a slot.
  func factName(_ slot: Int) -> String { slot >= 0 && slot < factNames.count ? factNames[slot] : "" }
}
