import Engine

/// What a player has under one rule pack, as a replay compares it: level, XP, the active
/// companion's stage, achievement tiers and quest completions, with the detail the comparison
/// needs (which tiers, which companions, which quests).
public struct ReplaySide: Sendable, Equatable {
  /// The player level.
  public var level: Int
  /// Total XP.
  public var xp: Int64
  /// The stage of the active companion's species in the pack (0 without a companion).
  public var companionStage: Int
  /// Achievement tiers unlocked, over every achievement.
  public var achievements: Int
  /// Quest completions, over every quest.
  public var quests: Int
  /// Each achievement with a tier unlocked: its id and tier, in the pack's order.
  public var tiers: [(id: String, tier: Int)]
  /// Each companion in the order it joined: its species and how many times it evolved.
  public var companions: [(species: String, evolutions: Int)]
  /// Each quest completed at least once: its id and completions, in the pack's order.
  public var questCompletions: [(id: String, completions: Int)]

  /// The mechanics whose state a side reads (levels, XP, companions, achievements, quests): a
  /// progress with only these decoded gives the same side.
  package static var mechanics: [any Mechanic.Type] {
    [LevelsMechanic.self, XPMechanic.self, CompanionsMechanic.self, AchievementsMechanic.self, QuestsMechanic.self]
  }

  /// The side of a progress built by `pack`.
  public init(_ progress: PlayerProgress, pack: RulePack) {
    level = progress.level
    xp = progress.xp
    let members = progress.companions.members
    if let active = progress.companions.active, members.indices.contains(active),
      let index = pack.companions?.species(named: members[active].species),
      let species = pack.companions?.species[index]
    {
      companionStage = species.stage
    } else {
      companionStage = 0
    }
    tiers = progress.achievements.filter { $0.tier > 0 }.map { ($0.id, $0.tier) }
    achievements = tiers.reduce(0) { $0 + $1.tier }
    companions = members.map { ($0.species, $0.evolutions) }
    questCompletions = progress.quests.quests.filter { $0.completions > 0 }.map { ($0.id, $0.completions) }
    quests = progress.quests.completions
  }

  /// A side from its parts (the achievement and quest counts are their sums).
  public init(
    level: Int, xp: Int64, companionStage: Int = 0, tiers: [(id: String, tier: Int)] = [],
    companions: [(species: String, evolutions: Int)] = [], questCompletions: [(id: String, completions: Int)] = []
  ) {
    self.level = level
    self.xp = xp
    self.companionStage = companionStage
    self.tiers = tiers
    achievements = tiers.reduce(0) { $0 + $1.tier }
    self.companions = companions
    self.questCompletions = questCompletions
    quests = questCompletions.reduce(0) { $0 + $1.completions }
  }

  /// Sides are equal when every field is.
  public static func == (a: ReplaySide, b: ReplaySide) -> Bool {
    a.level == b.level && a.xp == b.xp && a.companionStage == b.companionStage && a.achievements == b.achievements
      && a.quests == b.quests
      && a.tiers.elementsEqual(b.tiers, by: { $0.id.utf8.elementsEqual($1.id.utf8) && $0.tier == $1.tier })
      && a.companions.elementsEqual(
        b.companions, by: { $0.species.utf8.elementsEqual($1.species.utf8) && $0.evolutions == $1.evolutions })
      && a.questCompletions.elementsEqual(
        b.questCompletions, by: { $0.id.utf8.elementsEqual($1.id.utf8) && $0.completions == $1.completions })
  }
}
