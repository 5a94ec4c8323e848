/// Something that happened to a player, in the past tense; the input of the engine.
///
/// Events are NDJSON lines (`{"type":"workout",…}`); docs/events.md lists every type and field.
public enum Event: Sendable, Equatable {
  /// A workout was logged.
  case workoutLogged(Workout)
  /// A day's food intake was logged.
  case nutritionLogged(NutritionLog)
  /// The player chose a starter companion or switched the active one.
  case companionChosen(CompanionChoice)
  /// The player's nutrition baselines changed.
  case profileUpdated(ProfileUpdate)
  /// A day is over: its nutrition target is settled (the scenario runner emits one per day).
  case dayClosed(DayClosure)

  /// The event id (unique per player).
  public var id: String {
    switch self {
    case .workoutLogged(let workout): return workout.id
    case .nutritionLogged(let log): return log.id
    case .companionChosen(let choice): return choice.id
    case .profileUpdated(let profile): return profile.id
    case .dayClosed(let closure): return closure.id
    }
  }

  /// The calendar day.
  public var day: Day {
    switch self {
    case .workoutLogged(let workout): return workout.day
    case .nutritionLogged(let log): return log.day
    case .companionChosen(let choice): return choice.day
    case .profileUpdated(let profile): return profile.day
    case .dayClosed(let closure): return closure.day
    }
  }

  /// The `type` field of the event's JSON form.
  public var typeName: String {
    switch self {
    case .workoutLogged: return "workout"
    case .nutritionLogged: return "nutrition"
    case .companionChosen: return "companion"
    case .profileUpdated: return "profile"
    case .dayClosed: return "dayClosed"
    }
  }
}

/// A day's food intake.
public struct NutritionLog: Sendable, Equatable, Codable {
  public var id: String
  public var day: Day
  /// Energy eaten, kcal (0–20000).
  public var intakeKcal: Double
  public var proteinG: Double?
  public var carbsG: Double?
  public var fatG: Double?

  /// Creates a nutrition log.
  public init(id: String, day: Day, intakeKcal: Double, proteinG: Double? = nil, carbsG: Double? = nil, fatG: Double? = nil) {
    self.id = id
    self.day = day
    self.intakeKcal = intakeKcal
    self.proteinG = proteinG
    self.carbsG = carbsG
    self.fatG = fatG
  }
}

/// The player picks a companion species: a starter joins the collection, or a companion already
/// in the collection becomes the active one.
public struct CompanionChoice: Sendable, Equatable, Codable {
  public var id: String
  public var day: Day
  /// The species id.
  public var species: String

  /// Creates a choice.
  public init(id: String, day: Day, species: String) {
    self.id = id
    self.day = day
    self.species = species
  }
}

/// New personal baselines for the nutrition targets.
public struct ProfileUpdate: Sendable, Equatable, Codable {
  public var id: String
  public var day: Day
  public var targets: MacroTargets

  /// Creates a profile update.
  public init(id: String, day: Day, targets: MacroTargets) {
    self.id = id
    self.day = day
    self.targets = targets
  }
}

/// The end of a day.
public struct DayClosure: Sendable, Equatable, Codable {
  public var id: String
  public var day: Day

  /// Creates a day closure.
  public init(id: String, day: Day) {
    self.id = id
    self.day = day
  }
}

/// Calorie and macro amounts: a baseline or a day's targets.
public struct MacroTargets: Sendable, Equatable, Codable {
  public var kcal: Double
  public var proteinG: Double
  public var carbsG: Double
  public var fatG: Double

  /// Creates targets.
  public init(kcal: Double, proteinG: Double, carbsG: Double, fatG: Double) {
    self.kcal = kcal
    self.proteinG = proteinG
    self.carbsG = carbsG
    self.fatG = fatG
  }
}
