import RuleLanguage

/// XP and nutrition formulas whose value never changes in a way that defeats them: a factor that
/// is always 1 (it changes nothing) or 0 for a category (its workouts earn nothing from the
/// terms), a term or bonus that always adds 0, a bonus that never applies, a nutrition signal
/// that never moves the target.
enum ConstantFormulaCheck {
  static func run(_ outline: PackOutline, _ log: inout LintLog) {
    let facts = FactBounds(outline)
    for factor in outline.factors {
      let bounds = facts.bounds(of: factor.formula)
      if bounds == .exactly(1) {
        log.warn(
          .constant, at: factor.formula, .factorIsOne(factor.name),
          reason: "multiplying by 1 leaves every workout's XP as it is",
          fix: "remove the factor, or make it depend on the workout")
        continue
      }
      let zero = outline.categories.indices.filter { category in
        var one = facts
        one.category = category
        return one.bounds(of: factor.formula) == .exactly(0)
      }
      if !zero.isEmpty {
        let names = zero.map { outline.categories[$0] }
        log.warn(
          .constant, at: factor.formula, .factorIsZero(factor.name, names),
          reason: "their XP is 0 before bonuses, whatever the workout",
          fix: "give the factor a value above 0 for \(names.joined(separator: ", "))")
      }
    }
    for term in outline.terms where facts.bounds(of: term.formula) == .exactly(0) {
      log.warn(
        .constant, at: term.formula, .termIsZero(term.name), reason: "it is 0 for every workout",
        fix: "remove the term, or give it a value")
    }
    for bonus in outline.bonuses {
      let condition = facts.bounds(of: bonus.condition)
      if !condition.canBeTrue {
        log.warn(
          .constant, at: bonus.condition, .bonusNever(bonus.name),
          reason: ConditionCheck.reason(facts, bonus.condition, "its condition", condition),
          fix: "change 'when' so that it can hold, or remove the bonus")
      } else if facts.bounds(of: bonus.amount) == .exactly(0) {
        log.warn(
          .constant, at: bonus.amount, .bonusIsZero(bonus.name), reason: "its 'xp' is always 0",
          fix: "give 'xp' a value, or remove the bonus")
      }
    }
    for signal in outline.signals where facts.bounds(of: signal.formula).isSingleValue {
      log.warn(
        .constant, at: signal.formula, .signalNeverMoves(signal.name),
        reason: "its formula is always \(NumberText.format(facts.bounds(of: signal.formula).lower))",
        fix: "make it read the day (day.activeKcal) or the intake trend (intake.average)")
    }
  }
}

extension String {
  fileprivate static func factorIsOne(_ name: String) -> String { "XP factor '\(name)' is always 1" }

  fileprivate static func factorIsZero(_ name: String, _ categories: [String]) -> String {
    "XP factor '\(name)' is 0 for \(categories.map { "'\($0)'" }.joined(separator: ", ")) workouts"
  }

  fileprivate static func termIsZero(_ name: String) -> String { "XP term '\(name)' is always 0" }

  fileprivate static func bonusNever(_ name: String) -> String { "XP bonus '\(name)' never applies" }

  fileprivate static func bonusIsZero(_ name: String) -> String { "XP bonus '\(name)' adds nothing" }

  fileprivate static func signalNeverMoves(_ name: String) -> String {
    "nutrition signal '\(name)' never moves the target"
  }
}
