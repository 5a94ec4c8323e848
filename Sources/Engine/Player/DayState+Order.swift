extension DayState {
  /// Whether an event of `day` comes in date order after this day: a later day, or this day while
  /// it is open. The one place the order is decided: the reducer refuses other events
  /// (``EngineError/outOfOrder(day:openDay:isClosed:)``), a player's history places them among
  /// the kept ones.
  @inline(__always)
  package func admits(_ day: Day) -> Bool {
    guard let open = self.day else { return true }
    return day > open || (day == open && !isClosed)
  }
}
