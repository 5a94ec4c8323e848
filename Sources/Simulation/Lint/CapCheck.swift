import RuleLanguage

/// XP caps below what a single workout always earns (every workout is capped, so the terms stop
/// mattering), and a per-workout cap the daily cap never lets a workout reach.
enum CapCheck {
  static func run(_ outline: PackOutline, _ log: inout LintLog) {
    let minimums = outline.categories.indices.map { minimumXP(outline, category: $0) }
    for (cap, path, name) in [
      (outline.perWorkoutCap, "xp.caps.perWorkout", "caps.perWorkout"),
      (outline.perDayCap, "xp.caps.perDay", "caps.perDay"),
    ] {
      guard let cap else { continue }
      let over = outline.categories.indices.filter { minimums[$0] > Double(cap) }
      guard let lowest = over.map({ minimums[$0] }).min() else { continue }
      let quoted = over.map { "'\(outline.categories[$0])'" }
      let names =
        quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
      log.warn(
        .cap, at: path, "every \(names) workout is capped by \(name) (\(NumberText.format(Double(cap))))",
        reason: "each earns at least \(NumberText.format(lowest)) XP before the cap, whatever its minutes, sets or RPE",
        fix: "raise \(name) above \(NumberText.format(lowest)), or lower the XP terms")
    }
    if let perWorkout = outline.perWorkoutCap, let perDay = outline.perDayCap, perDay < perWorkout {
      log.warn(
        .cap, at: "xp.caps.perWorkout", "caps.perWorkout (\(perWorkout)) can never apply",
        reason: "caps.perDay (\(perDay)) is lower, so no workout reaches the per-workout cap",
        fix: "lower caps.perWorkout to at most \(perDay), or remove it")
    }
  }

  /// The least XP any workout of a category earns: the lower bound of the rounded product of the
  /// terms and factors, plus the bonuses that can take XP away (a negative total counts as 0).
  static func minimumXP(_ outline: PackOutline, category: Int) -> Double {
    var facts = FactBounds(outline)
    facts.category = category
    var sum = FormulaBounds.exactly(0)
    for term in outline.terms {
      let bounds = facts.bounds(of: term.formula)
      sum = FormulaBounds(sum.lower + bounds.lower, sum.upper + bounds.upper)
    }
    var product = sum
    for factor in outline.factors {
      let bounds = facts.bounds(of: factor.formula)
      let corners = [
        product.lower * bounds.lower, product.lower * bounds.upper, product.upper * bounds.lower,
        product.upper * bounds.upper,
      ]
      product = corners.contains(where: \.isNaN) ? .unbounded : FormulaBounds(corners.min() ?? 0, corners.max() ?? 0)
    }
    // Rounding down is the lowest any rounding mode gives.
    var least = product.lower.rounded(.down)
    for bonus in outline.bonuses where facts.bounds(of: bonus.condition).canBeTrue {
      least += min(0, facts.bounds(of: bonus.amount).lower.rounded(.down))
    }
    return max(0, least.isFinite ? least : 0)
  }
}
