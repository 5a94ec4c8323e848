import RuleLanguage

/// The streak of training days changed.
public struct StreakUpdate: AwardPayload, RecordedAward, FieldListPayload {
  /// `"streak"`.
  public static let type = "streak"

  /// What happened to the streak.
  public enum Change: String, Sendable, Hashable, Codable, BitwiseCopyable {
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

  /// Writes `change`, `current`, `best`, `freezes`, then `freezesUsed` and `freezeEarned` when
  /// they happened.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("change", change.rawValue)
    w.field("current", current)
    w.field("best", best)
    w.field("freezes", freezes)
    if freezesUsed > 0 { w.field("freezesUsed", freezesUsed) }
    if freezeEarned { w.field("freezeEarned", true) }
  }

  /// "streak extended to 7 days (best 7), freeze earned (1 held)".
  public var explanation: String {
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

  /// "/extended".
  public func subject(in award: Award) -> String { "/\(change.rawValue)" }
  /// "streak 7" or "streak broken".
  public func token(in award: Award) -> String { change == .broken ? "streak broken" : "streak \(current)" }

  package func payload(in log: borrowing AwardLog, pack: RulePack) -> StreakUpdate { self }
}
