import RuleLanguage

/// Adaptive nutrition targets (nutrition.json): signals, the clamp, macros; a day's target is
/// settled when the day closes.
package enum NutritionMechanic: Mechanic {
  package static let name = "nutrition"
  package static var index: Int { 7 }
  package static func decode(_ decoder: PackDecoder) -> NutritionRules? { NutritionRules.decode(decoder) }
  package static func summary(_ rules: NutritionRules) -> String? { "nutrition targets" }
  package static func facts(_ names: FactNames) -> [Fact] { NutritionFacts.facts(names) }
  /// One site: the signals.
  package static func formulas(_ rules: NutritionRules, pack: RulePack) -> [[Formula]] { [rules.formulas] }

  package static let stateKey = "nutrition"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, NutritionState> { \.nutrition }
  package static var emptyState: NutritionState { NutritionState() }
  package static func isAligned(_ state: NutritionState, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout NutritionState, to pack: RulePack) -> [String] { [] }

  package static func check(_ state: NutritionState, _ check: inout ProgressCheck) {
    if let baseline = state.baseline {
      check.amount("baseline.kcal", baseline.kcal, 0...10_000)
      check.amount("baseline.proteinG", baseline.proteinG, 0...2_000)
      check.amount("baseline.carbsG", baseline.carbsG, 0...2_000)
      check.amount("baseline.fatG", baseline.fatG, 0...2_000)
    }
    if state.recentIntake.count > 3_650 { check.fail("recentIntake", "more than 3,650 days") }
    for (index, intake) in state.recentIntake.enumerated() {
      check.amount("recentIntake[\(index)].kcal", intake.kcal)
      check.period("recentIntake[\(index)].day", intake.day.number)
    }
  }

  package static func write(_ state: NutritionState, to w: inout BinaryWriter, pack: RulePack?) {
    w.optional(state.baseline) { w, targets in
      for value in [targets.kcal, targets.proteinG, targets.carbsG, targets.fatG] { w.double(value) }
    }
    w.list(state.recentIntake) { w, intake in
      w.day(intake.day)
      w.double(intake.kcal)
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> NutritionState {
    var state = NutritionState()
    state.baseline = try r.optional { r throws(BinaryFormatError) in
      MacroTargets(kcal: try r.double(), proteinG: try r.double(), carbsG: try r.double(), fatG: try r.double())
    }
    state.recentIntake = try r.list(maximum: 3_650) { r throws(BinaryFormatError) in
      DailyIntake(day: try r.day(), kcal: try r.double())
    }
    return state
  }

  package static let phases = ["settleTarget", "closeDay"]
  package static let awards: [any RecordedAward.Type] = [Recorded.NutritionTarget.self]
}

extension RulePack {
  /// Nutrition target rules, when the pack has them.
  public var nutrition: NutritionRules? { rules(NutritionMechanic.self) }
}
