import RuleLanguage

/// `period.*` mirror the player's totals over the quest's period (its day or its ISO week).
enum QuestFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    typealias C = FactAccess
    var facts: [Fact] = [
      Fact("player.quests", .number, FactScope.all, "quests completed", monotonic: true, changes: .workouts) { p, _, _ in
        Double(C.progress(p).pointee.quests.completions)
      },
      Fact("period.workouts", .number, [.quest], "workouts in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? Double(periods[index].workouts) : 0
      },
      Fact("period.minutes", .number, [.quest], "minutes trained in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? periods[index].minutes : 0
      },
      Fact("period.volumeKg", .number, [.quest], "volume lifted in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? periods[index].volumeKg : 0
      },
      Fact("period.sets", .number, [.quest], "sets in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? Double(periods[index].sets) : 0
      },
      Fact("period.reps", .number, [.quest], "reps in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? Double(periods[index].reps) : 0
      },
      Fact("period.xp", .number, [.quest], "workout XP earned in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? Double(periods[index].xp) : 0
      },
      Fact("period.activeKcal", .number, [.quest], "active energy in the quest's period") { p, c, _ in
        let periods = C.progress(p).pointee.quests.periods
        let index = C.context(c).pointee.questPeriod
        return index < periods.count ? periods[index].activeKcal : 0
      },
    ]
    for (index, category) in names.categories.enumerated() {
      facts.append(
        Fact("period.workouts.\(category)", .number, [.quest], "\(category) workouts in the quest's period", argument: index) { p, c, a in
          let periods = C.progress(p).pointee.quests.periods
          let index = C.context(c).pointee.questPeriod
          return index < periods.count && a < periods[index].categoryWorkouts.count ? Double(periods[index].categoryWorkouts[a]) : 0
        })
      facts.append(
        Fact("period.minutes.\(category)", .number, [.quest], "\(category) minutes in the quest's period", argument: index) { p, c, a in
          let periods = C.progress(p).pointee.quests.periods
          let index = C.context(c).pointee.questPeriod
          return index < periods.count && a < periods[index].categoryMinutes.count ? periods[index].categoryMinutes[a] : 0
        })
    }
    return facts
  }
}
