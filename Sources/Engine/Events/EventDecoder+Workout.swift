import RuleLanguage

extension EventDecoder {
  func decodeWorkout(_ fields: inout FieldReader, id: String, day: Day) throws(EventDecodingError) -> Workout {
    let categoryValue = try fields.require("category")
    let category = try fields.stringValue(categoryValue, "category")
    if let pack, pack.category(named: category) == nil {
      let names = pack.categories.map(\.name)
      let hint = Suggestion.closest(to: category, among: names).map { "did you mean '\($0)'?" }
      throw EventDecodingError(
        offset: categoryValue.offset,
        message: "unknown category '\(category)'; \(hint ?? "expected one of " + names.map { "'\($0)'" }.joined(separator: ", "))")
    }
    let duration = try fields.numberValue(try fields.require("durationMin"), "durationMin", 0...1_440)
    if duration == 0 {
      throw EventDecodingError(offset: fields.members.first { $0.key == "durationMin" }?.value.offset ?? 0,
                               message: "'durationMin' must be above 0; found 0")
    }
    var workout = Workout(
      id: id, day: day, category: category, durationMin: duration, rpe: try fields.optionalNumber("rpe", 1...10),
      activeKcal: try fields.optionalNumber("activeKcal", 0...20_000),
      distanceKm: try fields.optionalNumber("distanceKm", 0...1_000))
    let sets = try fields.optionalInteger("sets", 0...10_000)
    let reps = try fields.optionalInteger("reps", 0...1_000_000)
    let volume = try fields.optionalNumber("volumeKg", 0...100_000_000)
    if let exercisesValue = fields.take("exercises") {
      if sets != nil || volume != nil || reps != nil {
        throw EventDecodingError(
          offset: exercisesValue.offset,
          message: "give either 'exercises' or the summary ('sets', 'reps', 'volumeKg'), not both")
      }
      guard case .array(let list) = exercisesValue.kind else {
        throw EventDecodingError(offset: exercisesValue.offset, message: "'exercises' must be an array; found \(exercisesValue.kindName)")
      }
      if list.count > 100 {
        throw EventDecodingError(offset: exercisesValue.offset, message: "a workout has at most 100 exercises; found \(list.count)")
      }
      for (index, value) in list.enumerated() {
        workout.exercises.append(try decodeExercise(value, path: "exercises[\(index)]."))
      }
    } else if sets != nil || volume != nil || reps != nil {
      workout.summary = Workout.Summary(sets: sets ?? 0, reps: reps ?? 0, volumeKg: volume ?? 0)
    }
    return workout
  }

  private func decodeExercise(_ value: JSONValue, path: String) throws(EventDecodingError) -> Exercise {
    guard case .object(let members) = value.kind else {
      throw EventDecodingError(offset: value.offset, message: "'\(path.dropLast())' must be an object; found \(value.kindName)")
    }
    var fields = FieldReader(members: members, offset: value.offset, path: path)
    let nameValue = try fields.require("name")
    let name = try fields.stringValue(nameValue, "name")
    if let pack, pack.exercise(named: name) == nil {
      throw EventDecodingError(
        offset: nameValue.offset,
        message: "unknown exercise '\(name)'\(Suggestion.hint(for: name, among: pack.exercises.map(\.name)))")
    }
    let setsValue = try fields.require("sets")
    guard case .array(let list) = setsValue.kind, !list.isEmpty, list.count <= 100 else {
      throw EventDecodingError(offset: setsValue.offset, message: "'\(path)sets' must be an array of 1 to 100 sets")
    }
    var sets: [ExerciseSet] = []
    sets.reserveCapacity(list.count)
    for (index, setValue) in list.enumerated() {
      let setPath = "\(path)sets[\(index)]."
      guard case .object(let setMembers) = setValue.kind else {
        throw EventDecodingError(offset: setValue.offset, message: "'\(setPath.dropLast())' must be an object; found \(setValue.kindName)")
      }
      var set = FieldReader(members: setMembers, offset: setValue.offset, path: setPath)
      let reps = try set.integer("reps", 1...999)
      let weight = try set.number("weightKg", 0...9_999.9)
      let rpe = try set.optionalNumber("rpe", 1...10)
      var kind = ExerciseSet.Kind.working
      if let kindValue = set.take("kind") {
        let names = ExerciseSet.Kind.allCases.map(\.rawValue)
        guard case .string(let text) = kindValue.kind, let parsed = ExerciseSet.Kind(rawValue: text) else {
          let shown = kindValue.string ?? kindValue.description
          throw EventDecodingError(
            offset: kindValue.offset,
            message: "'\(setPath)kind' must be one of \(names.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.hint(for: shown, among: names))")
        }
        kind = parsed
      }
      try set.finish(known: ["reps", "weightKg", "rpe", "kind"])
      sets.append(ExerciseSet(reps: reps, weightKg: weight, rpe: rpe, kind: kind))
    }
    try fields.finish(known: ["name", "sets"])
    return Exercise(name: name, sets: sets)
  }
}
