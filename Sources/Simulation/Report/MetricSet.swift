import Engine

/// The metrics every report lists for a scenario, in a fixed order.
public enum MetricSet {
  /// Level milestones reported (those up to the pack's maximum level).
  public static let milestones = [2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100]

  /// The standard metrics of a pack: totals, level milestones, evolutions, every achievement tier.
  public static func standard(for pack: RulePack) -> [String] {
    var names = Metrics.fixed.map(\.name).filter { $0 != "evolution.first" }
    names += milestones.filter { $0 < pack.levels.maxLevel }.map { "level.\($0)" }
    names.append("level.\(pack.levels.maxLevel)")
    names.append("evolution.first")
    for achievement in pack.achievements {
      names.append("achievement.\(achievement.id)")
      for tier in achievement.tiers.indices.dropFirst() { names.append("achievement.\(achievement.id).\(tier + 1)") }
    }
    for quest in pack.quests?.quests ?? [] { names.append("quest.\(quest.id)") }
    names += pack.runMetrics.map(\.name)
    return names
  }

  /// A human label: "level 10 (day)", "achievement 'iron-month' (day)", "total XP".
  public static func label(_ metric: String) -> String {
    let parts = metric.split(separator: ".", maxSplits: 1).map(String.init)
    switch parts.first {
    case "level" where parts.count == 2: return "level \(parts[1])"
    case "achievement" where parts.count == 2:
      let pieces = parts[1].split(separator: ".")
      return pieces.count == 2 ? "achievement '\(pieces[0])' tier \(pieces[1])" : "achievement '\(parts[1])'"
    case "quest" where parts.count == 2: return "quest '\(parts[1])' completions"
    case "evolution" where parts.count == 2: return parts[1] == "first" ? "first evolution" : "evolution \(parts[1])"
    default:
      switch metric {
      case "totalXP": return "total XP"
      case "finalLevel": return "final level"
      case "finalStreak": return "final streak"
      case "bestStreak": return "best streak"
      case "prs": return "personal records"
      case "xpPerWeek.min": return "XP per week (min)"
      case "xpPerWeek.median": return "XP per week (median)"
      case "xpPerWeek.max": return "XP per week (max)"
      case "nutrition.clampShare": return "clamp share"
      case "nutrition.clampedDays": return "clamped days"
      case "nutrition.targetDays": return "target days"
      case "nutrition.minAdjustment": return "lowest adjustment"
      case "nutrition.maxAdjustment": return "highest adjustment"
      case "companion.level": return "companion level"
      case "companion.stage": return "companion stage"
      case "cappedWorkouts": return "capped workouts"
      default: return Mechanics.metricFamilies.lazy.compactMap { $0.label(of: metric) }.first ?? metric
      }
    }
  }
}
