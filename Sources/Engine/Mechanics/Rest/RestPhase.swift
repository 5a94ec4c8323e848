// Rest days and vacations. A pause event grants its days one by one, in order, while the
// quarter each falls in has room under `maxDaysPerQuarter` (days already paused are not counted
// twice); the days over the limit are refused, and said so. When a day opens, the rest days
// since the streak's last counted day — paused days and planned weekly rest days — are not
// missed days: the streak's last day moves past them (before the streak is checked), so they
// neither break it nor extend it.

extension Engine {
  /// A pause event: grants its days within the limits (before the day opens, so that a pause
  /// covering the days since the last workout keeps the streak).
  func requestPause(
    _ pause: PauseEvent, _ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog
  ) {
    guard let limits = pack.rest?.pauses else { return }
    var rest = state.rest
    var granted = 0
    var refused = 0
    var day = pause.from
    while day <= pause.to {
      defer { day = day.adding(1) }
      if rest.isPaused(day) { continue }
      let quarter = day.quarter
      let index = rest.quarters.firstIndex { $0.quarter == quarter }
      let used = index.map { rest.quarters[$0].days } ?? 0
      guard used < limits.maxDaysPerQuarter else {
        refused += 1
        continue
      }
      if let index {
        rest.quarters[index].days += 1
      } else {
        rest.quarters.append(QuarterDays(quarter: quarter, days: 1))
      }
      rest.add(day)
      granted += 1
    }
    rest.pausedDays += granted
    if granted > 0 { rest.pauses += 1 }
    // Keep what a later pause or the streak can still reach: a year back.
    let horizon = context.day.adding(-RestRules.maximumPause)
    rest.paused.removeAll { $0.to < horizon }
    rest.quarters.removeAll { $0.quarter < horizon.quarter }
    rest.quarters.sort { $0.quarter < $1.quarter }
    state.rest = rest
    if log.isRecording {
      let quarterDays = rest.quarters.first { $0.quarter == pause.from.quarter }?.days ?? 0
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.Pause(from: pause.from, to: pause.to, granted: granted, refused: refused, quarterDays: quarterDays)))
    }
  }

  /// Counts the rest days since the streak's last counted day as not missed (see above).
  @inline(__always)
  func excuseRestDays(_ context: inout EventContext, _ state: inout PlayerProgress) {
    guard let rules = pack.rest, state.streak.current > 0, let last = state.streak.lastDay else { return }
    let start = max(last, state.rest.excusedThrough ?? last).adding(1)
    let end = context.day.adding(-1)
    state.rest.excusedThrough = max(end, state.rest.excusedThrough ?? end)
    guard start <= end else { return }
    let excused =
      Day.weekdays(rules.restWeekdays, from: start, to: end)
      + state.rest.pausedDays(from: start, to: end, except: rules.restWeekdays)
    if excused > 0 { state.streak.lastDay = last.adding(excused) }
  }
}

extension RestState {
  /// Adds one day to the paused ranges, merging neighbours.
  mutating func add(_ day: Day) {
    let index = paused.firstIndex { $0.from > day } ?? paused.count
    let joinsBefore = index > 0 && paused[index - 1].to.adding(1) == day
    let joinsAfter = index < paused.count && paused[index].from.adding(-1) == day
    switch (joinsBefore, joinsAfter) {
    case (true, true):
      paused[index - 1].to = paused[index].to
      paused.remove(at: index)
    case (true, false): paused[index - 1].to = day
    case (false, true): paused[index].from = day
    case (false, false): paused.insert(DayRange(from: day, to: day), at: index)
    }
  }
}
