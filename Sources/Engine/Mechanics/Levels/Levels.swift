import RuleLanguage

// Player levels (levels.json): total XP crosses the curve's thresholds. Every XP the player
// gets — a workout's, an achievement's or a quest's reward — goes through `addPlayerXP`, which
// reports each level crossed.

extension Engine {
  /// Adds XP to the player and reports every level crossed.
  @inline(__always)
  func addPlayerXP(_ amount: Int64, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog)
    throws(EngineError)
  {
    try add(amount, to: &state.xp, "the player's total XP")
    let thresholds = plan.levelThresholds
    while state.level < thresholds.count, state.xp >= thresholds[state.level] {
      let threshold = thresholds[state.level]
      state.level += 1
      if log.isRecording {
        log.append(AwardRecord(day: context.day, LevelUp(level: state.level, threshold: threshold, xp: state.xp)))
      }
    }
  }
}

/// The player reached a level; one award per level crossed.
public struct LevelUp: AwardPayload, RecordedAward, FieldListPayload {
  /// `"levelUp"`.
  public static let type = "levelUp"
  /// The level reached.
  public var level: Int
  /// The total XP the level needs.
  public var threshold: Int64
  /// Total XP after the award.
  public var xp: Int64

  /// Creates a level-up.
  public init(level: Int, threshold: Int64, xp: Int64) {
    self.level = level
    self.threshold = threshold
    self.xp = xp
  }

  enum CodingKeys: String, CodingKey {
    case level, threshold
    case xp = "totalXP"
  }

  /// Writes `level`, `threshold`, `totalXP`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("level", level)
    w.field("threshold", threshold)
    w.field("totalXP", xp)
  }

  /// "level 5 reached: 1,130 XP ≥ 1,118".
  public var explanation: String { "level \(level) reached: \(xp) XP ≥ \(threshold)" }
  /// "/5".
  public func subject(in award: Award) -> String { "/\(level)" }
  /// "level 5".
  public func token(in award: Award) -> String { "level \(level)" }

  package func payload(in log: borrowing AwardLog, pack: RulePack) -> LevelUp { self }
}

enum LevelFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact("player.level", .number, FactScope.all, "player level", monotonic: true, player: \.level)
    ]
  }
}

/// Player levels (levels.json): the curve total XP climbs.
package enum LevelsMechanic: Mechanic {
  package static let name = "levels"
  package static var index: Int { 3 }
  package static let isRequired = true
  package static func decode(_ decoder: PackDecoder) -> LevelCurve? {
    decoder.documents["levels"]?.object.flatMap { decoder.decodeCurve($0, what: "player level") }
  }
  package static func summary(_ rules: LevelCurve) -> String? { "\(rules.maxLevel) levels" }
  package static func facts(_ names: FactNames) -> [Fact] { LevelFacts.facts(names) }
  package static func formulas(_ rules: LevelCurve, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "level"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, Int> { \.level }
  package static let emptyState = 1
  package static func isAligned(_ state: Int, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout Int, to pack: RulePack) -> [String] { [] }
  package static func check(_ state: Int, _ check: inout ProgressCheck) { check.count("", state, 1...1_000_000) }
  package static func write(_ state: Int, to writer: inout BinaryWriter, pack: RulePack?) { writer.int(state) }
  package static func read(from reader: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> Int {
    try reader.int()
  }

  package static let phases = ["addPlayerXP"]
  package static let awards: [any RecordedAward.Type] = [LevelUp.self]
}

extension RulePack {
  /// The player level curve.
  public var levels: LevelCurve { rules(LevelsMechanic.self).unsafelyUnwrapped }
}
