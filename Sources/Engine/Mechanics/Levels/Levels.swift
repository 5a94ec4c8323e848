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
        log.append(AwardRecord(day: context.day, .levelUp(LevelUp(level: state.level, threshold: threshold, xp: state.xp))))
      }
    }
  }
}

/// The player reached a level; one award per level crossed.
public struct LevelUp: Sendable, Hashable, Codable {
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

  func write(_ w: inout JSONWriter) {
    w.field("level", level)
    w.field("threshold", threshold)
    w.field("totalXP", xp)
  }

  var explanation: String { "level \(level) reached: \(xp) XP ≥ \(threshold)" }
  var token: String { "level \(level)" }
}

enum LevelFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact("player.level", .number, FactScope.all, "player level", monotonic: true, player: \.level)
    ]
  }
}
