/// What the player paused: the paused days still relevant (as ranges), the days paused per
/// calendar quarter (for the limit), lifetime counts, and how far rest days were counted for the
/// streak.
public struct RestState: Sendable, Equatable, Codable, Hashable {
  /// Paused days, as sorted, disjoint ranges (those ending within the last year).
  public package(set) var paused: [DayRange] = []
  /// Paused days per calendar quarter, for quarters a pause can still reach.
  public package(set) var quarters: [QuarterDays] = []
  /// Days paused over the player's life.
  public package(set) var pausedDays = 0
  /// Pauses granted (at least one day each).
  public package(set) var pauses = 0
  /// The last day whose rest days were counted for the streak.
  public package(set) var excusedThrough: Day?

  /// Creates an empty rest state.
  public init() {}

  /// Whether a day is paused.
  public func isPaused(_ day: Day) -> Bool {
    paused.contains { $0.from <= day && day <= $0.to }
  }

  /// The paused days from `from` to `to` (both included) that are not also planned weekdays of
  /// rest in `restWeekdays`.
  func pausedDays(from: Day, to: Day, except restWeekdays: [Int] = []) -> Int {
    guard from <= to else { return 0 }
    var count = 0
    for range in paused where range.to >= from && range.from <= to {
      let first = max(range.from, from)
      let last = min(range.to, to)
      count += last.number - first.number + 1
      if !restWeekdays.isEmpty { count -= Day.weekdays(restWeekdays, from: first, to: last) }
    }
    return count
  }
}

/// Consecutive days, both ends included.
public struct DayRange: Sendable, Equatable, Codable, Hashable {
  /// The first day.
  public package(set) var from: Day
  /// The last day.
  public package(set) var to: Day

  /// Creates a range.
  public init(from: Day, to: Day) {
    self.from = from
    self.to = to
  }
}

/// The days paused in a calendar quarter.
public struct QuarterDays: Sendable, Equatable, Codable, Hashable {
  /// The quarter: year × 4 + its index (0 for January–March).
  public package(set) var quarter: Int
  /// Days paused in it.
  public package(set) var days: Int

  /// Creates a quarter's count.
  public init(quarter: Int, days: Int) {
    self.quarter = quarter
    self.days = days
  }
}

extension Day {
  /// The calendar quarter of the day: year × 4 + (month − 1) / 3.
  var quarter: Int {
    let (year, month, _) = civil
    return year * 4 + (month - 1) / 3
  }

  /// How many days from `from` to `to` (both included) fall on the given ISO weekdays.
  static func weekdays(_ weekdays: [Int], from: Day, to: Day) -> Int {
    guard from <= to, !weekdays.isEmpty else { return 0 }
    let length = to.number - from.number + 1
    var count = length / 7 * weekdays.count
    var day = from.adding(length / 7 * 7)
    while day <= to {
      if weekdays.contains(day.weekday) { count += 1 }
      day = day.adding(1)
    }
    return count
  }
}

enum RestFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact(
        "player.pausedDays", .number, FactScope.all, "days paused (vacations, illness)", monotonic: true,
        player: \.rest.pausedDays),
      Fact("player.pauses", .number, FactScope.all, "pauses granted", monotonic: true, player: \.rest.pauses),
    ]
  }
}
