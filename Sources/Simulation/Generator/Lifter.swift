/// The simulated person's hidden strength: a true one-rep max per exercise that grows with
/// training (fast for beginners, tapering) and fades after long breaks. RPE comes from it, so
/// the engine's load suggestions meet a body that can or cannot keep up.
struct Lifter {
  var trueMax: [Double]
  var bestMax: [Double]
  var sessions: [Int]
  var lastTrained: [Int]
  /// Per exercise: its own gain, else the persona's.
  let gains: [Double]

  init(exercises: [ExercisePlan], gain: Double) {
    trueMax = exercises.map(\.maxKg)
    bestMax = trueMax
    sessions = exercises.map { _ in 0 }
    lastTrained = exercises.map { _ in 0 }
    gains = exercises.map { $0.strengthGain ?? gain }
  }

  /// Strength lost after more than 10 days off: 0.4% a day, never below 70% of the best.
  mutating func detrain(_ exercise: Int, today: Int) {
    let gap = today - lastTrained[exercise]
    guard lastTrained[exercise] > 0, gap > 10 else { return }
    let factor = max(0.7 * bestMax[exercise] / trueMax[exercise], 1 - 0.004 * Double(gap - 10))
    trueMax[exercise] *= min(1, factor)
  }

  /// Reps possible at a load (Epley's formula inverted).
  func maxReps(_ exercise: Int, load: Double) -> Double {
    guard load > 0 else { return 30 }
    return max(0, 30 * (trueMax[exercise] / load - 1))
  }

  /// Adaptation after a session: `gain × 40 / (40 + sessions so far)`, with the exercise's gain.
  mutating func adapt(_ exercise: Int, today: Int) {
    trueMax[exercise] *= 1 + gains[exercise] * 40 / (40 + Double(sessions[exercise]))
    bestMax[exercise] = max(bestMax[exercise], trueMax[exercise])
    sessions[exercise] += 1
    lastTrained[exercise] = today
  }
}
