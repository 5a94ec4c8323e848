import Engine
import RuleLanguage

/// A fitted persona beside the history it was fitted to: week by week over the first weeks
/// (sessions and working-set volume, the simulated ones averaged over the runs), and over the
/// whole scenario the sessions per week and the share of each category.
package struct PersonaComparison: Sendable {
  /// One week: the history's numbers and the runs' means.
  package struct Week: Sendable {
    package var realSessions: Int
    package var realVolumeKg: Double
    package var simulatedSessions: Double
    package var simulatedVolumeKg: Double
  }

  package private(set) var weeks: [Week] = []
  package let runs: Int
  package private(set) var realSessionsPerWeek = 0.0
  package private(set) var simulatedSessionsPerWeek = 0.0
  /// Per category in the pack's order: the history's share and the runs' share of workouts.
  package private(set) var shares: [(category: String, real: Double, simulated: Double)] = []

  /// Runs the scenario `runs` times (run i with the seed `simulate --runs` gives it) and compares.
  package init(history: TrainingHistory, scenario: Scenario, engine: Engine, runs: Int, weeks count: Int = 12)
    throws(DiagnosticError)
  {
    self.runs = runs
    let weekCount = min(count, max(1, scenario.days / 7))
    var sessions = [Double](repeating: 0, count: weekCount)
    var volume = [Double](repeating: 0, count: weekCount)
    var categories = [Double](repeating: 0, count: engine.pack.categories.count)
    var total = 0.0
    for run in 0..<runs {
      let seed = SplitMix64.runSeed(scenario.seed, run: run)
      let result = try SimulationRunner.run(
        scenario, engine: engine, seed: seed, recording: RecordingOptions(events: true))
      for event in result.events {
        guard case .workout(let workout) = event.kind else { continue }
        total += 1
        if let index = engine.pack.category(named: workout.category) { categories[index] += 1 }
        let week = (event.day.number - scenario.start.number) / 7
        guard week < weekCount else { continue }
        sessions[week] += 1
        volume[week] += TrainingHistory.volume(workout)
      }
    }
    let real = history.weekly(weekCount)
    let runCount = Double(max(1, runs))
    weeks = (0..<weekCount).map { week in
      Week(
        realSessions: real[week].sessions, realVolumeKg: real[week].volumeKg,
        simulatedSessions: sessions[week] / runCount,
        simulatedVolumeKg: volume[week] / runCount)
    }
    realSessionsPerWeek = history.sessionsPerWeek
    simulatedSessionsPerWeek = total / runCount * 7 / Double(scenario.days)
    shares = zip(history.categoryShares(engine.pack), categories).map { real, simulated in
      (real.category, real.share, total > 0 ? simulated / total : 0)
    }
  }

  /// The comparison as Markdown tables (what docs/balancing.md shows).
  package var table: String {
    func kg(_ value: Double) -> String { NumberText.format(value.rounded()) }
    func one(_ value: Double) -> String { NumberText.format(value, decimals: 2) }
    func percent(_ value: Double) -> String { NumberText.format((value * 1000).rounded() / 10) + "%" }
    var lines = [
      "| week | sessions, real | sessions, simulated (mean of \(runs)) | volume kg, real | volume kg, simulated (mean) |",
      "|---:|---:|---:|---:|---:|",
    ]
    for (index, week) in weeks.enumerated() {
      lines.append(
        "| \(index + 1) | \(week.realSessions) | \(one(week.simulatedSessions)) | \(kg(week.realVolumeKg)) | \(kg(week.simulatedVolumeKg)) |"
      )
    }
    let realTotal = weeks.reduce(0) { $0 + Double($1.realSessions) }
    let simulatedTotal = weeks.reduce(0) { $0 + $1.simulatedSessions }
    let realVolume = weeks.reduce(0) { $0 + $1.realVolumeKg }
    let simulatedVolume = weeks.reduce(0) { $0 + $1.simulatedVolumeKg }
    lines.append(
      "| all | \(NumberText.format(realTotal)) | \(one(simulatedTotal)) | \(kg(realVolume)) | \(kg(simulatedVolume)) |")
    lines.append("")
    lines.append("| over the whole history | real | simulated |")
    lines.append("|---|---:|---:|")
    lines.append("| sessions per week | \(one(realSessionsPerWeek)) | \(one(simulatedSessionsPerWeek)) |")
    for share in shares where share.real > 0 || share.simulated > 0 {
      lines.append("| \(share.category) | \(percent(share.real)) | \(percent(share.simulated)) |")
    }
    return lines.joined(separator: "\n")
  }
}
