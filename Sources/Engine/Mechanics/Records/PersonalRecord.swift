import RuleLanguage

extension Recorded {
  /// A new personal record, with the exercise's index.
  package struct PersonalRecord: Sendable {
    package var exercise: Int
    package var kind: PersonalRecordKind
    package var value: Double
    package var previous: Double?
    package var weightKg: Double?
    /// The log's text index of the name of an unlisted exercise (its entry lies after the
    /// pack's exercises), or −1.
    package var name: Int32
  }
}

extension Recorded.PersonalRecord: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> PersonalRecord {
    PersonalRecord(self, name: log.text(name), pack: pack)
  }
}

/// A new personal record.
public struct PersonalRecord: AwardPayload, FieldListPayload {
  /// `"personalRecord"`.
  public static let type = "personalRecord"
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

  init(_ record: Recorded.PersonalRecord, name: String?, pack: RulePack) {
    self.init(
      exercise: name ?? pack.exercises[record.exercise].name, kind: record.kind, value: record.value,
      previous: record.previous,
      weightKg: record.weightKg)
  }

  /// Writes `exercise`, `kind`, `value`, and `previous` and `weightKg` when known.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("exercise", exercise)
    w.field("kind", kind.rawValue)
    w.field("value", value)
    if let previous { w.field("previous", previous) }
    if let weightKg { w.field("weightKg", weightKg) }
  }

  /// "personal record: Back Squat heaviest 100 kg (was 95)".
  public var explanation: String {
    let was = previous.map { " (was \(NumberText.short($0)))" } ?? ""
    switch kind {
    case .heaviestWeight: return "personal record: \(exercise) heaviest \(NumberText.short(value)) kg\(was)"
    case .estimatedOneRepMax: return "personal record: \(exercise) estimated 1RM \(NumberText.short(value)) kg\(was)"
    case .repsAtWeight:
      return
        "personal record: \(exercise) \(NumberText.short(value)) reps at \(NumberText.short(weightKg ?? 0)) kg\(was)"
    }
  }

  /// "/Back Squat/heaviestWeight", with "/WEIGHT" for reps at a weight.
  public func subject(in award: Award) -> String {
    "/\(exercise)/\(kind.rawValue)" + (weightKg.map { "/\(NumberText.format($0))" } ?? "")
  }

  /// "PR Back Squat heaviestWeight 100".
  public func token(in award: Award) -> String {
    "PR \(exercise) \(kind.rawValue) \(NumberText.format((value * 100).rounded() / 100))"
  }
}
