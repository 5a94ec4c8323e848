import RuleLanguage

/// Level gates no player or companion can reach within the horizon even at the daily XP cap
/// every day (`too-slow`), and species that no evolution path can lead to, because every path
/// passes an evolution whose condition never holds or whose level is too slow
/// (`unreachable-species`).
enum PaceCheck {
  static func run(_ outline: PackOutline, horizon: Int, _ log: inout LintLog) {
    let pace = LevelPace(outline: outline)
    let facts = FactBounds(outline)
    for achievement in outline.achievements {
      for (index, tier) in achievement.tiers.enumerated() {
        guard let (fact, value) = gate(tier, outline), let days = days(fact, value, pace), days > Double(horizon) else {
          continue
        }
        log.warn(
          .tooSlow, at: tier.path, "\(achievement.describe(index)) takes at least \(Format.grouped(days)) days",
          reason: because(fact, value, pace, outline),
          fix:
            "lower the threshold, flatten the level curve or raise the XP per day; the horizon is \(horizon) days (--horizon)"
        )
      }
    }
    // Evolutions that can never happen, or not within the horizon.
    var dead: [Int: String] = [:]
    for (index, species) in outline.species.enumerated() {
      guard let evolution = species.evolution else { continue }
      let target = outline.species[evolution.into].id
      if let condition = evolution.condition, !facts.bounds(of: condition).canBeTrue {
        dead[index] = "the evolution '\(species.id)' → '\(target)' has a condition that never holds"
      } else if let days = pace.companionDays(toReach: evolution.atLevel), days > Double(horizon) {
        dead[index] = "the evolution '\(species.id)' → '\(target)' takes at least \(Format.grouped(days)) days"
        log.warn(
          .tooSlow, at: "\(evolution.path).atLevel",
          "'\(species.id)' evolves into '\(target)' at level \(evolution.atLevel), at least \(Format.grouped(days)) days in",
          reason: because("companion.level", Double(evolution.atLevel), pace, outline),
          fix:
            "lower 'atLevel' or the companion curve, or raise companion XP; the horizon is \(horizon) days (--horizon)")
      }
    }
    unreachableSpecies(outline, dead: dead, &log)
  }

  /// The fact and value a tier waits for, when it is a threshold on one fact (a tier's metric,
  /// or a plain condition `fact >= value`).
  private static func gate(_ tier: PackOutline.Tier, _ outline: PackOutline) -> (String, Double)? {
    if let at = tier.at, let slot = tier.formula.singleSlot { return (outline.factName(slot), at) }
    if tier.at == nil, let threshold = tier.formula.threshold {
      return (outline.factName(threshold.slot), threshold.bound)
    }
    return nil
  }

  /// The earliest day a fact can reach a value at the fastest pace, or nil when unbounded.
  private static func days(_ fact: String, _ value: Double, _ pace: LevelPace) -> Double? {
    switch fact {
    case "player.level":
      guard let xp = pace.outline.levels.xp(forLevel: Int(value.rounded(.up))) else { return nil }
      return pace.playerDays(toEarn: Double(xp))
    case "player.xp": return pace.playerDays(toEarn: value)
    case "companion.level": return pace.companionDays(toReach: Int(value.rounded(.up)))
    default: return nil
    }
  }

  private static func because(_ fact: String, _ value: Double, _ pace: LevelPace, _ outline: PackOutline) -> String {
    if fact == "companion.level" {
      let xp = outline.companionLevels?.xp(forLevel: Int(value)) ?? 0
      return
        "companion level \(NumberText.format(value)) needs \(Format.grouped(Double(xp))) XP; a companion earns at most \(Format.grouped(pace.companionPerDay ?? 0)) a day at the daily cap"
    }
    let needed = fact == "player.level" ? Double(outline.levels.xp(forLevel: Int(value.rounded(.up))) ?? 0) : value
    let (perDay, once) = pace.player ?? (0, 0)
    return
      "it needs \(Format.grouped(needed)) XP; a player earns at most \(Format.grouped(perDay)) a day (the daily cap and quest rewards) and \(Format.grouped(once)) from achievements and weekly quests"
  }

  /// Species reachable from the starters through evolutions that can happen; a warning at each
  /// other species.
  private static func unreachableSpecies(_ outline: PackOutline, dead: [Int: String], _ log: inout LintLog) {
    var reachable = Set(outline.species.indices.filter { outline.species[$0].isStarter })
    var frontier = Array(reachable).sorted()
    while let index = frontier.popLast() {
      guard dead[index] == nil, let next = outline.species[index].evolution?.into, !reachable.contains(next) else {
        continue
      }
      reachable.insert(next)
      frontier.append(next)
    }
    for (index, species) in outline.species.enumerated() where !reachable.contains(index) {
      let sources = outline.species.indices.filter { outline.species[$0].evolution?.into == index }
      let why = sources.map { dead[$0] ?? "no path leads to '\(outline.species[$0].id)'" }
      log.warn(
        .unreachableSpecies, at: species.path, "species '\(species.id)' can never be obtained",
        reason: why.isEmpty ? "no species evolves into it" : why.joined(separator: "; "),
        fix: "fix the evolution that leads to it, or make it a starter")
    }
  }
}
