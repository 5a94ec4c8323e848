/// The phases of the engine, and — written once, here — the order in which they run.
///
/// The order follows the source app's completion pipeline: complete the workout (day, streak,
/// totals, records, load suggestions) → calculate XP → companion XP and stats → evolution →
/// player XP and level → achievements (to a fixed point, since reward XP can level up and unlock
/// more). docs/architecture.md explains each phase.
enum Phase: Sendable {
  /// Rolls the calendar to the event's day: closes the previous day (nutrition target), resets
  /// the week, breaks a lapsed streak.
  case openDay
  case streak
  /// Adds the workout to lifetime and per-category totals.
  case workoutTotals
  case records
  case progression
  case experience
  /// Gives the pack's default starter with the first workout.
  case defaultStarter
  case companionXP
  case evolution
  case playerLevel
  case achievements
  case intake
  case companionChoice
  case profile
  /// Settles the day's nutrition target.
  case closeDay

  static let workoutPipeline: [Phase] = [
    .openDay, .streak, .workoutTotals, .records, .progression, .experience, .defaultStarter, .companionXP,
    .evolution, .playerLevel, .achievements,
  ]
  static let nutritionPipeline: [Phase] = [.openDay, .intake, .achievements]
  static let companionPipeline: [Phase] = [.openDay, .companionChoice, .achievements]
  static let profilePipeline: [Phase] = [.openDay, .profile]
  static let dayClosedPipeline: [Phase] = [.openDay, .closeDay]

  /// The phases an event runs through, in order.
  static func pipeline(for event: Event) -> [Phase] {
    switch event {
    case .workoutLogged: return workoutPipeline
    case .nutritionLogged: return nutritionPipeline
    case .companionChosen: return companionPipeline
    case .profileUpdated: return profilePipeline
    case .dayClosed: return dayClosedPipeline
    }
  }
}

/// What a phase knows about the event being applied.
struct Step {
  let eventID: String
  let day: Day
  /// Facts of the event, filled by ``Engine/prepare(_:state:)``.
  var facts = EventFacts()
  /// Slot array for formula variables.
  let slots: UnsafeMutablePointer<Double>
  let explain: Bool
}

/// Numbers about the current event that formulas read (`workout.*`, `day.*`, `intake.*`).
struct EventFacts {
  var category = -1
  var durationMin = 0.0
  var sets = 0
  var reps = 0
  var volumeKg = 0.0
  var rpe = 0.0
  var hasRPE = false
  var activeKcal = 0.0
  var distanceKm = 0.0
  var exercises: [Int] = []
  var isFirstOfWeek = false
  var isFirstOfDay = false
  var prs = 0
  var xp: Int64 = 0
  var intakeAverage = 0.0
  var intakeDays = 0
}
