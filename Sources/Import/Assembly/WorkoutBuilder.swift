import Engine
import RuleLanguage

/// Turns a session read from an export into a `workout` event of a pack, or reports why it
/// cannot be one. The rules, in order (docs/import.md):
///
/// 1. rows with reps are sets; rows without reps but with a distance or a time are cardio or
///    timed entries, merged into the workout (distance added, time counted for an estimated
///    duration); rows with neither are skipped (`0 reps`);
/// 2. the category is the export's own (Apple Health), else the category of most working sets'
///    (and entries') exercises, ties going to the pack's first category;
/// 3. exercises the pack does not know go under its unlisted exercise of that category, with
///    their own names; without one, their rows are skipped;
/// 4. weights are rounded to 0.1 kg here, once; durations, distances and energy are clamped
///    into the event's ranges, each clamp reported.
struct WorkoutBuilder {
  let pack: RulePack
  let format: ImportFormat
  var resolver: ExerciseResolver

  /// Minutes per set when an export logs no duration (FitNotes, some Strong layouts): about a
  /// minute of work and 90 seconds of rest.
  static let estimatedMinutesPerSet = 2.5

  init(pack: RulePack, format: ImportFormat) {
    self.pack = pack
    self.format = format
    resolver = ExerciseResolver(pack: pack)
  }

  /// A row's pack exercise (nil: unknown) and category index.
  private mutating func classify(_ set: SourceSet) -> (exercise: Int?, category: Int) {
    if let index = resolver.index(of: set.exercise) { return (index, pack.exercises[index].category) }
    let guess = set.categoryHint.map(Text.key) ?? ((set.reps ?? 0) > 0 || set.distanceKm == nil ? "strength" : "cardio")
    return (nil, pack.category(named: guess) ?? pack.category(named: "strength") ?? 0)
  }

  /// The event id: the format, the start as written and a hash of the name, so the same session
  /// has the same id in every export of the account.
  func eventID(_ session: SourceSession) -> String {
    let prefix = format.rawValue
    if session.name.isEmpty && session.start.second == 0 { return "\(prefix)-\(session.start.day.iso)" }
    return "\(prefix)-\(session.start.compact)-\(Text.hash(session.name))"
  }

  mutating func build(_ session: SourceSession, player: String?, report: inout ImportReport) -> Event? {
    var sets: [ClassifiedRow] = []
    var entries: [ClassifiedRow] = []
    for set in session.sets {
      let (exercise, category) = classify(set)
      let row = ClassifiedRow(set: set, exercise: exercise, category: category)
      if let reps = set.reps, reps > 0 {
        if reps > 999 {
          report.note(set.line, .skipped, "\(reps) reps (a set has at most 999)")
        } else if set.weightKg < 0 || !set.weightKg.isFinite {
          report.note(set.line, .skipped, "negative weight \(NumberText.format(set.weightKg)) kg")
        } else if Self.rounded(set.weightKg) > 9_999.9 {
          report.note(set.line, .skipped, "weight \(NumberText.format(Self.rounded(set.weightKg))) kg (at most 9999.9)")
        } else {
          sets.append(row)
        }
      } else if (set.distanceKm ?? 0) > 0 || (set.seconds ?? 0) > 0 {
        entries.append(row)
      } else {
        report.note(set.line, .skipped, "0 reps")
      }
    }
    let category = session.category.flatMap { pack.category(named: $0) } ?? vote(sets + entries)
    guard !sets.isEmpty || !entries.isEmpty || session.category != nil else {
      if !session.sets.isEmpty {
        report.note(
          session.line, .skipped,
          "workout '\(session.name)' of \(session.start.day.iso): none of its rows can be imported", row: false)
      }
      return nil
    }
    var exercises: [Exercise] = []
    var keys: [[UInt8]] = []
    var volume = 0.0
    var setCount = 0
    let unlisted = pack.unlistedExercise(forCategory: category)
    for row in sets {
      let name = row.exercise.map { pack.exercises[$0].name } ?? row.set.exercise
      if row.exercise == nil && unlisted == nil {
        report.note(
          row.set.line, .skipped,
          "unknown exercise '\(name)' (no name or alias of the pack, which keeps no unlisted \(pack.categories[category].name) exercises)"
        )
        continue
      }
      let key = Array(name.utf8)
      var position = keys.firstIndex(of: key) ?? -1
      if position < 0 {
        guard exercises.count < EventValidator.maximumExercises else {
          report.note(row.set.line, .skipped, "a workout holds at most \(EventValidator.maximumExercises) exercises")
          continue
        }
        keys.append(key)
        exercises.append(Exercise(name: name, sets: [], isUnlisted: row.exercise == nil))
        position = exercises.count - 1
      }
      guard exercises[position].sets.count < EventValidator.maximumSets else {
        report.note(row.set.line, .skipped, "'\(name)' has more than \(EventValidator.maximumSets) sets in one workout")
        continue
      }
      var rpe = row.set.rpe
      if let value = rpe, !(1...10).contains(value) {
        report.note(row.set.line, .ignored, "RPE \(NumberText.format(value)) (RPE is 1 to 10)")
        rpe = nil
      }
      let weight = Self.rounded(row.set.weightKg)
      let reps = row.set.reps ?? 0
      exercises[position].sets.append(ExerciseSet(reps: reps, weightKg: weight, rpe: rpe, kind: row.set.kind))
      if row.set.kind != .warmUp { volume += Double(reps) * weight }
      setCount += 1
    }
    exercises.removeAll { $0.sets.isEmpty }
    var workout = Workout(category: pack.categories[category].name, durationMin: 1, exercises: exercises)
    workout.durationMin = duration(session, sets: setCount, entries: entries.map(\.set), report: &report)
    if let rpe = session.rpe {
      if (1...10).contains(rpe) {
        workout.rpe = rpe
      } else {
        report.note(session.line, .ignored, "session RPE \(NumberText.format(rpe)) (RPE is 1 to 10)")
      }
    }
    if let kcal = session.activeKcal {
      workout.activeKcal = clamp(kcal, 0...20_000, "active energy", "kcal", session.line, &report).rounded()
    }
    let distance = (session.distanceKm ?? 0) + entries.reduce(0) { $0 + ($1.set.distanceKm ?? 0) }
    if distance > 0 {
      workout.distanceKm = (clamp(distance, 0...1_000, "distance", "km", session.line, &report) * 1000).rounded() / 1000
    }
    let event = Event(id: eventID(session), day: session.start.day, player: player, kind: .workout(workout))
    do {
      _ = try EventValidator.resolve(event, pack: pack)
    } catch {
      report.note(session.line, .skipped, "workout of \(session.start.day.iso): \(error.message)", row: false)
      return nil
    }
    report.sets += setCount
    report.merged += entries.count
    report.volumeKg += volume
    report.workouts += 1
    return event
  }

