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
    writer.object { writer in
      writer.key("type")
      writer.string(typeName)
      writer.key("id")
      writer.string(id)
      writer.key("date")
      writer.string(day.iso)
      switch self {
      case .workoutLogged(let workout): Event.write(workout, to: &writer)
      case .nutritionLogged(let log):
        writer.key("intakeKcal")
        writer.number(log.intakeKcal)
        Event.optional("proteinG", log.proteinG, &writer)
        Event.optional("carbsG", log.carbsG, &writer)
        Event.optional("fatG", log.fatG, &writer)
      case .companionChosen(let choice):
        writer.key("species")
        writer.string(choice.species)
      case .profileUpdated(let profile):
        writer.key("targets")
        profile.targets.write(to: &writer)
      case .dayClosed: break
      }
    }
  }

  static func optional(_ key: String, _ value: Double?, _ writer: inout JSONWriter) {
    guard let value else { return }
    writer.key(key)
    writer.number(value)
  }

  private static func write(_ workout: Workout, to writer: inout JSONWriter) {
    writer.key("category")
    writer.string(workout.category)
    writer.key("durationMin")
    writer.number(workout.durationMin)
    optional("rpe", workout.rpe, &writer)
    optional("activeKcal", workout.activeKcal, &writer)
    optional("distanceKm", workout.distanceKm, &writer)
    if let summary = workout.summary {
      writer.key("sets")
      writer.integer(summary.sets)
      writer.key("reps")
      writer.integer(summary.reps)
      writer.key("volumeKg")
      writer.number(summary.volumeKg)
    }
    guard !workout.exercises.isEmpty else { return }
    writer.key("exercises")
    writer.array { writer in
      for exercise in workout.exercises {
        writer.object { writer in
          writer.key("name")
          writer.string(exercise.name)
          writer.key("sets")
          writer.array { writer in
            for set in exercise.sets {
              writer.object { writer in
                writer.key("reps")
                writer.integer(set.reps)
                writer.key("weightKg")
                writer.number(set.weightKg)
                optional("rpe", set.rpe, &writer)
                if set.kind != .working {
                  writer.key("kind")
                  writer.string(set.kind.rawValue)
                }
              }
            }
          }
        }
      }
    }
  }
}

extension MacroTargets {
  /// Writes the targets as `{"kcal":…,"proteinG":…,"carbsG":…,"fatG":…}`.
  public func write(to writer: inout JSONWriter) {
    writer.object { writer in
      writer.key("kcal")
      writer.number(kcal)
      writer.key("proteinG")
      writer.number(proteinG)
      writer.key("carbsG")
      writer.number(carbsG)
      writer.key("fatG")
      writer.number(fatG)
    }
  }
}
