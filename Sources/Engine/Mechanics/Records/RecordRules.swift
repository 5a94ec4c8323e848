import RuleLanguage

/// Personal record rules (records.json).
public final class RecordRules: Sendable {
  /// Which records are tracked.
  public let kinds: [PersonalRecordKind]
  /// Estimated one-rep max from `weight` and `reps`.
  public let estimatedOneRepMax: Formula
  /// The most reps the estimate reads; what sets with more do is ``highRepSets``.
  public let maxRepsForEstimate: Int
  /// Sets with more than ``maxRepsForEstimate`` reps: excluded from the estimate, or estimated
  /// as if they had that many reps.
  public let highRepSets: HighRepSets
  /// Whether the first session of an exercise already counts as records.
  public let awardFirst: Bool
  /// Whether each kind is tracked (``kinds`` as flags, read once per workout).
  let tracksHeaviest: Bool
  let tracksEstimate: Bool
  let tracksRepsAtWeight: Bool

  /// What the estimate does with sets of more reps than ``maxRepsForEstimate``.
  public enum HighRepSets: String, Sendable, CaseIterable {
    /// They do not count for the estimate.
    case exclude
    /// They count with their reps capped at ``maxRepsForEstimate`` (the seed app Antrain's way).
    case cap
  }

  init(
    kinds: [PersonalRecordKind], estimatedOneRepMax: Formula, maxRepsForEstimate: Int,
    highRepSets: HighRepSets = .exclude,
    awardFirst: Bool
  ) {
    self.kinds = kinds
    self.estimatedOneRepMax = estimatedOneRepMax
    self.maxRepsForEstimate = maxRepsForEstimate
    self.highRepSets = highRepSets
    self.awardFirst = awardFirst
    tracksHeaviest = kinds.contains(.heaviestWeight)
    tracksEstimate = kinds.contains(.estimatedOneRepMax)
    tracksRepsAtWeight = kinds.contains(.repsAtWeight)
  }

  /// The reps the estimate reads for a set, or nil when the set does not count.
  @inline(__always)
  func estimateReps(_ reps: Int) -> Int? {
    if reps <= maxRepsForEstimate { return reps }
    return highRepSets == .cap ? maxRepsForEstimate : nil
  }

  /// Reads records.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> RecordRules? {
    guard let object = decoder.documents["records"]?.object else { return nil }
    defer { object.finish() }
    var kinds = PersonalRecordKind.allCases
    if let list = object.optional("kinds")?.array {
      kinds = list.compactMap { node in
        node.choice(PersonalRecordKind.allCases.map(\.rawValue), what: "record kind").flatMap(PersonalRecordKind.init)
      }
    }
    let estimate = decoder.formula(object.required("estimatedOneRepMax"), variables: ["weight", "reps"])
    let maxReps = object.optional("maxRepsForEstimate")?.integer(in: 1...100) ?? 12
    let highReps =
      object.optional("highRepSets")?.choice(HighRepSets.allCases.map(\.rawValue), what: "high-rep rule")
      .flatMap(HighRepSets.init) ?? .exclude
    let awardFirst = object.optional("awardFirst")?.bool ?? false
    guard let estimate else { return nil }
    return RecordRules(
      kinds: kinds, estimatedOneRepMax: estimate, maxRepsForEstimate: maxReps, highRepSets: highReps,
      awardFirst: awardFirst)
  }
}

/// A kind of personal record.
public enum PersonalRecordKind: String, Sendable, CaseIterable, Codable, Hashable, BitwiseCopyable {
  case heaviestWeight
  case estimatedOneRepMax
  case repsAtWeight
}

/// Personal records of one exercise.
public struct ExerciseRecord: Sendable, Equatable, Codable, Hashable {
  /// The exercise.
  public package(set) var exercise: String
  /// Sessions that had working sets.
  public package(set) var sessions = 0
  /// The heaviest working weight lifted.
  public package(set) var heaviestKg = 0.0
  /// The best estimated one-rep max.
  public package(set) var bestEstimatedOneRepMaxKg = 0.0
  /// Most reps in one set at each weight, by ascending weight.
  public package(set) var repsAtWeight: [RepsAtWeight] = []

  /// Creates an empty record.
  public init(exercise: String) { self.exercise = exercise }
}

/// Most reps done at a weight.
public struct RepsAtWeight: Sendable, Equatable, Codable, Hashable {
  /// The weight.
  public package(set) var weightKg: Double
  /// The most reps done at it.
  public package(set) var reps: Int

  /// Creates an entry.
  public init(weightKg: Double, reps: Int) {
    self.weightKg = weightKg
    self.reps = reps
  }
}

enum RecordFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    typealias C = FactAccess
    return [
      Fact("workout.prs", .number, FactScope.onWorkout, "personal records set by this workout") { _, c, _ in
        Double(C.context(c).pointee.facts.prs)
      },
      Fact("player.prs", .number, FactScope.all, "personal records set", monotonic: true, changes: .workouts) {
        p, _, _ in
        Double(C.progress(p).pointee.totals.prs)
      },
    ]
  }
}
