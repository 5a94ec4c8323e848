import Engine
import RuleLanguage

/// What a run keeps beyond its summary, when asked: the day-by-day timeline, the award lines,
/// and a digest of the award stream per day.
public struct RecordingOptions: Sendable {
  public var timeline: Bool
  public var awards: Bool
  public var digests: Bool
  /// Keep the generated events (for tests and `simulate --events`).
  public var events: Bool

  /// Creates options.
  public init(timeline: Bool = false, awards: Bool = false, digests: Bool = false, events: Bool = false) {
    self.timeline = timeline
    self.awards = awards
    self.digests = digests
    self.events = events
  }

  /// Summary only (Monte Carlo).
  public static let summary = RecordingOptions()
  /// Everything.
  public static let all = RecordingOptions(timeline: true, awards: true, digests: true, events: true)
}

/// One row of the day-by-day timeline.
public struct TimelineRow: Sendable, Equatable {
  public var day: Int
  public var date: Day
  public var level: Int
  public var xp: Int64
  /// Every XP the day brought (workouts, achievement and quest rewards, seasons, weekly goals).
  public var xpGained: Int64
  public var workouts: Int
  public var streak: Int
  public var companion: String
  public var companionLevel: Int
  public var companionStage: Int
  public var targetKcal: Double?
  public var adjustment: Double?
  public var clamped: Bool
  /// FNV-1a 64 of the award stream up to and including this day.
  public var digest: String
}

/// Accumulates a run's summary from its awards, one day at a time.
struct RunRecorder {
  let options: RecordingOptions
  let engine: Engine
  var summary = RunSummary()
  var timeline: [TimelineRow] = []
  var awardLines: [String] = []
  /// For snapshots: "DAY DATE DIGEST tokens" per day.
  var dayLines: [String] = []
  private var dayTokens: [String] = []
  var digest = FNV1a()
  private var dayWorkouts = 0
  /// The day's target: kcal, adjustment, clamped.
  private var dayTarget: (kcal: Double, adjustment: Double, clamped: Bool)?

  init(options: RecordingOptions, engine: Engine, days: Int) {
    self.options = options
    self.engine = engine
    summary.levelDays = [Int](repeating: 0, count: engine.pack.levels.maxLevel + 1)
    summary.levelByDay.reserveCapacity(days)
    summary.xpByDay.reserveCapacity(days)
    summary.weeklyXP = [Int64](repeating: 0, count: (days + 6) / 7)
  }

  /// Counts an event's awards, read from the engine's compact records.
  mutating func record(_ log: AwardLog, eventID: String, dayIndex: Int) {
    let pack = engine.pack
    for record in log.records {
      count(record, pack: pack, dayIndex: dayIndex)
      if options.awards || options.digests {
        let award = record.award(eventID: eventID, log: log, pack: pack)
        let line = award.jsonLine
        if options.digests {
          digest.add(line)
          dayTokens.append(award.token)
        }
        if options.awards { awardLines.append(line) }
      }
    }
  }

  /// Counts one award record into the summary (the awards the summary's own numbers follow).
  private mutating func count(_ record: AwardRecord, pack: RulePack, dayIndex: Int) {
    if let xp = record.record(as: Recorded.XP.self) {
      dayWorkouts += 1
      if xp.cap != nil { summary.cappedWorkouts += 1 }
    } else if let levelUp = record.record(as: LevelUp.self) {
      if levelUp.level < summary.levelDays.count, summary.levelDays[levelUp.level] == 0 {
        summary.levelDays[levelUp.level] = dayIndex
      }
    } else if let unlock = record.record(as: Recorded.AchievementUnlock.self) {
      let rule = pack.achievements[unlock.achievement]
      summary.achievements.append(.init(day: dayIndex, id: rule.id, tier: unlock.tier, name: rule.name))
    } else if let completion = record.record(as: Recorded.QuestCompletion.self) {
      let quest = pack.quests?.quests[completion.quest]
      summary.quests += 1
      if let quest { summary.questCompletions.append(.init(day: dayIndex, id: quest.id)) }
    } else if let evolution = record.record(as: Recorded.Evolution.self) {
      let species = pack.companions?.species
      summary.evolutions.append(
        .init(day: dayIndex, from: species?[evolution.from].id ?? "", to: species?[evolution.to].id ?? ""))
    } else if record.record(as: Recorded.PersonalRecord.self) != nil {
      summary.prs += 1
    } else if let target = record.record(as: Recorded.NutritionTarget.self) {
      summary.targetDays += 1
      if target.isClamped { summary.clampedDays += 1 }
      summary.minAdjustment = min(summary.minAdjustment ?? target.adjustment, target.adjustment)
      summary.maxAdjustment = max(summary.maxAdjustment ?? target.adjustment, target.adjustment)
      dayTarget = (target.targets.kcal, target.adjustment, target.isClamped)
    }
  }

  mutating func endDay(_ index: Int, day: Day, state: PlayerProgress) {
    // Every XP the day brought, whichever mechanic gave it (workouts, achievements, quests,
    // seasons, weekly goals…).
    let gained = state.xp - (summary.xpByDay.last ?? 0)
    summary.weeklyXP[(index - 1) / 7] += gained
    summary.levelByDay.append(state.level)
    summary.xpByDay.append(state.xp)
    if options.timeline {
      let companion = RunRecorder.activeCompanion(state, engine.pack)
      timeline.append(
        TimelineRow(
          day: index, date: day, level: state.level,
          xp: state.xp, xpGained: gained, workouts: dayWorkouts, streak: state.streak.current,
          companion: companion?.species ?? "", companionLevel: companion?.level ?? 0,
          companionStage: companion?.stage ?? 0, targetKcal: dayTarget?.kcal,
          adjustment: dayTarget?.adjustment, clamped: dayTarget?.clamped ?? false, digest: digest.hex))
    }
    if options.digests {
      dayLines.append(
        "\(index) \(day.iso) \(digest.hex) " + (dayTokens.isEmpty ? "—" : dayTokens.joined(separator: "; ")))
      dayTokens.removeAll(keepingCapacity: true)
    }
    dayWorkouts = 0
    dayTarget = nil
  }

  /// The active companion's species, level and stage.
  static func activeCompanion(_ state: PlayerProgress, _ pack: RulePack) -> (species: String, level: Int, stage: Int)? {
    guard let active = state.companions.active, active < state.companions.members.count else { return nil }
    let companion = state.companions.members[active]
    let stage = pack.companions?.species[companion.speciesIndex].stage ?? 0
    return (companion.species, companion.level, stage)
  }

  mutating func finish(_ state: PlayerProgress, days: Int) {
    summary.days = days
    summary.workouts = state.totals.workouts
    summary.totalXP = state.xp
    summary.finalLevel = state.level
    summary.finalStreak = state.streak.current
    summary.bestStreak = state.streak.best
    summary.achievementTiers = state.totals.achievements
    for metric in engine.pack.runMetrics { summary.mechanicMetrics[metric.name] = metric.value(state) }
    summary.mechanicLines = engine.pack.reportLines(of: state).map { RunSummary.Line(label: $0.label, text: $0.text) }
    if let companion = RunRecorder.activeCompanion(state, engine.pack) {
      summary.companionSpecies = companion.species
      summary.companionLevel = companion.level
      summary.companionStage = companion.stage
    }
  }
}
