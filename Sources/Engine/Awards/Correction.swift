import RuleLanguage

/// What moved when a late event or a retraction changed the past: the player's standing before
/// and after, and what was unlocked or withdrawn, so an app can fix what it showed.
public struct Correction: Sendable, Hashable, Codable {
  /// A value before and after.
  public struct Change<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    public var from: Value
    public var to: Value

    /// Creates a change.
    public init(from: Value, to: Value) {
      self.from = from
      self.to = to
    }
  }

  /// Why the past changed: `late` (an event placed among earlier ones) or `retraction`.
  public var reason: String
  /// Later events whose outcome was recomputed.
  public var replayed: Int
  public var xp: Change<Int64>
  public var level: Change<Int>
  /// Achievement tiers unlocked by the change (`id` or `id.tier`).
  public var unlocked: [String]
  /// Achievement tiers withdrawn by the change.
  public var withdrawn: [String]
  public var streak: Change<Int>
  public var bestStreak: Change<Int>
  public var personalRecords: Change<Int>
  public var evolutions: Change<Int>
  public var quests: Change<Int>

  /// Creates a correction.
  public init(
    reason: String, replayed: Int, xp: Change<Int64>, level: Change<Int>, unlocked: [String], withdrawn: [String],
    streak: Change<Int>, bestStreak: Change<Int>, personalRecords: Change<Int>, evolutions: Change<Int>, quests: Change<Int>
  ) {
    self.reason = reason
    self.replayed = replayed
    self.xp = xp
    self.level = level
    self.unlocked = unlocked
    self.withdrawn = withdrawn
    self.streak = streak
    self.bestStreak = bestStreak
    self.personalRecords = personalRecords
    self.evolutions = evolutions
    self.quests = quests
  }

  func write(_ w: inout JSONWriter) {
    w.field("reason", reason)
    w.field("replayed", replayed)
    func change<T: BinaryInteger>(_ key: String, _ value: Change<T>) {
      w.key(key)
      w.object { w in
        w.field("from", value.from)
        w.field("to", value.to)
      }
    }
    change("xp", xp)
    change("level", level)
    for (key, list) in [("unlocked", unlocked), ("withdrawn", withdrawn)] {
      w.key(key)
      w.array { w in
        for item in list { w.string(item) }
      }
    }
    change("streak", streak)
    change("bestStreak", bestStreak)
    change("personalRecords", personalRecords)
    change("evolutions", evolutions)
    change("quests", quests)
  }

  var explanation: String {
    var parts = ["total XP \(xp.from) → \(xp.to)"]
    if level.from != level.to { parts.append("level \(level.from) → \(level.to)") }
    if !unlocked.isEmpty { parts.append("unlocked \(unlocked.joined(separator: ", "))") }
    if !withdrawn.isEmpty { parts.append("withdrawn \(withdrawn.joined(separator: ", "))") }
    if streak.from != streak.to { parts.append("streak \(streak.from) → \(streak.to)") }
    return "\(reason == "retraction" ? "retracted" : "placed in date order"); \(replayed) later event(s) replayed: "
      + parts.joined(separator: "; ")
  }

  var token: String { "correction \(xp.from) → \(xp.to) XP" }
}
