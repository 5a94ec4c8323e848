import Engine
import RuleLanguage

/// A player's logged history (an NDJSON stream, as `fitquest import` writes it), with the
/// statistics a persona is fitted to: training days, lapses, weekly sessions and volume,
/// category mix, nutrition.
package struct TrainingHistory: Sendable {
  /// A workout and where it falls.
  package struct Session: Sendable {
    package var day: Day
    package var workout: Workout
    /// Its position among the day's workouts of its category (0 for the first).
    package var ordinal: Int
  }

  package private(set) var sessions: [Session] = []
  /// Each logged day's intake, summed, in date order.
  package private(set) var nutrition: [(day: Day, log: NutritionLog)] = []
  package private(set) var starter: String?
  package private(set) var targets: MacroTargets?
  /// The first and last day with a workout or a nutrition log.
  package let start: Day
  package let end: Day

  /// A run of days without a workout this long or longer, between two training days, is a
  /// lapse (docs/scenarios.md, "Personas").
  package static let lapseThreshold = 14

  /// The history of a stream of events in date order; other event types are ignored.
  package init(events: [Event]) throws(DiagnosticError) {
    var byDay: [Day: NutritionLog] = [:]
    var first: Day?
    var last: Day?
    for event in events {
      switch event.kind {
      case .workout(let workout):
        let ordinal = sessions.reversed().prefix { $0.day == event.day }.filter {
          $0.workout.category == workout.category
        }.count
        sessions.append(Session(day: event.day, workout: workout, ordinal: ordinal))
      case .nutrition(let log):
        var day = byDay[event.day] ?? NutritionLog(intakeKcal: 0)
        day.intakeKcal += log.intakeKcal
        if let protein = log.proteinG { day.proteinG = (day.proteinG ?? 0) + protein }
        byDay[event.day] = day
      case .companion(let species):
        if starter == nil { starter = species }
        continue
      case .profile(let targets):
        if self.targets == nil { self.targets = targets }
        continue
      default: continue
      }
      // Workouts and nutrition logs span the history.
      first = min(first ?? event.day, event.day)
      last = max(last ?? event.day, event.day)
    }
    guard let first, let last, !sessions.isEmpty else {
      throw DiagnosticError(
        Diagnostic(file: "", message: "the history has no workouts; a persona is fitted to at least one"))
    }
    start = first
    end = last
    nutrition = byDay.keys.sorted().compactMap { day in byDay[day].map { (day, $0) } }
  }

  /// Days from the first to the last.
  package var days: Int { end.number - start.number + 1 }

  /// The lapses: runs of at least ``lapseThreshold`` days without a workout between two training
  /// days, as (first day, length).
  package var lapses: [(start: Day, days: Int)] {
    var result: [(Day, Int)] = []
    var previous: Day?
    for session in sessions {
      if let previous, session.day.number - previous.number - 1 >= Self.lapseThreshold {
        result.append((previous.adding(1), session.day.number - previous.number - 1))
      }
      previous = session.day
    }
    return result
  }

  /// Days of the history outside lapses.
  package var activeDays: Int { days - lapses.reduce(0) { $0 + $1.days } }

  /// Workouts per 7 days over the whole history.
  package var sessionsPerWeek: Double { Double(sessions.count) * 7 / Double(days) }

  /// Working-set volume of a workout (Σ reps × weight, warm-ups excluded), or its summary's.
  package static func volume(_ workout: Workout) -> Double {
    if let summary = workout.summary { return summary.volumeKg }
    return workout.exercises.reduce(0) { total, exercise in
      exercise.sets.reduce(total) { $1.kind == .warmUp ? $0 : $0 + Double($1.reps) * $1.weightKg }
    }
  }

  /// Workouts and volume in each of the first `weeks` weeks (7-day blocks from `start`).
  package func weekly(_ weeks: Int) -> [(sessions: Int, volumeKg: Double)] {
    var result = Array(repeating: (sessions: 0, volumeKg: 0.0), count: weeks)
    for session in sessions {
      let week = (session.day.number - start.number) / 7
      guard week < weeks else { continue }
      result[week].sessions += 1
      result[week].volumeKg += Self.volume(session.workout)
    }
    return result
  }

  /// The share of workouts in each category, in the pack's order.
  package func categoryShares(_ pack: RulePack) -> [(category: String, share: Double)] {
    pack.categories.map { category in
      (category.name, Double(sessions.filter { $0.workout.category == category.name }.count) / Double(sessions.count))
    }
  }
}
