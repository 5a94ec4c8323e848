import RuleLanguage

/// Quests (quests.json): goals over a day or an ISO week, each completed once per period.
package enum QuestsMechanic: Mechanic {
  package static let name = "quests"
  package static var index: Int { 9 }
  package static func decode(_ decoder: PackDecoder) -> QuestRules? { QuestRules.decode(decoder) }
  package static func isActive(_ rules: QuestRules) -> Bool { !rules.quests.isEmpty }
  package static func summary(_ rules: QuestRules) -> String? {
    rules.quests.isEmpty ? nil : "\(rules.quests.count) quest\(rules.quests.count == 1 ? "" : "s")"
  }
  package static func facts(_ names: FactNames) -> [Fact] { QuestFacts.facts(names) }
  /// One site: the goals.
  package static func formulas(_ rules: QuestRules, pack: RulePack) -> [[Formula]] { [rules.formulas] }

  package static let stateKey = "quests"
  package static let since = 2
  package static var state: WritableKeyPath<PlayerProgress, QuestsState> { \.quests }
  package static var emptyState: QuestsState { QuestsState() }

  package static func isAligned(_ state: QuestsState, to pack: RulePack) -> Bool {
    state.quests.hasNames(pack.questIDs, \.id) && state.periods.count == (pack.questIDs.isEmpty ? 0 : 2)
      && state.periods.allSatisfy { $0.fits(categories: pack.categories.count) }
  }

  package static func align(_ state: inout QuestsState, to pack: RulePack) -> [String] {
    let ids = pack.questIDs
    let dropped = state.quests.align(to: ids, \.id, make: QuestProgress.init)
    let empty = PeriodTotals(categories: pack.categories.count)
    if ids.isEmpty {
      state.periods = []
    } else if state.periods.count != 2 {
      state.periods = [empty, empty]
    } else {
      for index in 0..<2 where !state.periods[index].fits(categories: pack.categories.count) {
        state.periods[index] = empty
      }
    }
    return dropped
  }

  package static func check(_ state: QuestsState, _ check: inout ProgressCheck) {
    check.count("completions", state.completions)
    if !(state.periods.isEmpty || state.periods.count == 2) {
      check.fail("periods", "must hold a day and a week, or nothing")
    }
    for (index, period) in state.periods.enumerated() {
      if index == 0 {
        check.period("periods[0].period", period.period)
      } else {
        check.week("periods[1].period", period.period)
      }
      check.count("periods[\(index)].workouts", period.workouts)
      check.count("periods[\(index)].sets", period.sets)
      check.count("periods[\(index)].reps", period.reps)
      check.count("periods[\(index)].xp", period.xp)
      check.amount("periods[\(index)].minutes", period.minutes)
      check.amount("periods[\(index)].volumeKg", period.volumeKg)
      check.amount("periods[\(index)].activeKcal", period.activeKcal)
      if period.categoryWorkouts.count != period.categoryMinutes.count {
        check.fail("periods[\(index)]", "'categoryWorkouts' and 'categoryMinutes' differ in length")
      }
      for (entry, value) in period.categoryWorkouts.enumerated() {
        check.count("periods[\(index)].categoryWorkouts[\(entry)]", value)
      }
      for (entry, value) in period.categoryMinutes.enumerated() {
        check.amount("periods[\(index)].categoryMinutes[\(entry)]", value)
      }
    }
    for (index, quest) in state.quests.enumerated() {
      check.count("quests[\(index)].completions", quest.completions)
      check.period("quests[\(index)].lastPeriod", quest.lastPeriod)
    }
    check.unique(state.quests, "quests", what: "quest", name: \.id)
  }

  package static func write(_ state: QuestsState, to w: inout BinaryWriter, pack: RulePack?) {
    w.int(state.completions)
    w.list(state.periods) { w, period in
      w.optional(period.period) { $0.int($1) }
      w.int(period.workouts)
      w.double(period.minutes)
      w.double(period.volumeKg)
      w.int(period.sets)
      w.int(period.reps)
      w.int64(period.xp)
      w.double(period.activeKcal)
      w.list(period.categoryWorkouts) { $0.int($1) }
      w.list(period.categoryMinutes) { $0.double($1) }
    }
    w.entries(
      state.quests, packNames: pack?.nameLists.quests, name: \.id,
      isNew: { $0.completions == 0 && $0.lastPeriod == nil }
    ) { w, quest in
      w.int(quest.completions)
      w.optional(quest.lastPeriod) { $0.int($1) }
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> QuestsState {
    var state = QuestsState()
    state.completions = try r.int()
    state.periods = try r.list(maximum: 2) { r throws(BinaryFormatError) in
      var period = PeriodTotals()
      period.period = try r.optional { r throws(BinaryFormatError) in try r.int() }
      period.workouts = try r.int()
      period.minutes = try r.double()
      period.volumeKg = try r.double()
      period.sets = try r.int()
      period.reps = try r.int()
      period.xp = try r.int64()
      period.activeKcal = try r.double()
      period.categoryWorkouts = try r.list { r throws(BinaryFormatError) in try r.int() }
      period.categoryMinutes = try r.list { r throws(BinaryFormatError) in try r.double() }
      return period
    }
    state.quests = try r.entries(packNames: pack?.nameLists.quests, make: QuestProgress.init) {
      r, quest throws(BinaryFormatError) in
      quest.completions = try r.int()
      quest.lastPeriod = try r.optional { r throws(BinaryFormatError) in try r.int() }
    }
    return state
  }

  package static let phases = ["progressQuests"]
  package static let awards: [any RecordedAward.Type] = [Recorded.QuestCompletion.self]
}

extension RulePack {
  /// Quests, when the pack has them.
  public var quests: QuestRules? { rules(QuestsMechanic.self) }
  /// The quests' ids, in the pack's order.
  package var questIDs: [String] { nameLists.quests.names }
}
