import RuleLanguage

/// The values each fact can take over a player's life, for lint's interval checks: what the pack
/// caps (levels, freezes, stages, achievement tiers), what a day or a week holds (1,440 and
/// 10,080 minutes), and the event limits of docs/events.md. A fact lint knows nothing about is
/// unbounded, so a check never warns about a rule that could fire.
struct FactBounds {
  let outline: PackOutline
  /// Fixes `category.*` and `workout.category` to one category (XP formulas checked per category).
  var category: Int?
  /// Whether `period.*` facts cover a day (else a week), for quest goals.
  var isDaily = true
  /// Fixes `workout.xp` to a range (companion XP per workout).
  var workoutXP: FormulaBounds?

  init(_ outline: PackOutline) { self.outline = outline }

  /// The bounds of the fact in a slot.
  func bounds(slot: Int) -> FormulaBounds { bounds(outline.factName(slot)) }

  /// The bounds of a fact by name, with the reason when the pack or the calendar bounds it.
  func bounded(_ name: String) -> (bounds: FormulaBounds, reason: String?) {
    let perDay = outline.perDayCap.map(Double.init) ?? .infinity
    switch name {
    case "player.level":
      return (
        FormulaBounds(1, Double(outline.levels.maxLevel)),
        "the player level curve ends at level \(outline.levels.maxLevel)"
      )
    case "companion.level":
      let top = outline.companionLevels?.maxLevel ?? 0
      return (
        FormulaBounds(0, Double(top)),
        outline.companionLevels == nil ? "the pack has no companions" : "the companion level curve ends at level \(top)"
      )
    case "companion.stage":
      let top = outline.species.map(\.stage).max() ?? 0
      return (FormulaBounds(0, Double(top)), "no species is beyond stage \(top)")
    case "companion.evolutions":
      let longest = longestChain()
      return (
        FormulaBounds(0, Double(longest)),
        "the longest evolution chain has \(longest) evolution\(longest == 1 ? "" : "s")"
      )
    case "companion.active", "workout.hasRPE", "workout.isFirstOfWeek", "workout.isFirstOfDay": return (.either, nil)
    case "companion.element":
      return (FormulaBounds(0, Double(max(0, outline.pack.companions?.elements.count ?? 1) - 1)), nil)
    case "player.freezes":
      return (
        FormulaBounds(0, Double(outline.maxFreezes)),
        "streaks.json holds at most \(outline.maxFreezes) freeze\(outline.maxFreezes == 1 ? "" : "s")"
      )
    case "player.achievements":
      let tiers = outline.achievements.reduce(0) { $0 + $1.tiers.count }
      return (FormulaBounds(0, Double(tiers)), "the pack has \(tiers) achievement tier\(tiers == 1 ? "" : "s")")
    case "player.companions":
      return (FormulaBounds(0, Double(outline.species.count)), "the pack has \(outline.species.count) species")
    case "workout.rpe": return (FormulaBounds(0, 10), "RPE is at most 10")
    case "workout.weekday": return (FormulaBounds(1, 7), nil)
    case "workout.durationMin": return (FormulaBounds(0, 1440), "a workout lasts at most 1,440 minutes")
    case "workout.activeKcal": return (FormulaBounds(0, 20_000), "a workout's active energy is at most 20,000 kcal")
    case "workout.distanceKm": return (FormulaBounds(0, 1_000), "a workout's distance is at most 1,000 km")
    case "workout.category":
      if let category { return (.exactly(Double(category)), nil) }
      return (FormulaBounds(0, Double(max(0, outline.categories.count - 1))), nil)
    case "workout.xp":
      if let workoutXP { return (workoutXP, nil) }
      let cap = min(outline.perWorkoutCap.map(Double.init) ?? .infinity, perDay)
      return (
        FormulaBounds(0, cap), cap.isFinite ? "a workout earns at most \(NumberText.format(cap)) XP (the caps)" : nil
      )
    case "period.xp":
      let cap = isDaily ? perDay : 7 * perDay
      return (
        FormulaBounds(0, cap),
        cap.isFinite
          ? "workouts earn at most \(NumberText.format(cap)) XP a \(isDaily ? "day" : "week") (caps.perDay)" : nil
      )
    case "intake.days":
      let window = outline.pack.nutrition?.trendWindowDays ?? 0
      return (FormulaBounds(0, Double(window)), "the trend window has \(window) day\(window == 1 ? "" : "s")")
    default:
      if name == "period.minutes" || name.hasPrefix("period.minutes.") {
        return isDaily
          ? (FormulaBounds(0, 1_440), "a day has 1,440 minutes")
          : (FormulaBounds(0, 10_080), "a week has 10,080 minutes")
      }
      if name.hasPrefix("category."), let index = outline.categoryParameters.firstIndex(of: String(name.dropFirst(9))) {
        let values = outline.categoryValues.map { $0[index] }
        if let category { return (.exactly(values[category]), nil) }
        return (FormulaBounds(values.min() ?? 0, values.max() ?? 0), nil)
      }
      // Counts and totals never go below 0; nothing else is known.
      for prefix in ["player.", "workout.", "period.", "day.", "intake."] where name.hasPrefix(prefix) {
        return (.nonNegative, nil)
      }
      return (.unbounded, nil)
    }
  }

  func bounds(_ name: String) -> FormulaBounds { bounded(name).bounds }

  /// The bounds of a formula.
  func bounds(of formula: Formula) -> FormulaBounds { formula.bounds { bounds(slot: $0) } }

  /// Why the facts a formula reads are bounded, one clause per bounded fact ("the player level
  /// curve ends at level 100").
  func reasons(for formula: Formula) -> [String] {
    var reasons: [String] = []
    for slot in formula.slots {
      if let reason = bounded(outline.factName(slot)).reason, !reasons.contains(reason) { reasons.append(reason) }
    }
    return reasons
  }

  /// The most evolutions one companion can go through (along the longest chain).
  func longestChain() -> Int {
    var longest = 0
    for start in outline.species.indices {
      var length = 0
      var current = start
      while let next = outline.species[current].evolution?.into, length < outline.species.count {
        length += 1
        current = next
      }
      longest = max(longest, length)
    }
    return longest
  }
}
