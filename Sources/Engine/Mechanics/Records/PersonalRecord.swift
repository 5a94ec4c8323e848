import RuleLanguage

extension Recorded {
  /// A new personal record, with the exercise's index.
  package struct PersonalRecord: Sendable {
    package var exercise: Int
    package var kind: PersonalRecordKind
    package var value: Double
    package var previous: Double?
    package var weightKg: Double?
    /// The name of an unlisted exercise (its entry lies after the pack's exercises).
    package var name: String?
  }
}

/// A new personal record.
public struct PersonalRecord: Sendable, Hashable, Codable {
  /// The exercise.
  public var exercise: String
  /// Which record.
  public var kind: PersonalRecordKind
  /// The new record: kg for weights, reps for `repsAtWeight`.
  public var value: Double
  /// The previous record, if there was one.
  public var previous: Double?
  /// For `repsAtWeight`: the weight.
  public var weightKg: Double?

  /// Creates a record award.
  public init(exercise: String, kind: PersonalRecordKind, value: Double, previous: Double?, weightKg: Double? = nil) {
    self.exercise = exercise
    self.kind = kind
    self.value = value
    self.previous = previous
    self.weightKg = weightKg
  }

  init(_ record: Recorded.PersonalRecord, pack: RulePack) {
    self.init(
      exercise: record.name ?? pack.exercises[record.exercise].name, kind: record.kind, value: record.value, previous: record.previous,
      weightKg: record.weightKg)
  }

  func write(_ w: inout JSONWriter) {
    w.field("exercise", exercise)
    w.field("kind", kind.rawValue)
    w.field("value", value)
    if let previous { w.field("previous", previous) }
    if let weightKg { w.field("weightKg", weightKg) }
  }

  var explanation: String {
    let was = previous.map { " (was \(NumberText.short($0)))" } ?? ""
    switch kind {
    case .heaviestWeight: return "personal record: \(exercise) heaviest \(NumberText.short(value)) kg\(was)"
    case .estimatedOneRepMax: return "personal record: \(exercise) estimated 1RM \(NumberText.short(value)) kg\(was)"
    case .repsAtWeight:
      return "personal record: \(exercise) \(NumberText.short(value)) reps at \(NumberText.short(weightKg ?? 0)) kg\(was)"
    }
  }

  var token: String { "PR \(exercise) \(kind.rawValue) \(NumberText.format((value * 100).rounded() / 100))" }
}
