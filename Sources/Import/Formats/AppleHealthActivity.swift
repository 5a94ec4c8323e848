/// Apple Health's workout activity types (`HKWorkoutActivityTypeRunning`…) and the category each
/// falls in when the pack does not know the activity by name: the name (`Running`,
/// `Traditional Strength Training`) is looked up among the pack's exercises and aliases first,
/// so a pack decides by aliasing it.
enum AppleHealthActivity {
  /// The activity's name: the type without its prefix, words split (`Traditional Strength
  /// Training`).
  static func name(_ type: String) -> String {
    let bare = type.hasPrefix("HKWorkoutActivityType") ? String(type.dropFirst("HKWorkoutActivityType".count)) : type
    var words = ""
    var previous: Character?
    for character in bare {
      if character.isUppercase, let previous, previous.isLowercase { words.append(" ") }
      words.append(character)
      previous = character
    }
    return words
  }

  /// The category of the default pack an activity falls in ("other" for anything unlisted).
  static func category(_ type: String) -> String {
    let bare = type.hasPrefix("HKWorkoutActivityType") ? String(type.dropFirst("HKWorkoutActivityType".count)) : type
    for (category, names) in table where names.contains(bare) { return category }
    return "other"
  }

  private static let table: [(String, [String])] = [
    (
      "strength",
      ["TraditionalStrengthTraining", "FunctionalStrengthTraining", "CoreTraining", "CrossTraining", "Gymnastics"]
    ),
    (
      "cardio",
      [
        "Running", "Cycling", "Swimming", "Rowing", "Elliptical", "StairClimbing", "Stairs", "StepTraining", "JumpRope",
        "HighIntensityIntervalTraining", "MixedCardio", "MixedMetabolicCardioTraining", "CardioDance", "Dance",
        "SocialDance",
        "Kickboxing", "CrossCountrySkiing", "HandCycling", "WheelchairRunPace", "WheelchairWalkPace", "PaddleSports",
        "SwimBikeRun",
        "Transition",
      ]
    ),
    (
      "flexibility",
      ["Yoga", "Pilates", "Flexibility", "MindAndBody", "Cooldown", "Barre", "TaiChi", "PreparationAndRecovery"]
    ),
    (
      "sports",
      [
        "Soccer", "Basketball", "Tennis", "Climbing", "Golf", "Baseball", "Softball", "Volleyball", "Badminton",
        "TableTennis",
        "Squash", "Racquetball", "AmericanFootball", "AustralianFootball", "Rugby", "Hockey", "Lacrosse", "Cricket",
        "Handball",
        "MartialArts", "Boxing", "Wrestling", "Fencing", "Archery", "Bowling", "Curling", "SkatingSports", "SnowSports",
        "Snowboarding", "DownhillSkiing", "SurfingSports", "WaterPolo", "WaterSports", "Sailing", "Pickleball",
        "DiscSports",
        "EquestrianSports", "TrackAndField", "FitnessGaming",
      ]
    ),
    ("other", ["Walking", "Hiking", "Fishing", "Hunting", "Play", "Other"]),
  ]
}
