import Engine
import RuleLanguage

/// W1 through the engine, as an ordinary rule pack (rules/w1).
public enum W1Engine {
  /// Applies every event to one player and collects the W1 outcome.
  public static func run(_ events: [Event], engine: Engine) throws(EngineError) -> W1Outcome {
    var state = engine.newPlayer()
    var awards: [Award] = []
    awards.reserveCapacity(16)
    var unlockIndex = [Int](repeating: -1, count: engine.pack.achievements.count)
    var unlocked = 0
    // Events are borrowed from the buffer (an array subscript would copy each one).
    let result = events.withUnsafeBufferPointer { buffer in
      Result { () throws(EngineError) in
        for index in buffer.indices {
          awards.removeAll(keepingCapacity: true)
          try engine.apply(buffer[index], to: &state, awards: &awards)
          guard state.totals.achievements != unlocked else { continue }
          unlocked = state.totals.achievements
          for award in awards {
            if case .achievement(let unlock) = award,
              let slot = engine.pack.achievements.firstIndex(where: { $0.id == unlock.id })
            {
              unlockIndex[slot] = index
            }
          }
        }
      }
    }
    try result.get()
    let unlocks = engine.pack.achievements.enumerated().compactMap { offset, rule -> (String, Int)? in
      unlockIndex[offset] >= 0 ? (rule.id, unlockIndex[offset]) : nil
    }
    return W1Outcome(totalXP: state.xp, finalLevel: state.level, unlocks: unlocks)
  }
}
