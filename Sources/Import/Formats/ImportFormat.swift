/// The exports `fitquest import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  /// Strong's CSV export.
  case strong
  /// Hevy's `workout_data.csv`.
  case hevy
  /// FitNotes' CSV export.
  case fitnotes
  /// Apple Health's `export.xml`, or the `export.zip` that holds it.
  case appleHealth = "apple-health"

  /// The app's name, as messages write it.
  public var appName: String {
    switch self {
    case .strong: return "Strong"
    case .hevy: return "Hevy"
    case .fitnotes: return "FitNotes"
    case .appleHealth: return "Apple Health"
    }
  }
}

/// A unit of weight an export may use.
public enum WeightUnit: String, Sendable, CaseIterable {
  /// Kilograms.
  case kg
  /// Pounds.
  case lb

  /// Kilograms per unit (a pound is 0.45359237 kg exactly).
  public var kilograms: Double { self == .kg ? 1 : 0.45359237 }

  /// Reads `kg`, `kgs`, `kilograms`, `lb`, `lbs`, `pounds` (any case), or nil.
  public init?(text: String) {
    switch Text.key(text) {
    case "kg", "kgs", "kilogram", "kilograms": self = .kg
    case "lb", "lbs", "pound", "pounds": self = .lb
    default: return nil
    }
  }
}

/// A unit of distance an export may use.
enum DistanceUnit {
  /// Kilometres per unit of `km`, `m`, `mi`, `miles`, `yd`, `ft` (any case), or nil.
  static func kilometres(per text: String) -> Double? {
    switch Text.key(text) {
    case "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres": return 1
    case "m", "meter", "meters", "metre", "metres": return 0.001
    case "mi", "mile", "miles": return 1.609344
    case "yd", "yard", "yards": return 0.0009144
    case "ft", "feet", "foot": return 0.0003048
    default: return nil
    }
  }
}
