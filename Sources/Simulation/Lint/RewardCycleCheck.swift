import RuleLanguage

/// Rewards that feed the next milestone: achievements are checked to a fixed point, so when the
/// reward of one milestone on `player.xp`, `player.level` or `player.achievements` always carries
/// that fact past the next milestone's threshold, the next one unlocks in the same event, every
/// time (its tier, or the achievement, might as well not exist).
enum RewardCycleCheck {
  /// A milestone on one fact: a tier's `at`, or a plain condition `fact >= bound`.
  struct Milestone {
    var name: String
    var fact: String
    var bound: Double
    var isInclusive: Bool
    var rewardXP: Int
    var path: String
  }

  static let facts = ["player.xp", "player.level", "player.achievements"]

  static func run(_ outline: PackOutline, _ log: inout LintLog) {
    var milestones: [Milestone] = []
    for achievement in outline.achievements {
      for (index, tier) in achievement.tiers.enumerated() {
        let name = achievement.describe(index)
        if let at = tier.at, let slot = tier.formula.singleSlot {
          milestones.append(
            Milestone(
              name: name, fact: outline.factName(slot), bound: at, isInclusive: true, rewardXP: tier.rewardXP,
              path: tier.path))
        } else if tier.at == nil, let threshold = tier.formula.threshold {
          milestones.append(
            Milestone(
              name: name, fact: outline.factName(threshold.slot), bound: threshold.bound,
              isInclusive: threshold.inclusive,
              rewardXP: tier.rewardXP, path: tier.path))
        }
      }
    }
    for fact in facts {
      // Stable: equal bounds keep file order.
      let sorted = milestones.enumerated().filter { $0.element.fact == fact }.sorted {
        ($0.element.bound, $0.offset) < ($1.element.bound, $1.offset)
      }.map(\.element)
      for (first, next) in zip(sorted, sorted.dropFirst()) where first.bound < next.bound {
        guard let carried = carried(first, outline), next.isInclusive ? carried >= next.bound : carried > next.bound
        else { continue }
        log.warn(
          .rewardCycle, at: next.path, "\(next.name) always unlocks in the same event as \(first.name)",
          reason:
            "\(first.name)'s unlock takes \(fact) from \(NumberText.format(first.bound)) to at least \(NumberText.format(carried)), past \(NumberText.format(next.bound))",
          fix: fact == "player.achievements"
            ? "put \(next.name) more than one tier above \(first.name)"
            : "raise \(next.name)'s threshold above \(NumberText.format(carried)), or lower \(first.name)'s reward")
      }
    }
  }

  /// The least value of the fact right after the milestone unlocks: its threshold plus what its
  /// own unlock adds (its reward XP, the levels that XP buys, or the tier itself); nil when it
  /// adds nothing.
  static func carried(_ milestone: Milestone, _ outline: PackOutline) -> Double? {
    // All three facts are whole numbers: the least value that meets the milestone.
    let reached = milestone.isInclusive ? milestone.bound.rounded(.up) : milestone.bound.rounded(.down) + 1
    switch milestone.fact {
    case "player.xp":
      return milestone.rewardXP > 0 ? reached + Double(milestone.rewardXP) : nil
    case "player.level":
      guard milestone.rewardXP > 0, reached < Double(Int.max), let xp = outline.levels.xp(forLevel: Int(reached)) else {
        return nil
      }
      return Double(outline.levels.level(forXP: Double(xp) + Double(milestone.rewardXP)))
    default:
      return reached + 1
    }
  }
}
