import RuleLanguage

extension Award {
  /// The award as one compact JSON line: `type`, `event`, `date`, then its own fields in a
  /// fixed order. docs/events.md documents every field.
  public var jsonLine: String {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.output
  }

  /// Writes the award as a JSON object.
  public func write(to writer: inout JSONWriter) {
    writer.object { w in
      w.key("type")
      w.string(typeName)
      w.key("event")
      w.string(eventID)
      w.key("date")
      w.string(day.iso)
      writeFields(&w)
    }
  }

  private func writeFields(_ w: inout JSONWriter) {
    switch self {
    case .xp(let a):
      Award.field("xp", a.xp, &w)
      Award.field("raw", a.raw, &w)
      Award.field("rounded", a.rounded, &w)
      Award.contributions("terms", a.terms, &w)
      Award.contributions("factors", a.factors, &w)
      Award.contributions("bonuses", a.bonuses, &w)
      if let cap = a.cap {
        Award.field("cap", cap.rawValue, &w)
        Award.field("uncapped", a.uncapped, &w)
      }
    case .levelUp(let a):
      Award.field("level", a.level, &w)
      Award.field("threshold", a.threshold, &w)
      Award.field("totalXP", a.xp, &w)
    case .streak(let a):
      Award.field("change", a.change.rawValue, &w)
      Award.field("current", a.current, &w)
      Award.field("best", a.best, &w)
      Award.field("freezes", a.freezes, &w)
      if a.freezesUsed > 0 { Award.field("freezesUsed", a.freezesUsed, &w) }
      if a.freezeEarned {
        w.key("freezeEarned")
        w.bool(true)
      }
    case .personalRecord(let a):
      Award.field("exercise", a.exercise, &w)
      Award.field("kind", a.kind.rawValue, &w)
      Award.field("value", a.value, &w)
      if let previous = a.previous { Award.field("previous", previous, &w) }
      if let weight = a.weightKg { Award.field("weightKg", weight, &w) }
    case .achievement(let a):
      Award.field("id", a.id, &w)
      Award.field("name", a.name, &w)
      Award.field("tier", a.tier, &w)
      if let tierName = a.tierName { Award.field("tierName", tierName, &w) }
      Award.field("rewardXP", a.rewardXP, &w)
      Award.field("condition", a.condition, &w)
      Award.contributions("values", a.values, &w)
    case .companionJoined(let a):
      Award.field("species", a.species, &w)
      Award.field("element", a.element, &w)
      w.key("defaultStarter")
      w.bool(a.isDefaultStarter)
    case .companionXP(let a):
      Award.field("species", a.species, &w)
      Award.field("xp", a.xp, &w)
      Award.field("share", a.share, &w)
      Award.field("affinityBonus", a.affinityBonus, &w)
      Award.field("totalXP", a.total, &w)
    case .companionLevelUp(let a):
      Award.field("species", a.species, &w)
      Award.field("level", a.level, &w)
      Award.field("threshold", a.threshold, &w)
      Award.stats(a.stats, &w)
    case .evolution(let a):
      Award.field("from", a.from, &w)
      Award.field("to", a.to, &w)
      Award.field("level", a.level, &w)
      Award.field("atLevel", a.atLevel, &w)
      if let condition = a.condition {
        Award.field("condition", condition, &w)
        Award.contributions("values", a.values, &w)
      }
      Award.stats(a.stats, &w)
    case .nutritionTarget(let a):
      w.key("targets")
      a.targets.write(to: &w)
      Award.field("adjustment", a.adjustment, &w)
      Award.contributions("signals", a.signals, &w)
      w.key("clamped")
      w.bool(a.isClamped)
      Award.field("rationale", a.rationale, &w)
    case .loadSuggestion(let a):
      Award.field("exercise", a.exercise, &w)
      Award.field("loadKg", a.loadKg, &w)
      Award.field("rpe", a.rpe, &w)
      Award.field("band", a.band, &w)
      Award.field("change", a.change, &w)
      Award.field("nextKg", a.nextKg, &w)
      w.key("deloadWeek")
      w.bool(a.isDeloadWeek)
    }
  }

  private static func field(_ key: String, _ value: String, _ w: inout JSONWriter) {
    w.key(key)
    w.string(value)
  }

  private static func field(_ key: String, _ value: Double, _ w: inout JSONWriter) {
    w.key(key)
    w.number(value)
  }

  private static func field<I: BinaryInteger>(_ key: String, _ value: I, _ w: inout JSONWriter) {
    w.key(key)
    w.integer(value)
  }

  private static func contributions(_ key: String, _ values: [Contribution], _ w: inout JSONWriter) {
    w.key(key)
    w.object { w in
      for value in values {
        w.key(value.name)
        w.number(value.value)
      }
    }
  }

  private static func stats(_ stats: Stats, _ w: inout JSONWriter) {
    w.key("stats")
    w.object { w in
      for (name, value) in zip(Stats.names, stats.values) {
        w.key(name)
        w.number(value)
      }
    }
  }
}
