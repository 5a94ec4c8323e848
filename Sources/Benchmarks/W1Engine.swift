import Engine
import RuleLanguage

/// W1 through the engine, as an ordinary rule pack (rules/w1).
public enum W1Engine {
  /// Applies every event to one player and collects the W1 outcome. Awards are off: the
  /// outcome is read from the state (an unlock shows as a new tier), as a caller who only wants
  /// the state would.
  package static func run(_ events: [ResolvedEvent], engine: Engine) throws(EngineError) -> W1Outcome {
    var player = engine.live(engine.newProgress())
    var log = AwardLog(.off)
    var unlockIndex = [Int](repeating: -1, count: engine.pack.achievements.count)
    var unlocked = 0
    let result = events.withUnsafeBufferPointer { buffer in
      Result { () throws(EngineError) in
        for index in buffer.indices {
          try engine.apply(buffer.baseAddress.unsafelyUnwrapped + index, to: &player, log: &log)
          guard player.progress.totals.achievements != unlocked else { continue }
          unlocked = player.progress.totals.achievements
          for (slot, progress) in player.progress.achievements.enumerated()
          where progress.tier > 0 && unlockIndex[slot] < 0 {
            unlockIndex[slot] = index
          }
        }
      }
    }
    try result.get()
    let unlocks = engine.pack.achievements.enumerated().compactMap { offset, rule -> (String, Int)? in
      unlockIndex[offset] >= 0 ? (rule.id, unlockIndex[offset]) : nil
    }
    return W1Outcome(totalXP: player.progress.xp, finalLevel: player.progress.level, unlocks: unlocks)
  }
}
