import RuleLanguage

extension Award {
  /// A sentence a person reads to learn why the award happened.
  public var explanation: String {
    switch self {
    case .xp(let a):
      var parts = a.terms.map { "\($0.name) \(Award.number($0.value))" }.joined(separator: " + ")
      if parts.isEmpty { parts = Award.number(a.raw) }
      if !a.factors.isEmpty {
        parts = "(\(parts)) × " + a.factors.map { "\($0.name) \(Award.number($0.value))" }.joined(separator: " × ")
      }
      var text = "+\(a.xp) XP = round(\(parts) = \(Award.number(a.raw))) = \(a.rounded)"
      for bonus in a.bonuses { text += " + \(bonus.name) bonus \(Award.number(bonus.value))" }
      if let cap = a.cap { text += "; capped (\(cap.rawValue)) from \(a.uncapped)" }
      return text
    case .levelUp(let a):
      return "level \(a.level) reached: \(a.xp) XP ≥ \(a.threshold)"
    case .streak(let a):
      switch a.change {
      case .broken: return "streak broken (best \(a.best))"
      case .started: return "streak started: 1 day (best \(a.best))"
      case .extended:
        var text = "streak extended to \(a.current) days (best \(a.best))"
        if a.freezesUsed > 0 { text += ", \(a.freezesUsed) freeze\(a.freezesUsed == 1 ? "" : "s") used" }
        if a.freezeEarned { text += ", freeze earned (\(a.freezes) held)" }
        return text
      }
    case .personalRecord(let a):
      let previous = a.previous.map { " (was \(Award.number($0)))" } ?? ""
      switch a.kind {
      case .heaviestWeight: return "personal record: \(a.exercise) heaviest \(Award.number(a.value)) kg\(previous)"
      case .estimatedOneRepMax:
        return "personal record: \(a.exercise) estimated 1RM \(Award.number(a.value)) kg\(previous)"
      case .repsAtWeight:
        return "personal record: \(a.exercise) \(Award.number(a.value)) reps at \(Award.number(a.weightKg ?? 0)) kg\(previous)"
      }
    case .achievement(let a):
      let tier = a.tierName.map { " '\($0)'" } ?? (a.tier > 1 ? " tier \(a.tier)" : "")
      let values = a.values.map { "\($0.name) = \(Award.number($0.value))" }.joined(separator: ", ")
      let reward = a.rewardXP > 0 ? " +\(a.rewardXP) XP" : ""
      return "achievement '\(a.name)'\(tier) unlocked\(reward): \(a.condition) with \(values)"
    case .companionJoined(let a):
      return "\(a.species) (\(a.element)) joined\(a.isDefaultStarter ? " as the default starter" : "")"
    case .companionXP(let a):
      let bonus = a.affinityBonus > 0 ? " + affinity \(a.affinityBonus)" : ""
      return "\(a.species) +\(a.xp) XP = share \(a.share)\(bonus) (total \(a.total))"
    case .companionLevelUp(let a):
      return "\(a.species) reached level \(a.level): \(Award.describe(a.stats))"
    case .evolution(let a):
      let condition = a.condition.map { " and \($0) (" + a.values.map { "\($0.name) = \(Award.number($0.value))" }.joined(separator: ", ") + ")" } ?? ""
      return "\(a.from) evolved into \(a.to): level \(a.level) ≥ \(a.atLevel)\(condition); \(Award.describe(a.stats))"
    case .nutritionTarget(let a):
      let t = a.targets
      return "targets \(Award.number(t.kcal)) kcal, protein \(Award.number(t.proteinG)) g, carbs \(Award.number(t.carbsG)) g, fat \(Award.number(t.fatG)) g: \(a.rationale)"
    case .loadSuggestion(let a):
      if a.isDeloadWeek {
        return "\(a.exercise): deload week at \(Award.number(a.loadKg)) kg; next normal session \(Award.number(a.nextKg)) kg"
      }
      return "\(a.exercise): next \(Award.number(a.nextKg)) kg (RPE \(Award.number(a.rpe)) '\(a.band)' → \(Engine.percent(a.change)) from \(Award.number(a.loadKg)) kg)"
    }
  }

  /// One line: date, event, type, explanation.
  public var textLine: String { "\(day.iso) \(eventID) \(typeName): \(explanation)" }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? NumberText.format(value) : NumberText.format(value, decimals: 2).trimmingZeros()
  }

  static func describe(_ stats: Stats) -> String {
    "HP \(number(stats.hp)), attack \(number(stats.attack)), defense \(number(stats.defense)), speed \(number(stats.speed))"
  }
}

extension String {
  func trimmingZeros() -> String {
    guard contains(".") else { return self }
    var text = self
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
