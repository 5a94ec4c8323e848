import Engine
import RuleLanguage

/// A compact, readable line per award, for the per-day lines of a snapshot.
enum AwardToken {
  static func token(_ award: Award) -> String {
    switch award {
    case .xp(let a): return "xp \(a.eventID) +\(a.xp)"
    case .levelUp(let a): return "level \(a.level)"
    case .streak(let a): return a.change == .broken ? "streak broken" : "streak \(a.current)"
    case .personalRecord(let a): return "PR \(a.exercise) \(a.kind.rawValue) \(NumberText.format((a.value * 100).rounded() / 100))"
    case .achievement(let a): return a.tier > 1 ? "achievement \(a.id).\(a.tier)" : "achievement \(a.id)"
    case .companionJoined(let a): return "joined \(a.species)"
    case .companionXP(let a): return "companion +\(a.xp)"
    case .companionLevelUp(let a): return "companion level \(a.level)"
    case .evolution(let a): return "evolved \(a.from) → \(a.to)"
    case .nutritionTarget(let a): return "target \(NumberText.format(a.targets.kcal)) kcal (\(Engine.percent(a.adjustment)))"
    case .loadSuggestion(let a): return "\(a.exercise) next \(NumberText.format(a.nextKg)) kg"
    }
  }
}
