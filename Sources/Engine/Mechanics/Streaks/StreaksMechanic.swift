import RuleLanguage

/// Streaks of training days (streaks.json): grace days and freezes.
package enum StreaksMechanic: Mechanic {
  package static let name = "streaks"
  package static var index: Int { 4 }
  package static func decode(_ decoder: PackDecoder) -> StreakRules? { StreakRules.decode(decoder) }
  package static func facts(_ names: FactNames) -> [Fact] { StreakFacts.facts(names) }
  package static func formulas(_ rules: StreakRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "streak"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, StreakState> { \.streak }
  package static var emptyState: StreakState { StreakState() }
  package static func isAligned(_ state: StreakState, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout StreakState, to pack: RulePack) -> [String] { [] }

  package static func check(_ state: StreakState, _ check: inout ProgressCheck) {
    check.count("current", state.current, 0...10_000_000)
    check.count("best", state.best, 0...10_000_000)
    check.count("freezes", state.freezes, 0...100)
    check.period("lastDay", state.lastDay?.number)
  }

  package static func write(_ state: StreakState, to w: inout BinaryWriter, pack: RulePack?) {
    w.int(state.current)
    w.int(state.best)
    w.int(state.freezes)
    w.optional(state.lastDay) { $0.day($1) }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> StreakState {
    var state = StreakState()
    state.current = try r.int()
    state.best = try r.int()
    state.freezes = try r.int()
    state.lastDay = try r.optional { r throws(BinaryFormatError) in try r.day() }
    return state
  }

  package static let phases = ["breakLapsedStreak", "updateStreak"]
  package static let awards: [any RecordedAward.Type] = [StreakUpdate.self]
}

extension RulePack {
  /// Streak rules (no grace, no freezes without streaks.json).
  public var streaks: StreakRules { rules(StreaksMechanic.self) ?? .none }
}
