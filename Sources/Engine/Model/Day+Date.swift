import Foundation

extension Day {
  /// The day a moment falls on in a calendar (its time zone decides where midnight is): how an
  /// app turns "now" or a workout's start time into the day it belongs to. The engine itself
  /// never reads a clock.
  public init(_ date: Date, in calendar: Calendar) {
    var gregorian = Calendar(identifier: .gregorian)
    gregorian.timeZone = calendar.timeZone
    let parts = gregorian.dateComponents([.year, .month, .day], from: date)
    self.init(validYear: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
