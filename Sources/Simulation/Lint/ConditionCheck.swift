import RuleLanguage

/// Achievement tiers, achievement conditions, evolution conditions and quest goals that the
/// facts can never satisfy (`unreachable`) or always satisfy from the first event (`constant`),
/// proved with interval bounds of their formulas (``FactBounds``).
enum ConditionCheck {
  static func run(_ outline: PackOutline, _ log: inout LintLog) {
    let facts = FactBounds(outline)
    for achievement in outline.achievements {
      for (index, tier) in achievement.tiers.enumerated() {
        let bounds = facts.bounds(of: tier.formula)
        let name = achievement.describe(index)
        if let at = tier.at {
          if index == 0, bounds.isSingleValue {
            log.warn(
              .constant, at: tier.formula, .metricNeverChanges(achievement.id, bounds.lower),
              reason:
                "every tier at or below \(NumberText.format(bounds.lower)) unlocks on the first event, every other never",
              fix: "measure something that grows, such as player.workouts")
            break
          }
          if at > bounds.upper {
            log.warn(
              .unreachable, at: tier.path, .neverUnlocks(name),
              reason: reason(facts, tier.formula, "its metric", bounds),
              fix: "lower 'at' to at most \(NumberText.format(bounds.upper)), or raise that limit")
          } else if at <= bounds.lower {
            log.warn(
              .constant, at: tier.path, .unlocksAtOnce(name),
              reason: "its metric is always at least \(NumberText.format(bounds.lower))",
              fix: "raise 'at' above \(NumberText.format(bounds.lower))")
          }
        } else {
          check(tier.formula, bounds, facts, subject: .unlock(name), &log)
        }
      }
    }
    for species in outline.species {
      guard let evolution = species.evolution, let condition = evolution.condition else { continue }
      let target = outline.species[evolution.into].id
      check(condition, facts.bounds(of: condition), facts, subject: .evolve(species.id, into: target), &log)
    }
    for quest in outline.quests {
      var periodFacts = facts
      periodFacts.isDaily = quest.isDaily
      check(
        quest.goal, periodFacts.bounds(of: quest.goal), periodFacts, subject: .complete(quest.id, daily: quest.isDaily),
        &log)
    }
  }

  /// What a condition decides, for messages.
  enum Subject {
    case unlock(String)
    case evolve(String, into: String)
    case complete(String, daily: Bool)

    var never: String {
      switch self {
      case .unlock(let name): return "\(name) can never unlock"
      case .evolve(let from, let into): return "'\(from)' can never evolve into '\(into)'"
      case .complete(let id, let daily): return "quest '\(id)' can never be completed in a \(daily ? "day" : "week")"
      }
    }

    var always: String {
      switch self {
      case .unlock(let name): return "\(name) unlocks on the player's first event"
      case .evolve(let from, let into): return "the condition of '\(from)' → '\(into)' always holds"
      case .complete(let id, _): return "quest '\(id)' completes with the first workout of every period"
      }
    }
  }

  static func check(
    _ formula: Formula, _ bounds: FormulaBounds, _ facts: FactBounds, subject: Subject, _ log: inout LintLog
  ) {
    if !bounds.canBeTrue {
      var fix = "change the condition so that it can hold"
      if let threshold = formula.threshold {
        fix = "lower the threshold to at most \(NumberText.format(facts.bounds(slot: threshold.slot).upper))"
      }
      if case .complete(_, true) = subject { fix += ", or make it a weekly quest" }
      log.warn(
        .unreachable, at: formula, subject.never, reason: reason(facts, formula, "its condition", bounds), fix: fix)
    } else if !bounds.canBeFalse {
      log.warn(
        .constant, at: formula, subject.always, reason: "its condition is true for every value its facts can take",
        fix: formula.constantNumber == nil
          ? "raise its threshold, or remove the condition" : "write a condition over player facts")
    }
  }

  /// Why a formula cannot reach a value: the limits of the facts it reads.
  static func reason(_ facts: FactBounds, _ formula: Formula, _ what: String, _ bounds: FormulaBounds) -> String {
    let limits = facts.reasons(for: formula)
    let range =
      bounds.lower == 0 && bounds.upper == 0 && formula.type == .bool
      ? "\(what) is false for every value its facts can take" : "\(what) is at most \(NumberText.format(bounds.upper))"
    return limits.isEmpty ? range : "\(range): " + limits.joined(separator: "; ")
  }
}

extension String {
  fileprivate static func metricNeverChanges(_ id: String, _ value: Double) -> String {
    "the metric of '\(id)' never changes (always \(NumberText.format(value)))"
  }

  fileprivate static func neverUnlocks(_ name: String) -> String { "\(name) can never unlock" }

  fileprivate static func unlocksAtOnce(_ name: String) -> String { "\(name) unlocks on the player's first event" }
}
