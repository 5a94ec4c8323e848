import RuleLanguage

/// Checks an event against the input ranges and, with a pack, its names, and turns it into the
/// form the engine applies. The one place these rules are written: the NDJSON decoder and events
/// built in Swift both go through it, so both are refused with the same message.
///
/// Bounds (docs/events.md): ids 1–200 bytes; duration above 0 and at most 1440 minutes; RPE 1–10;
/// active energy 0–20,000 kcal; distance 0–1,000 km; summary sets 0–10,000, reps 0–10⁶, volume
/// 0–10⁸ kg; 1–100 exercises of 1–100 sets; reps 1–999; weight 0–9,999.9 kg; intake 0–20,000 kcal,
/// macros 0–2,000 g; profile kcal 500–10,000, protein 0–1,000 g, carbs 0–2,000 g, fat 0–1,000 g.
package enum EventValidator {
  /// The most exercises of a workout, and the most sets of an exercise.
  package static let maximumExercises = 100
  package static let maximumSets = 100
  /// The longest id, in bytes.
  package static let maximumIDLength = 200

  /// Checks an event and resolves its names (with a pack; without one, only ranges are checked).
  package static func resolve(_ event: Event, pack: RulePack?) throws(EventError) -> ResolvedEvent {
    try identifier(event.id, "id")
    if let player = event.player { try identifier(player, "player") }
    switch event.kind {
    case .workout(let workout):
      var resolved = ResolvedEvent(kind: .workout, id: event.id, day: event.day, player: event.player)
      try resolveWorkout(workout, into: &resolved, pack: pack)
      return resolved
    case .nutrition(let log):
      var resolved = ResolvedEvent(kind: .nutrition, id: event.id, day: event.day, player: event.player)
      resolved.intakeKcal = try number(log.intakeKcal, "intakeKcal", 0...20_000)
      resolved.proteinG =
        try log.proteinG.map { value throws(EventError) in try number(value, "proteinG", 0...2_000) } ?? .nan
      resolved.carbsG =
        try log.carbsG.map { value throws(EventError) in try number(value, "carbsG", 0...2_000) } ?? .nan
      resolved.fatG = try log.fatG.map { value throws(EventError) in try number(value, "fatG", 0...2_000) } ?? .nan
      return resolved
    case .companion(let species):
      var resolved = ResolvedEvent(kind: .companion, id: event.id, day: event.day, player: event.player)
      guard !species.isEmpty else { throw EventError("species", "'species' must be a non-empty string; found \"\"") }
      if let pack {
        guard let rules = pack.companions else {
          throw EventError("species", "this rule pack has no companions")
        }
        guard let index = rules.species(named: species) else {
          throw EventError(
            "species", "unknown species '\(species)'\(Suggestion.hint(for: species, among: rules.species.map(\.id)))")
        }
        resolved.species = Int32(index)
      }
      return resolved
    case .profile(let targets):
      var resolved = ResolvedEvent(kind: .profile, id: event.id, day: event.day, player: event.player)
      resolved.targets = MacroTargets(
        kcal: try number(targets.kcal, "targets.kcal", 500...10_000),
        proteinG: try number(targets.proteinG, "targets.proteinG", 0...1_000),
        carbsG: try number(targets.carbsG, "targets.carbsG", 0...2_000),
        fatG: try number(targets.fatG, "targets.fatG", 0...1_000))
      return resolved
    case .dayClosed:
      return ResolvedEvent(kind: .dayClosed, id: event.id, day: event.day, player: event.player)
    case .retraction(let target):
      var resolved = ResolvedEvent(kind: .retraction, id: event.id, day: event.day, player: event.player)
      try identifier(target, "of")
      resolved.retracted = target
      return resolved
    case .mechanic(let payload):
      var resolved = ResolvedEvent(kind: .mechanic, id: event.id, day: event.day, player: event.player)
      try payload.validate(on: event.day, against: pack)
      resolved.payload = payload
      return resolved
    }
  }

  private static func resolveWorkout(_ workout: Workout, into resolved: inout ResolvedEvent, pack: RulePack?)
    throws(EventError)
  {
    if let pack {
      guard let index = pack.category(named: workout.category) else {
        let names = pack.categories.map(\.name)
        let hint = Suggestion.closest(to: workout.category, among: names).map { "did you mean '\($0)'?" }
        throw EventError(
          "category",
          "unknown category '\(workout.category)'; \(hint ?? "expected one of " + names.map { "'\($0)'" }.joined(separator: ", "))"
        )
      }
      resolved.category = Int32(index)
    } else if workout.category.isEmpty {
      throw EventError("category", "'category' must be a non-empty string; found \"\"")
    }
    resolved.durationMin = try number(workout.durationMin, "durationMin", 0...1_440)
    if workout.durationMin == 0 { throw EventError("durationMin", "'durationMin' must be above 0; found 0") }
    if let rpe = workout.rpe {
      resolved.rpe = try number(rpe, "rpe", 1...10)
      resolved.hasRPE = true
    }
    if let kcal = workout.activeKcal { resolved.activeKcal = try number(kcal, "activeKcal", 0...20_000) }
    if let distance = workout.distanceKm { resolved.distanceKm = try number(distance, "distanceKm", 0...1_000) }
    if let summary = workout.summary {
      guard workout.exercises.isEmpty else {
        throw EventError("exercises", "give either 'exercises' or the summary ('sets', 'reps', 'volumeKg'), not both")
      }
      resolved.hasSummary = true
      resolved.summarySets = Int(try number(Double(summary.sets), "sets", 0...10_000))
      resolved.summaryReps = Int(try number(Double(summary.reps), "reps", 0...1_000_000))
      resolved.summaryVolumeKg = try number(summary.volumeKg, "volumeKg", 0...100_000_000)
    }
    guard !workout.exercises.isEmpty else { return }
    if workout.exercises.count > maximumExercises {
      throw EventError(
        "exercises", "a workout has at most \(maximumExercises) exercises; found \(workout.exercises.count)")
    }
    resolved.exercises.reserveCapacity(workout.exercises.count)
    for (position, exercise) in workout.exercises.enumerated() {
      // Paths are written only for an error (building them for every set would cost more than
      // the checks).
      var path: String { "exercises[\(position)]." }
      if let pack {
        if let index = pack.exercise(named: exercise.name) {
          resolved.exercises.append(Int32(index))
        } else {
          let index = try unlisted(exercise, path: path, category: Int(resolved.category), pack: pack)
          resolved.exercises.append(Int32(index))
          resolved.unlisted.append((Int32(position), exercise.name))
        }
      } else {
        guard !exercise.name.isEmpty else {
          throw EventError(path + "name", "'\(path)name' must be a non-empty string; found \"\"")
        }
        resolved.exercises.append(-1)
      }
      guard !exercise.sets.isEmpty, exercise.sets.count <= maximumSets else {
        throw EventError(path + "sets", "'\(path)sets' must be an array of 1 to \(maximumSets) sets")
      }
      for (index, set) in exercise.sets.enumerated() {
        var setPath: String { "\(path)sets[\(index)]." }
        let reps = try number(Double(set.reps), setPath + "reps", 1...999)
        let weight = try number(set.weightKg, setPath + "weightKg", 0...9_999.9)
        let rpe = try set.rpe.map { value throws(EventError) in try number(value, setPath + "rpe", 1...10) } ?? 0
        resolved.sets.append(
          ResolvedSet(exercise: Int32(position), reps: Int32(reps), weightKg: weight, rpe: rpe, kind: set.kind))
      }
    }
  }

  /// The pack's unlisted exercise for an exercise it does not list (marked `"unlisted": true`).
  private static func unlisted(_ exercise: Exercise, path: String, category: Int, pack: RulePack) throws(EventError)
    -> Int
  {
    let fallback = pack.unlistedExercise(forCategory: category)
    guard exercise.isUnlisted else {
      var hint = Suggestion.hint(for: exercise.name, among: pack.exercises.map(\.name))
      if hint.isEmpty, let fallback {
        hint = "; mark it \"unlisted\": true to keep it under '\(pack.exercises[fallback].name)'"
      }
      throw EventError(path + "name", "unknown exercise '\(exercise.name)'\(hint)")
    }
    guard let fallback else {
      let name = pack.categories.indices.contains(category) ? pack.categories[category].name : ""
      throw EventError(
        path + "unlisted",
        "this rule pack keeps no unlisted exercises of category '\(name)' (exercises.json names none in 'unlisted')")
    }
    try identifier(exercise.name, path + "name")
    return fallback
  }

  private static func identifier(_ text: String, _ key: String) throws(EventError) {
    if text.isEmpty { throw EventError(key, "'\(key)' must be a non-empty string; found \"\"") }
    if text.utf8.count > maximumIDLength { throw EventError(key, "'\(key)' is longer than \(maximumIDLength) bytes") }
    if text.utf8.contains(0) { throw EventError(key, "'\(key)' must not contain NUL (\\u0000)") }
  }

  /// A number within a range (JSON has no NaN or infinities; Swift-built events might).
  @inline(__always)
  package static func number(_ value: Double, _ path: @autoclosure () -> String, _ range: ClosedRange<Double>)
    throws(EventError) -> Double
  {
    guard range.contains(value) else {
      let path = path()
      let found = value.isFinite ? NumberText.format(value) : "\(value)"
      throw EventError(
        path,
        "'\(path)' must be between \(NumberText.format(range.lowerBound)) and \(NumberText.format(range.upperBound)); found \(found)"
      )
    }
    return value
  }
}

/// Why an event was refused: the field (its JSON path, `exercises[0].sets[1].reps`) and a
/// lowercase message. The NDJSON decoder places it at the field's position in the line.
public struct EventError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The JSON path of the field, or "" for the whole event.
  public var path: String
  /// A lowercase message naming the field.
  public var message: String

  /// Creates an error.
  public init(_ path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { message }
}
