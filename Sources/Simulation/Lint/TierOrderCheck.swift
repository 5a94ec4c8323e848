import RuleLanguage

/// Orders that defeat their purpose (tiers whose `at` go down are already a load error): a higher
/// achievement tier that rewards less than the one before it, an evolution chain whose next
/// evolution comes at a level no higher than the last (both happen in one workout), and RPE
/// bands where a harder session raises the load more than an easier one.
enum TierOrderCheck {
  static func run(_ outline: PackOutline, _ log: inout LintLog) {
    for achievement in outline.achievements where achievement.isTiered {
      for index in achievement.tiers.indices.dropFirst() {
        let (previous, tier) = (achievement.tiers[index - 1], achievement.tiers[index])
        guard tier.rewardXP < previous.rewardXP else { continue }
        let path = "\(achievement.path).tiers[\(index)]"
        log.warn(
          .tierOrder, at: log.documents.value(at: "\(path).rewardXP") == nil ? path : "\(path).rewardXP",
          "\(achievement.describe(index)) rewards less than the tier before it",
          reason: "'\(tier.name)' gives \(tier.rewardXP) XP, '\(previous.name)' \(previous.rewardXP) XP for less",
          fix: "give '\(tier.name)' at least \(previous.rewardXP) XP")
      }
    }
    for species in outline.species {
      guard let evolution = species.evolution, let next = outline.species[evolution.into].evolution else { continue }
      guard next.atLevel <= evolution.atLevel else { continue }
      let middle = outline.species[evolution.into]
      log.warn(
        .tierOrder, at: "\(next.path).atLevel",
        "'\(middle.id)' evolves at level \(next.atLevel), no later than '\(species.id)' evolves into it (level \(evolution.atLevel))",
        reason:
          "a companion reaching level \(evolution.atLevel) evolves twice in one workout, so stage \(middle.stage) is skipped",
        fix: "raise '\(middle.id)'s atLevel above \(evolution.atLevel)")
    }
    for index in outline.bands.indices.dropFirst() {
      let (easier, harder) = (outline.bands[index - 1], outline.bands[index])
      guard harder.change > easier.change else { continue }
      log.warn(
        .tierOrder, at: harder.path,
        "RPE band '\(harder.label)' raises the load more than the easier band '\(easier.label)'",
        reason:
          "RPE up to \(NumberText.format(harder.upTo)) suggests \(NumberText.percent(harder.change)), up to \(NumberText.format(easier.upTo)) only \(NumberText.percent(easier.change))",
        fix: "make the changes fall as RPE rises")
    }
  }
}
