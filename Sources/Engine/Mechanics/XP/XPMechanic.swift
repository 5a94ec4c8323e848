import RuleLanguage

/// XP for workouts (xp.json): terms, factors, bonuses and caps; the player's total XP.
package enum XPMechanic: Mechanic {
  package static let name = "xp"
  package static var index: Int { 2 }
  package static let isRequired = true
  package static func decode(_ decoder: PackDecoder) -> XPRules? { XPRules.decode(decoder) }
  package static func facts(_ names: FactNames) -> [Fact] { XPFacts.facts(names) }
  /// One site: every term, factor and bonus (the fused programs are the engine's own).
  package static func formulas(_ rules: XPRules, pack: RulePack) -> [[Formula]] { [rules.formulas] }

  package static let stateKey = "xp"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, Int64> { \.xp }
  package static let emptyState: Int64 = 0
  package static func isAligned(_ state: Int64, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout Int64, to pack: RulePack) -> [String] { [] }
  package static func check(_ state: Int64, _ check: inout ProgressCheck) { check.count("", state) }
  package static func write(_ state: Int64, to writer: inout BinaryWriter, pack: RulePack?) { writer.int64(state) }
  package static func read(from reader: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> Int64 {
    try reader.int64()
  }

  package static let phases = ["awardExperience"]
  package static let awards: [any RecordedAward.Type] = [Recorded.XP.self]
}

extension RulePack {
  /// How workouts earn XP.
  public var xp: XPRules { rules(XPMechanic.self).unsafelyUnwrapped }
}
