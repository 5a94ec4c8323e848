/// Something that happened to a player, in the past tense: the input of the engine.
///
/// An envelope: the fields every event has (`id`, `day`, and for multi-player stores the
/// `player`) around its ``Kind``. Events are NDJSON lines (`{"type":"workout",…}`);
/// docs/events.md lists every type and field.
public struct Event: Sendable, Hashable, Identifiable {
  /// The event id, unique per player (compared as bytes).
  public var id: String
  /// The calendar day.
  public var day: Day
  /// The player the event belongs to (required by multi-player stores, optional otherwise).
  public var player: String?
  /// What happened.
  public var kind: Kind

  /// What an event says happened.
  public enum Kind: Sendable, Hashable {
    /// A workout was logged.
    case workout(Workout)
    /// A day's food intake was logged.
    case nutrition(NutritionLog)
    /// The player chose a starter companion or switched the active one (a species id).
    case companion(species: String)
    /// The player's nutrition baselines changed.
    case profile(MacroTargets)
    /// A day is over: its nutrition target is settled.
    case dayClosed
    /// An earlier event is withdrawn: the player's state becomes what it would be without it.
    case retraction(of: String)
    /// An event of a type a mechanic adds (`pause`, `goal`).
    case mechanic(any MechanicEvent)

    public static func == (a: Kind, b: Kind) -> Bool {
      switch (a, b) {
      case (.workout(let x), .workout(let y)): return x == y
      case (.nutrition(let x), .nutrition(let y)): return x == y
      case (.companion(let x), .companion(let y)): return x == y
      case (.profile(let x), .profile(let y)): return x == y
      case (.dayClosed, .dayClosed): return true
      case (.retraction(let x), .retraction(let y)): return x == y
      case (.mechanic(let x), .mechanic(let y)): return x.hashable == y.hashable
      default: return false
      }
    }

    public func hash(into hasher: inout Hasher) {
      switch self {
      case .workout(let value): hasher.combine(value)
      case .nutrition(let value): hasher.combine(value)
      case .companion(let value): hasher.combine(value)
      case .profile(let value): hasher.combine(value)
      case .dayClosed: hasher.combine(0)
      case .retraction(let value): hasher.combine(value)
      case .mechanic(let value): hasher.combine(value.hashable)
      }
    }
  }

  /// Creates an event.
  public init(id: String, day: Day, player: String? = nil, kind: Kind) {
    self.id = id
    self.day = day
    self.player = player
    self.kind = kind
  }

  /// The `type` field of the event's JSON form.
  public var typeName: String {
    switch kind {
    case .workout: return "workout"
    case .nutrition: return "nutrition"
    case .companion: return "companion"
    case .profile: return "profile"
    case .dayClosed: return "dayClosed"
    case .retraction: return "retraction"
    case .mechanic(let event): return type(of: event).type
    }
  }
}

/// A day's food intake.
public struct NutritionLog: Sendable, Hashable, Codable {
  /// Energy eaten, kcal (0–20000).
  public var intakeKcal: Double
  /// Protein, g.
  public var proteinG: Double?
  /// Carbohydrates, g.
  public var carbsG: Double?
  /// Fat, g.
  public var fatG: Double?

  /// Creates a nutrition log.
  public init(intakeKcal: Double, proteinG: Double? = nil, carbsG: Double? = nil, fatG: Double? = nil) {
    self.intakeKcal = intakeKcal
    self.proteinG = proteinG
    self.carbsG = carbsG
    self.fatG = fatG
  }
}

/// Calorie and macro amounts: a baseline or a day's targets.
public struct MacroTargets: Sendable, Hashable, Codable, BitwiseCopyable {
  /// Energy, kcal.
  public var kcal: Double
  /// Protein, g.
  public var proteinG: Double
  /// Carbohydrates, g.
  public var carbsG: Double
  /// Fat, g.
  public var fatG: Double

  /// Creates targets.
  public init(kcal: Double, proteinG: Double, carbsG: Double, fatG: Double) {
    self.kcal = kcal
    self.proteinG = proteinG
    self.carbsG = carbsG
    self.fatG = fatG
  }
}
