// Streaks count training days. A new training day extends the streak when the rest days since
// the last one are within the grace days, or can be bridged by freezes (one per missing day);
// otherwise (the calendar already broke it) it starts again at 1. Freezes are earned each time
// the streak reaches a multiple of `earnEvery`, up to `max`.

extension Engine {
  func updateStreak(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) {
    let day = step.day
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
    awards.append(
      .streak(
        StreakUpdate(
          eventID: step.eventID, day: day, change: change, current: streak.current, best: streak.best,
          freezesUsed: used, freezeEarned: earned, freezes: streak.freezes)))
  }
}
