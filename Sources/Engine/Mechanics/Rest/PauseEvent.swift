import RuleLanguage

/// A pause the player declares (illness, travel): the days from `from` to `to` do not break the
/// streak, within the limits of the pack's rest.json.
///
/// `{"type":"pause","id":"p1","date":"2026-03-02","from":"2026-03-02","to":"2026-03-08"}`
public struct PauseEvent: MechanicEvent {
  /// `"pause"`.
  public static let type = "pause"
  /// `from`, `to`.
  public static let fields = ["from", "to"]

  /// The first paused day.
  public var from: Day
  /// The last paused day.
  public var to: Day

  /// Creates a pause.
  public init(from: Day, to: Day) {
    self.from = from
    self.to = to
  }

  /// Reads `from` and `to`.
  public init(fields: inout EventFields) throws(EventDecodingError) {
    from = try fields.date("from")
    to = try fields.date("to")
  }

  /// Writes `from` and `to`.
  public func write(_ writer: inout JSONWriter) {
    writer.field("from", from.iso)
    writer.field("to", to.iso)
  }

  /// `to` on or after `from`, at most 366 days; with a pack: pauses allowed, `from` at most
  /// `maxDaysBack` before the event's date and `to` at most `maxDaysAhead` after it.
  public func validate(on day: Day, against pack: RulePack?) throws(EventError) {
    guard from <= to else { throw EventError("to", "'to' (\(to.iso)) must be on or after 'from' (\(from.iso))") }
    guard to.number - from.number < RestRules.maximumPause else {
      throw EventError(
        "to", "a pause lasts at most \(RestRules.maximumPause) days; this one lasts \(to.number - from.number + 1)")
    }
    guard let pack else { return }
    guard let limits = pack.rest?.pauses else {
      throw EventError("type", "this rule pack allows no pauses (its rest.json has no 'pauses')")
    }
    guard from >= day.adding(-limits.maxDaysBack) else {
      throw EventError(
        "from",
        "a pause may start at most \(limits.maxDaysBack) days before the event's date (\(day.adding(-limits.maxDaysBack).iso)); found \(from.iso)"
      )
    }
    guard to <= day.adding(limits.maxDaysAhead) else {
      throw EventError(
        "to",
        "a pause may end at most \(limits.maxDaysAhead) days after the event's date (\(day.adding(limits.maxDaysAhead).iso)); found \(to.iso)"
      )
    }
  }
}

extension Event {
  /// A pause of the days from `from` to `to` (a rest mechanic's event).
  public static func pause(id: String, day: Day, player: String? = nil, from: Day, to: Day) -> Event {
    Event(id: id, day: day, player: player, kind: .mechanic(PauseEvent(from: from, to: to)))
  }
}