  /// The category of most rows, working sets and entries first (warm-ups vote only when there is
  /// nothing else); ties go to the pack's first category.
  private func vote(_ rows: [ClassifiedRow]) -> Int {
    var counts = [Int](repeating: 0, count: pack.categories.count)
    let working = rows.filter { $0.set.kind != .warmUp }
    for row in working.isEmpty ? rows : working { counts[row.category] += 1 }
    guard let best = counts.max(), best > 0 else { return 0 }
    return counts.firstIndex(of: best) ?? 0
  }

  /// The logged duration, or an estimate when none is logged, clamped to (0, 1440] minutes.
  private func duration(_ session: SourceSession, sets: Int, entries: [SourceSet], report: inout ImportReport) -> Double
  {
    var minutes: Double
    if let logged = session.durationMin {
      minutes = logged
    } else {
      minutes = entries.reduce(0) { $0 + ($1.seconds ?? 0) } / 60 + Double(sets) * Self.estimatedMinutesPerSet
      report.estimatedDurations += 1
    }
    minutes = (minutes * 10).rounded() / 10
    if minutes <= 0 && session.durationMin != nil {
      report.note(
        session.line, .clamped, "duration \(NumberText.format(minutes)) min of '\(session.name)' made 1 min", row: false
      )
      return 1
    }
    if minutes > 1_440 {
      report.note(
        session.line, .clamped, "duration \(NumberText.format(minutes)) min of '\(session.name)' made 1440 min (a day)",
        row: false)
      return 1_440
    }
    return session.durationMin == nil ? max(1, minutes) : minutes
  }

  private func clamp(
    _ value: Double, _ range: ClosedRange<Double>, _ what: String, _ unit: String, _ line: Int,
    _ report: inout ImportReport
  ) -> Double {
    guard !range.contains(value) else { return value }
    let clamped = min(range.upperBound, max(range.lowerBound, value))
    report.note(
      line, .clamped, "\(what) \(NumberText.format(value)) \(unit) made \(NumberText.format(clamped)) \(unit)",
      row: false)
    return clamped
  }

  /// A weight rounded to 0.1 kg, as events carry it.
  static func rounded(_ kg: Double) -> Double { (kg * 10).rounded() / 10 }
}

/// A row with its pack exercise (nil: unknown) and category.
private struct ClassifiedRow {
  var set: SourceSet
  var exercise: Int?
  var category: Int
}
