// The calendar: opening a day settles the previous one (its nutrition target), starts a new ISO
// week, and breaks a streak whose rest days exceed the grace days plus the freezes held.

extension Engine {
  func openDay(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    let day = step.day
    if let open = state.today.day, open == day { return }
    if let open = state.today.day, !state.today.isClosed {
      try settleTarget(of: open, &step, &state, &awards)
    }
    state.today = DayState()
    state.today.day = day
    if state.week.week != day.week {
      state.week = WeekState()
      state.week.week = day.week
    }
    let streak = state.streak
    if streak.current > 0, let last = streak.lastDay {
      let restDays = day.number - last.number - 1
      if restDays > pack.streaks.graceDays + streak.freezes {
        state.streak.current = 0
        awards.append(
          .streak(
            StreakUpdate(
              eventID: step.eventID, day: day, change: .broken, current: 0, best: streak.best,
              freezes: streak.freezes)))
      }
    }
  }

  /// A `dayClosed` event: settles the day now rather than when a later day opens.
  func closeDay(_ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award]) throws(EngineError) {
    guard !state.today.isClosed, let day = state.today.day else { return }
    try settleTarget(of: day, &step, &state, &awards)
  }

  func logIntake(_ log: NutritionLog, _ state: inout PlayerState) {
    if state.today.intakeKcal == nil { state.totals.nutritionDays += 1 }
    state.today.intakeKcal = (state.today.intakeKcal ?? 0) + log.intakeKcal
  }
}
