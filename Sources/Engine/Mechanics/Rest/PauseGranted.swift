import RuleLanguage

extension Recorded {
  /// A pause: what was asked, the days granted and refused, the days paused in the quarter of its
  /// first day afterwards.
  package struct Pause: Sendable {
    package var from: Day
    package var to: Day
    package var granted: Int
    package var refused: Int
    package var quarterDays: Int
  }
}

extension Recorded.Pause: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> PauseGranted {
    PauseGranted(
      from: from, to: to, days: granted, refused: refused, quarterDays: quarterDays,
      limit: pack.rest?.pauses?.maxDaysPerQuarter ?? 0)
  }
}

/// A pause the player asked for, and how much of it was granted.
public struct PauseGranted: AwardPayload, FieldListPayload {
  /// `"pause"`.
  public static let type = "pause"

  /// The first day asked for.
  public var from: Day
  /// The last day asked for.
  public var to: Day
  /// Days newly paused.
  public var days: Int
  /// Days refused: their quarter had reached the limit.
  public var refused: Int
  /// Days paused in the quarter of `from`, this pause included.
  public var quarterDays: Int
  /// The pack's limit of paused days a quarter.
  public var limit: Int

  /// Creates the award.
  public init(from: Day, to: Day, days: Int, refused: Int, quarterDays: Int, limit: Int) {
    self.from = from
    self.to = to
    self.days = days
    self.refused = refused
    self.quarterDays = quarterDays
    self.limit = limit
  }

  /// Writes `from`, `to`, `days`, `refused`, `quarterDays`, `limit`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("from", from.iso)
    w.field("to", to.iso)
    w.field("days", days)
    w.field("refused", refused)
    w.field("quarterDays", quarterDays)
    w.field("limit", limit)
  }

  /// "paused 2026-03-02 to 2026-03-08: 7 days (7 of 14 this quarter)", then the days refused.
  public var explanation: String {
    var text =
      "paused \(from.iso) to \(to.iso): \(days) day\(days == 1 ? "" : "s") (\(quarterDays) of \(limit) this quarter)"
    if refused > 0 {
      text += "; \(refused) day\(refused == 1 ? "" : "s") over the limit of \(limit) a quarter not paused"
    }
    return text
  }

  /// "/2026-03-02/2026-03-08".
  public func subject(in award: Award) -> String { "/\(from.iso)/\(to.iso)" }
  /// "pause 7 days".
  public func token(in award: Award) -> String { "pause \(days) days" }
}
