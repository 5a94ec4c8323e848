// Streaks count training days. A new training day extends the streak when the rest days since
// the last one are within the grace days, or can be bridged by freezes (one per missing day);
// otherwise (the calendar already broke it) it starts again at 1. Freezes are earned each time
// the streak reaches a multiple of `earnEvery`, up to `max`. Opening a day breaks a streak whose
// rest days exceed the grace days plus the freezes held.

extension Engine {
  /// Breaks the streak when the day just opened is too far from the last training day.
  @inline(__always)
  func breakLapsedStreak(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) {
    let streak = state.streak
    guard streak.current > 0, let last = streak.lastDay else { return }
    let restDays = context.day.number - last.number - 1
    if restDays > pack.streaks.graceDays + streak.freezes {
      state.streak.current = 0
      if log.isRecording {
        log.append(
          AwardRecord(
            day: context.day, StreakUpdate(change: .broken, current: 0, best: streak.best, freezes: streak.freezes)))
      }
    }
  }

  @inline(__always)
  func updateStreak(_ context: inout EventContext, _ state: inout PlayerProgress, _ log: inout AwardLog) {
    let day = context.day
    var streak = state.streak
    if streak.lastDay == day { return }
    var change = StreakUpdate.Change.started
    var used = 0
    if streak.current > 0, let last = streak.lastDay {
      let missing = day.number - last.number - 1 - pack.streaks.graceDays
      if missing <= 0 {
        change = .extended
      } else if missing <= streak.freezes {
        used = missing
        change = .extended
      }
    }
    streak.freezes -= used
    streak.current = change == .extended ? streak.current + 1 : 1
    streak.best = max(streak.best, streak.current)
    streak.lastDay = day
    var earned = false
    let rules = pack.streaks
    if rules.freezeEvery > 0, streak.current % rules.freezeEvery == 0, streak.freezes < rules.maxFreezes {
      streak.freezes += 1
      earned = true
    }
    state.streak = streak
    if log.isRecording {
      log.append(
        AwardRecord(
          day: day,
          StreakUpdate(
            change: change, current: streak.current, best: streak.best, freezesUsed: used, freezeEarned: earned,
            freezes: streak.freezes)))
    }
  }
}
