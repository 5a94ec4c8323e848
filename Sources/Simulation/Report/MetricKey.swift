/// A metric name parsed once, so that reading it from thousands of runs costs a switch.
public enum MetricKey: Sendable, Hashable {
  case days, workouts, totalXP, finalLevel, finalStreak, bestStreak, prs, cappedWorkouts, evolutions, achievements,
    quests
  case weeklyMin, weeklyMedian, weeklyMax, companionLevel, companionStage
  case targetDays, minAdjustment, maxAdjustment, clampedDays, clampShare
  case level(Int)
  case levelOnDay(Int)
  case xpOnDay(Int)
  case evolution(Int)
  case achievement(String, tier: Int)
  case quest(String)
  /// A metric a mechanic reports (`season.ID.tier`), read by name.
  case mechanic(String)

  static let fixed: [String: MetricKey] = [
    "days": .days, "workouts": .workouts, "totalXP": .totalXP, "finalLevel": .finalLevel, "finalStreak": .finalStreak,
    "bestStreak": .bestStreak, "prs": .prs, "cappedWorkouts": .cappedWorkouts, "evolutions": .evolutions,
    "achievements": .achievements, "quests": .quests, "xpPerWeek.min": .weeklyMin, "xpPerWeek.median": .weeklyMedian,
    "xpPerWeek.max": .weeklyMax, "companion.level": .companionLevel, "companion.stage": .companionStage,
    "nutrition.targetDays": .targetDays, "nutrition.minAdjustment": .minAdjustment,
    "nutrition.maxAdjustment": .maxAdjustment, "nutrition.clampedDays": .clampedDays,
    "nutrition.clampShare": .clampShare, "evolution.first": .evolution(1),
  ]

  /// Parses a metric name (docs/scenarios.md); nil for an unknown name.
  public init?(_ name: String) {
    if let key = MetricKey.fixed[name] {
      self = key
      return
    }
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    switch parts[0] {
    case "level": guard let value = Int(parts[1]) else { return nil }; self = .level(value)
    case "levelOnDay": guard let value = Int(parts[1]) else { return nil }; self = .levelOnDay(value)
    case "xpOnDay": guard let value = Int(parts[1]) else { return nil }; self = .xpOnDay(value)
    case "evolution": guard let value = Int(parts[1]) else { return nil }; self = .evolution(value)
    case "achievement":
      // "achievement.ID" or "achievement.ID.TIER"; a name with no id ("achievement..") is unknown.
      let pieces = parts[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard let id = pieces.first, !id.isEmpty, pieces.count <= 2 else { return nil }
      guard pieces.count == 2 else {
        self = .achievement(id, tier: 1)
        return
      }
      guard let tier = Int(pieces[1]), tier >= 1 else { return nil }
      self = .achievement(id, tier: tier)
    case "quest": self = .quest(parts[1])
    default:
      guard Metrics.mechanicFamilyNames.contains(parts[0]) else { return nil }
      self = .mechanic(name)
    }
  }
}

extension RunSummary {
  /// The value of a parsed metric; nil for a day metric that never happened.
  public func value(of key: MetricKey) -> Double? {
    switch key {
    case .days: return Double(days)
    case .workouts: return Double(workouts)
    case .totalXP: return Double(totalXP)
    case .finalLevel: return Double(finalLevel)
    case .finalStreak: return Double(finalStreak)
    case .bestStreak: return Double(bestStreak)
    case .prs: return Double(prs)
    case .cappedWorkouts: return Double(cappedWorkouts)
    case .evolutions: return Double(evolutions.count)
    case .achievements: return Double(achievementTiers)
    case .quests: return Double(quests)
    case .quest(let id): return Double(questCompletions.lazy.filter { $0.id == id }.count)
    case .mechanic(let name): return mechanicMetrics[name]
    case .weeklyMin: return fullWeeksXP.min().map(Double.init)
    case .weeklyMax: return fullWeeksXP.max().map(Double.init)
    case .weeklyMedian: return Statistics.median(fullWeeksXP.map(Double.init))
    case .companionLevel: return Double(companionLevel)
    case .companionStage: return Double(companionStage)
    case .targetDays: return Double(targetDays)
    case .minAdjustment: return minAdjustment
    case .maxAdjustment: return maxAdjustment
    case .clampedDays: return Double(clampedDays)
    case .clampShare: return targetDays == 0 ? 0 : Double(clampedDays) / Double(targetDays)
    case .level(let level):
      return level > 0 && level < levelDays.count && levelDays[level] > 0 ? Double(levelDays[level]) : nil
    case .levelOnDay(let day): return day >= 1 && day <= levelByDay.count ? Double(levelByDay[day - 1]) : nil
    case .xpOnDay(let day): return day >= 1 && day <= xpByDay.count ? Double(xpByDay[day - 1]) : nil
    case .evolution(let index): return index >= 1 && index <= evolutions.count ? Double(evolutions[index - 1].day) : nil
    case .achievement(let id, let tier):
      for unlock in achievements where unlock.tier == tier && unlock.id.utf8.elementsEqual(id.utf8) {
        return Double(unlock.day)
      }
      return nil
    }
  }
}
