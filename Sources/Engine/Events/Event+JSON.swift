import Foundation
import RuleLanguage

extension Event {
  /// The event as one compact JSON line, keys in a fixed order; ``EventDecoder`` reads it back.
  public var jsonLine: String {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.output
  }

  /// Writes the event as a JSON object.
  public func write(to writer: inout JSONWriter) {
    writer.object { w in
      w.field("type", typeName)
      w.field("id", id)
      if let player { w.field("player", player) }
      w.field("date", day.iso)
      switch kind {
      case .workout(let workout): Event.write(workout, to: &w)
      case .nutrition(let log):
        w.field("intakeKcal", log.intakeKcal)
        Event.optional("proteinG", log.proteinG, &w)
        Event.optional("carbsG", log.carbsG, &w)
        Event.optional("fatG", log.fatG, &w)
      case .companion(let species): w.field("species", species)
      case .profile(let targets):
        w.key("targets")
        targets.write(to: &w)
      case .dayClosed: break
      case .retraction(let target): w.field("of", target)
      case .mechanic(let payload): payload.write(&w)
      }
    }
  }

  static func optional(_ key: String, _ value: Double?, _ writer: inout JSONWriter) {
    guard let value else { return }
    writer.field(named: key, value)
  }

  private static func write(_ workout: Workout, to writer: inout JSONWriter) {
    writer.field("category", workout.category)
    writer.field("durationMin", workout.durationMin)
    optional("rpe", workout.rpe, &writer)
    optional("activeKcal", workout.activeKcal, &writer)
    optional("distanceKm", workout.distanceKm, &writer)
    if let summary = workout.summary {
      writer.field("sets", summary.sets)
      writer.field("reps", summary.reps)
      writer.field("volumeKg", summary.volumeKg)
    }
    guard !workout.exercises.isEmpty else { return }
    writer.key("exercises")
    writer.array { writer in
      for exercise in workout.exercises {
        writer.object { writer in
          writer.field("name", exercise.name)
          if exercise.isUnlisted { writer.field("unlisted", true) }
          writer.key("sets")
          writer.array { writer in
            for set in exercise.sets {
              writer.object { writer in
                writer.field("reps", set.reps)
                writer.field("weightKg", set.weightKg)
                optional("rpe", set.rpe, &writer)
                if set.kind != .working { writer.field("kind", set.kind.rawValue) }
              }
            }
          }
        }
      }
    }
  }

  /// Reads an event from its JSON line (checked for ranges, not against a pack).
  public init(jsonLine: String) throws(DiagnosticError) {
    self = try EventDecoder(pack: nil).decode(line: Array(jsonLine.utf8), file: "<event>", lineNumber: 1)
  }
}

extension Event: Codable {
  /// Encodes the event's NDJSON form.
  public func encode(to encoder: any Encoder) throws {
    try JSONReader.parse(Array(jsonLine.utf8)).encode(to: encoder)
  }

  /// Decodes the NDJSON form (its ranges are checked).
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    do {
      self = try EventDecoder(pack: nil).decode(value)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
    }
  }
}

extension ResolvedEvent {
  /// The public event of a resolved one, with the pack's names.
  package func event(pack: RulePack) -> Event {
    let kind: Event.Kind
    switch self.kind {
    case .workout:
      var workout = Workout(
        category: category >= 0 ? pack.categories[Int(category)].name : "", durationMin: durationMin,
        rpe: hasRPE ? rpe : nil, activeKcal: activeKcal.isNaN ? nil : activeKcal,
        distanceKm: distanceKm.isNaN ? nil : distanceKm)
      if hasSummary {
        workout.summary = Workout.Summary(sets: summarySets, reps: summaryReps, volumeKg: summaryVolumeKg)
      }
      for (position, exercise) in exercises.enumerated() {
        let realName = unlisted.first { $0.position == Int32(position) }?.name
        let name = realName ?? (exercise >= 0 ? pack.exercises[Int(exercise)].name : "")
        let sets = self.sets.filter { $0.exercise == Int32(position) }.map { set in
          ExerciseSet(reps: Int(set.reps), weightKg: set.weightKg, rpe: set.rpe > 0 ? set.rpe : nil, kind: set.kind)
        }
        workout.exercises.append(Exercise(name: name, sets: sets, isUnlisted: realName != nil))
      }
      kind = .workout(workout)
    case .nutrition:
      kind = .nutrition(
        NutritionLog(
          intakeKcal: intakeKcal, proteinG: proteinG.isNaN ? nil : proteinG, carbsG: carbsG.isNaN ? nil : carbsG,
          fatG: fatG.isNaN ? nil : fatG))
    case .companion: kind = .companion(species: species >= 0 ? pack.companions?.species[Int(species)].id ?? "" : "")
    case .profile: kind = .profile(targets)
    case .dayClosed: kind = .dayClosed
    case .retraction: kind = .retraction(of: retracted)
    case .mechanic:
      guard let payload else { preconditionFailure("a resolved mechanic event without its payload") }
      kind = .mechanic(payload)
    }
    return Event(id: id, day: day, player: player, kind: kind)
  }
}
