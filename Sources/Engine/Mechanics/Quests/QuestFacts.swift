import RuleLanguage

/// `period.*` mirror the player's totals over the quest's period (its day or its ISO week).
enum QuestFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    typealias C = FactAccess
    var facts: [Fact] = [
      Fact("player.quests", .number, FactScope.all, "quests completed", monotonic: true, changes: .workouts) {
        p, _, _ in
        Double(C.progress(p).pointee.quests.completions)
      },
      Fact("period.workouts", .number, [.quest], "workouts in the quest's period") { p, c, _ in
        Double(QuestFacts.period(p, c)?.workouts ?? 0)
      },
      Fact("period.minutes", .number, [.quest], "minutes trained in the quest's period") { p, c, _ in
        QuestFacts.period(p, c)?.minutes ?? 0
      },
      Fact("period.volumeKg", .number, [.quest], "volume lifted in the quest's period") { p, c, _ in
        QuestFacts.period(p, c)?.volumeKg ?? 0
      },
      Fact("period.sets", .number, [.quest], "sets in the quest's period") { p, c, _ in
        Double(QuestFacts.period(p, c)?.sets ?? 0)
      },
      Fact("period.reps", .number, [.quest], "reps in the quest's period") { p, c, _ in
        Double(QuestFacts.period(p, c)?.reps ?? 0)
      },
      Fact("period.xp", .number, [.quest], "workout XP earned in the quest's period") { p, c, _ in
        Double(QuestFacts.period(p, c)?.xp ?? 0)
      },
      Fact("period.activeKcal", .number, [.quest], "active energy in the quest's period") { p, c, _ in
        QuestFacts.period(p, c)?.activeKcal ?? 0
      },
    ]
    for (index, category) in names.categories.enumerated() {
      facts.append(
        Fact(
          "period.workouts.\(category)", .number, [.quest], "\(category) workouts in the quest's period",
          argument: index
        ) { p, c, a in
          QuestFacts.period(p, c).map { a < $0.categoryWorkouts.count ? Double($0.categoryWorkouts[a]) : 0 } ?? 0
        })
      facts.append(
        Fact(
          "period.minutes.\(category)", .number, [.quest], "\(category) minutes in the quest's period", argument: index
        ) { p, c, a in
          QuestFacts.period(p, c).map { a < $0.categoryMinutes.count ? $0.categoryMinutes[a] : 0 } ?? 0
        })
    }
    return facts
  }

  /// The totals of the period a quest is being checked for.
  static func period(_ progress: UnsafeRawPointer, _ context: UnsafeRawPointer) -> PeriodTotals? {
    let periods = FactAccess.progress(progress).pointee.quests.periods
    let index = FactAccess.context(context).pointee.questPeriod
    return index < periods.count ? periods[index] : nil
  }
}
