import Engine
import RuleLanguage

/// A simulated training life: a persona, a weekly plan, a program, adherence and eating habits,
/// run against a rule pack for a number of days. Loaded from `scenarios/NAME.json`.
public struct Scenario: Sendable {
  /// The file name without `.json`.
  public let name: String
  public let description: String
  /// The scenario file.
  public let path: String
  /// The rule pack directory, resolved relative to the scenario file.
  public let rulesPath: String
  /// The seed of the run (run 0 of a Monte Carlo batch).
  public private(set) var seed: UInt64
  public let start: Day
  /// Days simulated, from `start`.
  public let days: Int
  public let persona: Persona
  public let sessions: [SessionPlan]
  /// A repeating cycle of program weeks; empty when there is no program.
  public let program: [ProgramWeek]
  public let adherence: Adherence
  public let nutrition: NutritionPattern?
  public let expectations: [ScenarioExpectation]
  /// The scenario file's text, for locating expectations.
  public let source: SourceFile
  /// The `scenario.…` overrides applied when loading.
  public let overrides: [JSONOverride]

  /// The day of a 1-based day index.
  public func day(_ index: Int) -> Day { start.adding(index - 1) }

  /// The same scenario with another seed.
  public func withSeed(_ seed: UInt64) -> Scenario {
    var copy = self
    copy.seed = seed
    return copy
  }
}

/// Who is training.
public struct Persona: Sendable {
  /// A starter chosen on day 1 (else the pack's default starter arrives with the first workout).
  public let starter: String?
  public let bodyWeightKg: Double
  /// Personal nutrition baselines, sent as a profile event on day 1.
  public let targets: MacroTargets?
  /// Strength gained per session early on, as a fraction (0.008 is 0.8%); it tapers off.
  public let strengthGain: Double
}

/// A session on given weekdays.
public struct SessionPlan: Sendable {
  /// ISO weekdays, 1 = Monday … 7 = Sunday.
  public let weekdays: [Int]
  public let category: String
  public let durationMin: ClosedRange<Double>
  public let rpe: ClosedRange<Double>
  public let activeKcal: ClosedRange<Double>?
  public let distanceKm: ClosedRange<Double>?
  public let exercises: [ExercisePlan]
  /// The chance of doing this session when planned, replacing the scenario's adherence.
  public let probability: Double?
}

/// An exercise of a session.
public struct ExercisePlan: Sendable {
  public let name: String
  public let sets: Int
  public let reps: Int
  /// The working load of the first session.
  public let startKg: Double
  /// The lifter's true one-rep max at the start (default 1.3 × startKg).
  public let maxKg: Double
  /// The range each working set's RPE is kept in (default 1–10).
  public let rpe: ClosedRange<Double>
  /// Whether the name is one the pack does not list, logged as unlisted (see docs/rules.md).
  public var isUnlisted = false
  /// This exercise's own strength gain, replacing the persona's.
  public var strengthGain: Double?
}

/// One week of a program: multipliers on load and on sets.
public struct ProgramWeek: Sendable {
  public let intensity: Double
  public let volume: Double
}

/// How reliably the persona trains, and when they stop.
public struct Adherence: Sendable {
  /// The chance of doing a planned session.
  public let probability: Double
  public let lapses: [Lapse]
  /// The chance, each day outside a lapse, that a lapse of `lapseDays` days starts (0: none).
  public var lapseChance = 0.0
  /// The length of the lapses `lapseChance` starts, drawn in this range.
  public var lapseDays: ClosedRange<Double> = 14...28

  /// Whether a 1-based day index falls in a lapse.
  public func isLapsed(_ index: Int) -> Bool {
    lapses.contains { index >= $0.startDay && index < $0.startDay + $0.days }
  }
}

/// A break from training.
public struct Lapse: Sendable {
  /// The 1-based day index it starts on.
  public let startDay: Int
  public let days: Int
}

/// What the persona eats: a mean and spread of daily intake, optionally drifting.
public struct NutritionPattern: Sendable {
  /// The chance of logging a day's intake.
  public let logProbability: Double
  public let meanKcal: Double
  public let spreadKcal: Double
  /// Change of the mean per week (negative for a diet).
  public let driftKcalPerWeek: Double
  public let proteinG: Double?
}
