import RuleLanguage

/// Rest days and vacations (rest.json): planned weekly rest days, and pauses a player declares
/// (illness, travel) within the pack's limits. Neither breaks the streak of training days; a
/// paused week does not break a weekly goal's streak either.
public final class RestRules: Sendable {
  /// ISO weekdays (1 Monday … 7 Sunday) that are planned rest days.
  public let restWeekdays: [Int]
  /// The limits of pauses, when the pack allows them.
  public let pauses: PauseLimits?

  init(restWeekdays: [Int], pauses: PauseLimits?) {
    self.restWeekdays = restWeekdays
    self.pauses = pauses
  }

  /// How much a player may pause.
  public struct PauseLimits: Sendable {
    /// The most paused days a calendar quarter (January–March, …) holds.
    public let maxDaysPerQuarter: Int
    /// How many days after the event's date a pause may end.
    public let maxDaysAhead: Int
    /// How many days before the event's date a pause may start.
    public let maxDaysBack: Int
  }

  /// The longest pause one event may ask for, in days.
  static let maximumPause = 366

  /// Whether a weekday (1 Monday … 7 Sunday) is a planned rest day.
  @inline(__always)
  func isRestWeekday(_ weekday: Int) -> Bool { restWeekdays.contains(weekday) }

  /// Reads rest.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> RestRules? {
    guard let object = decoder.documents["rest"]?.object else { return nil }
    defer { object.finish() }
    var weekdays: [Int] = []
    if let node = object.optional("restWeekdays"), let list = node.array {
      for entry in list {
        guard let weekday = entry.integer(in: 1...7) else { continue }
        if weekdays.contains(weekday) {
          entry.error("weekday \(weekday) is listed twice")
        } else {
          weekdays.append(weekday)
        }
      }
      if weekdays.count == 7 { node.error("every day of the week is a rest day; leave at least one training day") }
    }
    var limits: PauseLimits?
    if let fields = object.optional("pauses")?.object {
      defer { fields.finish() }
      let perQuarter = fields.required("maxDaysPerQuarter")?.integer(in: 1...92)
      let ahead = fields.optional("maxDaysAhead")?.integer(in: 0...maximumPause) ?? 60
      let back = fields.optional("maxDaysBack")?.integer(in: 0...maximumPause) ?? 7
      if let perQuarter { limits = PauseLimits(maxDaysPerQuarter: perQuarter, maxDaysAhead: ahead, maxDaysBack: back) }
    }
    return RestRules(restWeekdays: weekdays.sorted(), pauses: limits)
  }
}
