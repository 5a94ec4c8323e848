/// A workout category and its parameters (`category.multiplier`, `category.base`…).
public struct CategoryRule: Sendable {
  /// The category name, as events write it.
  public let name: String
  /// Parameter values in the order of ``RulePack/categoryParameters``.
  public let parameters: [Double]
}

/// An exercise the pack knows.
public struct ExerciseRule: Sendable {
  /// The name, as events write it.
  public let name: String
  /// The index of its category.
  public let category: Int
  /// Plate increment for load suggestions, overriding the progression default.
  public let incrementKg: Double?
  /// Other names events may use for it ("Squat (Barbell)" for "Back Squat").
  public let aliases: [String]
}
