import RuleLanguage

/// The streak of training days changed.
public struct StreakUpdate: Sendable, Hashable, Codable {
  /// What happened to the streak.
  public enum Change: String, Sendable, Hashable, Codable {
    case started, extended, broken
  }

  /// What happened to the streak.
  public var change: Change
  /// The streak after the event.
  public var current: Int
  /// The best streak after the event.
  public var best: Int
  /// Freezes spent to bridge missed days.
  public var freezesUsed: Int
  /// Whether a freeze was earned.
  public var freezeEarned: Bool
  /// Freezes held after the change.
  public var freezes: Int

  /// Creates a streak update.
  public init(
    change: Change, current: Int, best: Int, freezesUsed: Int = 0, freezeEarned: Bool = false, freezes: Int = 0
  ) {
    self.change = change
    self.current = current
    self.best = best
    self.freezesUsed = freezesUsed
    self.freezeEarned = freezeEarned
    self.freezes = freezes
  }

  enum CodingKeys: String, CodingKey {
    case change, current, best, freezes, freezesUsed, freezeEarned
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    change = try container.decode(Change.self, forKey: .change)
    current = try container.decode(Int.self, forKey: .current)
    best = try container.decode(Int.self, forKey: .best)
    freezes = try container.decode(Int.self, forKey: .freezes)
    freezesUsed = try container.decodeIfPresent(Int.self, forKey: .freezesUsed) ?? 0
    freezeEarned = try container.decodeIfPresent(Bool.self, forKey: .freezeEarned) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(current, forKey: .current)
    try container.encode(best, forKey: .best)
    try container.encode(freezes, forKey: .freezes)
    if freezesUsed > 0 { try container.encode(freezesUsed, forKey: .freezesUsed) }
    if freezeEarned { try container.encode(true, forKey: .freezeEarned) }
  }

  func write(_ w: inout JSONWriter) {
    w.field("change", change.rawValue)
    w.field("current", current)
    w.field("best", best)
    w.field("freezes", freezes)
    if freezesUsed > 0 { w.field("freezesUsed", freezesUsed) }
    if freezeEarned { w.field("freezeEarned", true) }
  }

  var explanation: String {
    switch change {
    case .broken: return "streak broken (best \(best))"
    case .started: return "streak started: 1 day (best \(best))"
    case .extended:
      var text = "streak extended to \(current) days (best \(best))"
      if freezesUsed > 0 { text += ", \(freezesUsed) freeze\(freezesUsed == 1 ? "" : "s") used" }
      if freezeEarned { text += ", freeze earned (\(freezes) held)" }
      return text
    }
  }

  var token: String { change == .broken ? "streak broken" : "streak \(current)" }
}
