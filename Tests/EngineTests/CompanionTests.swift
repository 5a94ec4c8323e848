import Engine
import Testing

/// Companions on the `mini` pack: cinder (fire, strength affinity) evolves into flame at level 3,
/// flame into blaze at level 4 once the player has 3 workouts; companion XP is half the workout's
/// XP (rounded half away from zero) plus 10 on affinity; companion levels at 10, 30, 60, 100 XP;
/// stat = base + growth × profile × (level − 1). Achievements: "first" (1 workout, +10 XP),
/// "level" (tiers at level 2: +30, level 3: +5), "mixed" (a cardio and a strength workout).
@Suite struct CompanionTests {
  let engine: Engine
  let monday = Fixture.monday
  let sunday = Fixture.day(-1)

  init() throws {
    engine = try Fixture.engine("mini")
  }

  @Test func firstWorkoutRunsEveryPhaseInPipelineOrder() throws {
    var state = engine.newProgress()
    let awards = try engine.apply(Fixture.workout("w1", monday), to: &state)
    #expect(
      awards == [
        Award("w1", monday, StreakUpdate(change: .started, current: 1, best: 1)),
        // (10 + 30) × 2 = 80, + 3 for the first workout of the week.
        Award(
          "w1", monday,
          XPAward(
            xp: 83, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("week", 3)], uncapped: 83)),
        Award("w1", monday, CompanionJoined(species: "cinder", element: "fire", isDefaultStarter: true)),
        // round(83 × 0.5) = 42, + 10 affinity (fire loves strength) = 52: levels 2 (10) and 3 (30).
        Award("w1", monday, CompanionXPAward(species: "cinder", xp: 52, share: 42, affinityBonus: 10, total: 52)),
        Award(
          "w1", monday,
          CompanionLevelUp(
            species: "cinder", level: 2, threshold: 10, stats: Stats(hp: 12, attack: 6, defense: 5, speed: 7))),
        Award(
          "w1", monday,
          CompanionLevelUp(
            species: "cinder", level: 3, threshold: 30, stats: Stats(hp: 14, attack: 7, defense: 6, speed: 8))),
        // Level 3 ≥ 3: cinder becomes flame on the same event; flame's stats at level 3.
        Award(
          "w1", monday,
          Evolution(
            from: "cinder", to: "flame", level: 3, atLevel: 3, condition: nil, values: [],
            stats: Stats(hp: 26, attack: 14, defense: 10, speed: 12))),
        Award("w1", monday, LevelUp(level: 2, threshold: 50, xp: 83)),
        // Round 1 unlocks "first" (+10 → 93) and "level" tier Two (+30 → 123, level 3);
        // round 2 unlocks tier Three (+5 → 128): reward XP cascading into another unlock.
        Award(
          "w1", monday,
          AchievementUnlock(
            id: "first", name: "First", tier: 1, rewardXP: 10,
            condition: "player.workouts >= 1", values: [Contribution("player.workouts", 1)])),
        Award(
          "w1", monday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 1, tierName: "Two", rewardXP: 30,
            condition: "player.level >= 2", values: [Contribution("player.level", 2)])),
        Award("w1", monday, LevelUp(level: 3, threshold: 120, xp: 123)),
        Award(
          "w1", monday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 2, tierName: "Three", rewardXP: 5,
            condition: "player.level >= 3", values: [Contribution("player.level", 3)])),
      ])
    var expected = engine.newProgress()
    expected.xp = 128
    expected.level = 3
    expected.totals.workouts = 1
    expected.totals.minutes = 30
    expected.totals.activeDays = 1
    expected.totals.achievements = 3
    expected.totals.evolutions = 1
    expected.streak.current = 1
    expected.streak.best = 1
    expected.streak.lastDay = monday
    expected.today.day = monday
    expected.today.xp = 83
    expected.today.workouts = 1
    expected.week.week = monday.week
    expected.week.workouts = 1
    expected.firstWeek = monday.week
    expected.categories[0].workouts = 1
    expected.categories[0].minutes = 30
    expected.achievements[0].tier = 1
    expected.achievements[0].unlockedOn = monday
    expected.achievements[1].tier = 2
    expected.achievements[1].unlockedOn = monday
    var flame = Companion(species: "flame", stats: Stats(hp: 26, attack: 14, defense: 10, speed: 12), joinedOn: monday)
    flame.level = 3
    flame.xp = 52
    flame.evolutions = 1
    expected.companions.members = [flame]
    expected.companions.active = 0
    #expect(state == expected)
  }

  /// A player who trained strength on Sunday (a closed day), with a companion.
  func playerWith(_ companion: Companion, workouts: Int) -> PlayerProgress {
    var state = engine.newProgress()
    state.totals.workouts = workouts
    state.totals.minutes = 30 * Double(workouts)
    state.totals.activeDays = workouts
    state.categories[0].workouts = workouts
    state.categories[0].minutes = 30 * Double(workouts)
    state.totals.evolutions = companion.evolutions
    state.streak.current = 1
    state.streak.best = 1
    state.streak.lastDay = sunday
    state.today.day = sunday
    state.today.isClosed = true
    state.today.workouts = 1
    state.week.week = sunday.week
    state.week.workouts = workouts
    state.firstWeek = sunday.week
    state.achievements[0].tier = 1
    state.achievements[0].unlockedOn = sunday
    state.totals.achievements = 1
    state.companions.members = [companion]
    state.companions.active = 0
    return state
  }

  @Test func evolutionBlockedByItsConditionFiresLater() throws {
    var flame = Companion(species: "flame", stats: Stats(hp: 29, attack: 16, defense: 11, speed: 13), joinedOn: sunday)
    flame.level = 4
    flame.xp = 60
    flame.evolutions = 1
    var state = playerWith(flame, workouts: 1)

    // Monday, cardio: the player reaches 2 workouts; flame is level 4 but needs 3 workouts.
    let first = try engine.apply(Fixture.workout("a", monday, "cardio"), to: &state)
    #expect(
      first == [
        Award("a", monday, StreakUpdate(change: .extended, current: 2, best: 2)),
        Award(
          "a", monday,
          XPAward(
            xp: 38, raw: 35, rounded: 35,
            terms: [Contribution("base", 5), Contribution("duration", 30)], factors: [Contribution("category", 1)],
            bonuses: [Contribution("week", 3)], uncapped: 38)),
        Award("a", monday, CompanionXPAward(species: "flame", xp: 19, share: 19, affinityBonus: 0, total: 79)),
        Award(
          "a", monday,
          AchievementUnlock(
            id: "mixed", name: "Mixed", tier: 1, rewardXP: 0,
            condition: "player.workouts.cardio >= 1 && player.workouts.strength >= 1",
            values: [Contribution("player.workouts.strength", 1), Contribution("player.workouts.cardio", 1)])),
      ])
    var afterFirst = playerWith(flame, workouts: 1)
    afterFirst.xp = 38
    afterFirst.totals.workouts = 2
    afterFirst.totals.minutes = 60
    afterFirst.totals.activeDays = 2
    afterFirst.totals.achievements = 2
    afterFirst.categories[1].workouts = 1
    afterFirst.categories[1].minutes = 30
    afterFirst.streak.current = 2
    afterFirst.streak.best = 2
    afterFirst.streak.lastDay = monday
    afterFirst.today = DayState()
    afterFirst.today.day = monday
    afterFirst.today.xp = 38
    afterFirst.today.workouts = 1
    afterFirst.week.week = monday.week
    afterFirst.week.workouts = 1
    afterFirst.achievements[2].tier = 1
    afterFirst.achievements[2].unlockedOn = monday
    afterFirst.companions.members[0].xp = 79
    #expect(state == afterFirst)

    // Tuesday, strength: 3 workouts now; flame levels to 5 and evolves into blaze (stage 3).
    let tuesday = Fixture.day(1)
    let second = try engine.apply(Fixture.workout("b", tuesday), to: &state)
    #expect(
      second == [
        // Monday is settled when Tuesday opens: no activity (−10%), no intake data (0%).
        Award(
          "b", monday,
          NutritionTarget(
            targets: MacroTargets(kcal: 1800, proteinG: 90, carbsG: 180, fatG: 45),
            adjustment: -0.1, unclamped: -0.1, isClamped: false,
            signals: [Contribution("activity", -0.1), Contribution("intake", 0)])),
        Award("b", tuesday, StreakUpdate(change: .extended, current: 3, best: 3, freezeEarned: true, freezes: 1)),
        Award(
          "b", tuesday,
          XPAward(
            xp: 83, raw: 80, rounded: 80,
            terms: [Contribution("base", 10), Contribution("duration", 30)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("streak", 3)], uncapped: 83)),
        Award("b", tuesday, CompanionXPAward(species: "flame", xp: 52, share: 42, affinityBonus: 10, total: 131)),
        Award(
          "b", tuesday,
          CompanionLevelUp(
            species: "flame", level: 5, threshold: 100, stats: Stats(hp: 32, attack: 18, defense: 12, speed: 14))),
        Award(
          "b", tuesday,
          Evolution(
            from: "flame", to: "blaze", level: 5, atLevel: 4, condition: "player.workouts >= 3",
            values: [Contribution("player.workouts", 3)], stats: Stats(hp: 56, attack: 32, defense: 23, speed: 23))),
        Award("b", tuesday, LevelUp(level: 2, threshold: 50, xp: 121)),
        Award("b", tuesday, LevelUp(level: 3, threshold: 120, xp: 121)),
        Award(
          "b", tuesday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 1, tierName: "Two", rewardXP: 30,
            condition: "player.level >= 2", values: [Contribution("player.level", 3)])),
        Award(
          "b", tuesday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 2, tierName: "Three", rewardXP: 5,
            condition: "player.level >= 3", values: [Contribution("player.level", 3)])),
      ])
    guard let target = second[0].payload(as: NutritionTarget.self) else {
      Issue.record("expected a target first"); return
    }
    #expect(target.rationale == "\u{2212}10%: activity \u{2212}10%")  // the signals that moved
    var afterSecond = afterFirst
    afterSecond.xp = 156
    afterSecond.level = 3
    afterSecond.totals.workouts = 3
    afterSecond.totals.minutes = 90
    afterSecond.totals.activeDays = 3
    afterSecond.totals.achievements = 4
    afterSecond.totals.evolutions = 2
    afterSecond.categories[0].workouts = 2
    afterSecond.categories[0].minutes = 60
    afterSecond.streak.current = 3
    afterSecond.streak.best = 3
    afterSecond.streak.freezes = 1
    afterSecond.streak.lastDay = tuesday
    afterSecond.today = DayState()
    afterSecond.today.day = tuesday
    afterSecond.today.xp = 83
    afterSecond.today.workouts = 1
    afterSecond.week.workouts = 2
    afterSecond.achievements[1].tier = 2
    afterSecond.achievements[1].unlockedOn = tuesday
    var blaze = Companion(species: "blaze", stats: Stats(hp: 56, attack: 32, defense: 23, speed: 23), joinedOn: sunday)
    blaze.level = 5
    blaze.xp = 131
    blaze.evolutions = 2
    afterSecond.companions.members = [blaze]
    #expect(state == afterSecond)
  }

  @Test func threeStageChainEvolvesTwiceInOneEvent() throws {
    let cinder = Companion(species: "cinder", stats: Stats(hp: 10, attack: 5, defense: 4, speed: 6), joinedOn: sunday)
    var state = playerWith(cinder, workouts: 2)
    let awards = try engine.apply(Fixture.workout("c", monday, minutes: 45), to: &state)
    #expect(
      awards == [
        Award("c", monday, StreakUpdate(change: .extended, current: 2, best: 2)),
        // (10 + 45) × 2 = 110, + 3 = 113, capped to 100.
        Award(
          "c", monday,
          XPAward(
            xp: 100, raw: 110, rounded: 110,
            terms: [Contribution("base", 10), Contribution("duration", 45)], factors: [Contribution("category", 2)],
            bonuses: [Contribution("week", 3)], cap: .perWorkout, uncapped: 113)),
        Award("c", monday, CompanionXPAward(species: "cinder", xp: 60, share: 50, affinityBonus: 10, total: 60)),
        Award(
          "c", monday,
          CompanionLevelUp(
            species: "cinder", level: 2, threshold: 10, stats: Stats(hp: 12, attack: 6, defense: 5, speed: 7))),
        Award(
          "c", monday,
          CompanionLevelUp(
            species: "cinder", level: 3, threshold: 30, stats: Stats(hp: 14, attack: 7, defense: 6, speed: 8))),
        Award(
          "c", monday,
          CompanionLevelUp(
            species: "cinder", level: 4, threshold: 60, stats: Stats(hp: 16, attack: 8, defense: 7, speed: 9))),
        Award(
          "c", monday,
          Evolution(
            from: "cinder", to: "flame", level: 4, atLevel: 3, condition: nil, values: [],
            stats: Stats(hp: 29, attack: 16, defense: 11, speed: 13))),
        Award(
          "c", monday,
          Evolution(
            from: "flame", to: "blaze", level: 4, atLevel: 4, condition: "player.workouts >= 3",
            values: [Contribution("player.workouts", 3)], stats: Stats(hp: 52, attack: 29, defense: 21, speed: 21))),
        Award("c", monday, LevelUp(level: 2, threshold: 50, xp: 100)),
        Award(
          "c", monday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 1, tierName: "Two", rewardXP: 30,
            condition: "player.level >= 2", values: [Contribution("player.level", 2)])),
        Award("c", monday, LevelUp(level: 3, threshold: 120, xp: 130)),
        Award(
          "c", monday,
          AchievementUnlock(
            id: "level", name: "Leveller", tier: 2, tierName: "Three", rewardXP: 5,
            condition: "player.level >= 3", values: [Contribution("player.level", 3)])),
      ])
    var expected = playerWith(cinder, workouts: 2)
    expected.xp = 135
    expected.level = 3
    expected.totals.workouts = 3
    expected.totals.minutes = 105
    expected.totals.activeDays = 3
    expected.totals.achievements = 3
    expected.totals.evolutions = 2
    expected.categories[0].workouts = 3
    expected.categories[0].minutes = 105
    expected.streak.current = 2
    expected.streak.best = 2
    expected.streak.lastDay = monday
    expected.today = DayState()
    expected.today.day = monday
    expected.today.xp = 100
    expected.today.workouts = 1
    expected.week.week = monday.week
    expected.week.workouts = 1
    expected.achievements[1].tier = 2
    expected.achievements[1].unlockedOn = monday
    var blaze = Companion(species: "blaze", stats: Stats(hp: 52, attack: 29, defense: 21, speed: 21), joinedOn: sunday)
    blaze.level = 4
    blaze.xp = 60
    blaze.evolutions = 2
    expected.companions.members = [blaze]
    #expect(state == expected)
  }

  @Test func choosingStartersAndSwitchingTheActiveCompanion() throws {
    var state = engine.newProgress()
    let joined = try engine.apply(.companion(id: "c1", day: monday, species: "drip"), to: &state)
    #expect(
      joined == [
        Award("c1", monday, CompanionJoined(species: "drip", element: "water", isDefaultStarter: false))
      ])
    #expect(
      state.companions.members == [
        Companion(species: "drip", stats: Stats(hp: 12, attack: 4, defense: 5, speed: 5), joinedOn: monday)
      ])
    #expect(
      throws: EngineError.invalidEvent(
        message: "'flame' is not a starter and not in the collection; starters are 'cinder', 'drip'")
    ) {
      try engine.apply(.companion(id: "c2", day: monday, species: "flame"), to: &state)
    }
    _ = try engine.apply(.companion(id: "c3", day: monday, species: "cinder"), to: &state)
    _ = try engine.apply(.companion(id: "c4", day: monday, species: "drip"), to: &state)
    #expect(state.companions.active == 0)
    #expect(state.companions.members.map(\.species) == ["drip", "cinder"])
  }

  /// A starter chosen again after the first one evolved joins again, and stops at its stage the
  /// collection already has: two of a species made a state that no longer read back ("species
  /// 'flame' is listed twice"), refused when the player was next loaded.
  @Test func aSecondLineOfAStarterDoesNotEvolveIntoASpeciesAlreadyOwned() throws {
    var state = engine.newProgress()
    // cinder joins with the first workout and reaches level 3 (52 XP): it becomes flame.
    _ = try engine.apply(Fixture.workout("w1", monday), to: &state)
    #expect(state.companions.members.map(\.species) == ["flame"])
    _ = try engine.apply(.companion(id: "c1", day: monday, species: "cinder"), to: &state)
    #expect(state.companions.members.map(\.species) == ["flame", "cinder"])
    // The new cinder reaches level 3 (40 + 10 XP) and stays cinder.
    _ = try engine.apply(Fixture.workout("w2", monday), to: &state)
    #expect(state.companions.members.map(\.species) == ["flame", "cinder"])
    #expect(state.companions.members[1].level == 3)
    #expect(state.companions.members[1].evolutions == 0)
    var checker = ProgressCheck("progress")
    checker.check(state, mechanics: nil)
    #expect(checker.problems.isEmpty, "\(checker.problems)")
  }
}
