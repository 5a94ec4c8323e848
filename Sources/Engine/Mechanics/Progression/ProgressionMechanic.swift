import RuleLanguage

/// Progressive overload (progression.json): next-session loads, deload weeks, programs.
package enum ProgressionMechanic: Mechanic {
  package static let name = "progression"
  package static var index: Int { 8 }
  package static func decode(_ decoder: PackDecoder) -> ProgressionRules? { ProgressionRules.decode(decoder) }
  package static func summary(_ rules: ProgressionRules) -> String? { "progressive overload" }
  package static func facts(_ names: FactNames) -> [Fact] { [] }
  package static func formulas(_ rules: ProgressionRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "loads"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, [LoadState]> { \.loads }
  package static var emptyState: [LoadState] { [] }

  package static func isAligned(_ state: [LoadState], to pack: RulePack) -> Bool {
    pack.isAligned(state, name: \.exercise)
  }

  package static func align(_ state: inout [LoadState], to pack: RulePack) -> [String] {
    let aligned = pack.aligned(state, name: \.exercise) { LoadState(exercise: $0) }
    state = aligned.list
    return aligned.dropped
  }

  package static func check(_ state: [LoadState], _ check: inout ProgressCheck) {
    for (index, load) in state.enumerated() {
      check.amount("[\(index)].lastKg", load.lastKg, 0...1_000_000)
      check.amount("[\(index)].nextKg", load.nextKg, 0...1_000_000)
      if let rpe = load.lastRPE { check.amount("[\(index)].lastRPE", rpe, 0...10) }
    }
    check.unique(state, "", what: "exercise", name: \.exercise)
  }

  package static func write(_ state: [LoadState], to w: inout BinaryWriter, pack: RulePack?) {
    w.entries(
      state, packNames: pack?.nameLists.exercises, name: \.exercise, isNew: { $0 == LoadState(exercise: $0.exercise) }
    ) { w, load in
      w.double(load.lastKg)
      w.double(load.nextKg)
      w.optional(load.lastRPE) { $0.double($1) }
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> [LoadState] {
    try r.entries(packNames: pack?.nameLists.exercises, make: { LoadState(exercise: $0) }) {
      r, load throws(BinaryFormatError) in
      load.lastKg = try r.double()
      load.nextKg = try r.double()
      load.lastRPE = try r.optional { r throws(BinaryFormatError) in try r.double() }
    }
  }

  package static let phases = ["suggestLoads"]
  package static let awards: [any RecordedAward.Type] = [Recorded.LoadSuggestion.self]
}

extension RulePack {
  /// Progressive overload rules, when the pack has them.
  public var progression: ProgressionRules? { rules(ProgressionMechanic.self) }
}
