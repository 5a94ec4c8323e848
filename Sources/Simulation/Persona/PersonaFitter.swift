import Engine
import RuleLanguage

/// Fits a scenario to a training history (docs/scenarios.md, "Personas"): one planned session per
/// weekday, category and ordinal the history has, happening with the probability the history
/// shows on that weekday outside lapses; each with the history's durations, RPE, energy and
/// distance (10th to 90th percentile), its usual exercises with their sets, reps, first loads and
/// progression; lapses that start at the history's rate and last as long; and its eating.
package struct PersonaFitter {
  let history: TrainingHistory
  let pack: RulePack
  /// Each exercise's fit over the whole history, worked out once.
  let exerciseFits: [String: ExerciseFit]

  package init(history: TrainingHistory, pack: RulePack) {
    self.history = history
    self.pack = pack
    exerciseFits = Self.exerciseFits(history)
  }

  static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// The scenario, as the JSON text of a scenario file.
  /// - Parameters:
  ///   - name: whose history it is, for the description.
  ///   - rules: the `rules` path the file writes (relative to where the file will be).
  package func scenario(name: String, rules: String, seed: UInt64 = 1) -> String {
    var lines: [String] = ["{", "  \"format\": 1,"]
    let mix = history.categoryShares(pack).filter { $0.share > 0 }
      .map { "\($0.category) \(NumberText.format(($0.share * 100).rounded()))%" }.joined(separator: ", ")
    let perWeek = NumberText.format((history.sessionsPerWeek * 100).rounded() / 100)
    let description =
      "Fitted by fitquest persona to \(name): \(history.sessions.count) workouts over \(history.days) days "
      + "(\(perWeek) a week; \(mix)), \(history.lapses.count) lapse\(history.lapses.count == 1 ? "" : "s")."
    lines.append("  \"description\": \(JSONWriter.quoted(description)),")
    lines.append("  \"rules\": \(JSONWriter.quoted(rules)),")
    lines.append("  \"seed\": \(seed),")
    lines.append("  \"start\": \"\(history.start.iso)\",")
    lines.append("  \"duration\": { \"days\": \(min(history.days, 3650)) },")
    lines.append("  \"persona\": \(persona()),")
    lines.append("  \"plan\": {")
    lines.append("    \"sessions\": [")
    lines.append(sessions().map { "      " + $0 }.joined(separator: ",\n"))
    lines.append("    ]")
    lines.append("  },")
    lines.append("  \"adherence\": \(adherence())" + (nutrition().map { ",\n  \"nutrition\": \($0)" } ?? ""))
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func persona() -> String {
    var fields: [String] = []
    if let starter = history.starter, pack.companions?.species(named: starter) != nil,
      pack.companions?.species.first(where: { $0.id == starter })?.isStarter == true
    {
      fields.append("\"starter\": \(JSONWriter.quoted(starter))")
    }
    if let t = history.targets {
      fields.append(
        "\"targets\": { \"kcal\": \(n(t.kcal)), \"proteinG\": \(n(t.proteinG)), \"carbsG\": \(n(t.carbsG)), \"fatG\": \(n(t.fatG)) }"
      )
    }
    let gains = exerciseFits.values.compactMap(\.gain).sorted()
    if !gains.isEmpty { fields.append("\"strengthGain\": \(n(Self.median(gains), 4))") }
    return fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }"
  }

  /// One session plan per (weekday, category, ordinal), in that order.
  private func sessions() -> [String] {
    let lapseDays = Set(history.lapses.flatMap { lapse in (0..<lapse.days).map { lapse.start.adding($0) } })
    var activeWeekdays = [Int](repeating: 0, count: 8)
    for offset in 0..<history.days where !lapseDays.contains(history.start.adding(offset)) {
      activeWeekdays[history.start.adding(offset).weekday] += 1
    }
    var plans: [String] = []
    for weekday in 1...7 {
      for category in pack.categories.map(\.name) {
        let maximum =
          history.sessions.filter { $0.day.weekday == weekday && $0.workout.category == category }.map(\.ordinal).max()
          ?? -1
        guard maximum >= 0 else { continue }
        for ordinal in 0...maximum {
          let slot = history.sessions.filter {
            $0.day.weekday == weekday && $0.workout.category == category && $0.ordinal == ordinal
          }
          let probability = min(1, Double(slot.count) / Double(max(1, activeWeekdays[weekday])))
          plans.append(session(slot.map(\.workout), weekday: weekday, category: category, probability: probability))
        }
      }
    }
    return plans
  }

  private func session(_ workouts: [Workout], weekday: Int, category: String, probability: Double) -> String {
    var fields = [
      "\"days\": [\"\(Self.weekdays[weekday - 1])\"]", "\"category\": \"\(category)\"",
      "\"probability\": \(n(probability, 3))",
      "\"durationMin\": \(range(workouts.map(\.durationMin), 1...600))",
    ]
    let rpes = workouts.compactMap(\.rpe)
    if !rpes.isEmpty { fields.append("\"rpe\": \(range(rpes, 1...10, decimals: 1))") }
    let kcal = workouts.compactMap(\.activeKcal)
    if kcal.count * 2 >= workouts.count, !kcal.isEmpty { fields.append("\"activeKcal\": \(range(kcal, 0...5000))") }
    let distances = workouts.compactMap(\.distanceKm)
    if distances.count * 2 >= workouts.count, !distances.isEmpty {
      fields.append("\"distanceKm\": \(range(distances, 0...300, decimals: 1))")
    }
    let exercises = usualExercises(workouts)
    if !exercises.isEmpty {
      fields.append("\"exercises\": [\n        " + exercises.joined(separator: ",\n        ") + "\n      ]")
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// The exercises of a slot: as many as its workouts' median count, the most frequent first
  /// (ties: the one met first), in the order they are usually done.
  private func usualExercises(_ workouts: [Workout]) -> [String] {
    let withExercises = workouts.filter { !$0.exercises.isEmpty }
    guard !withExercises.isEmpty else { return [] }
    let count = Int(Self.median(withExercises.map { Double($0.exercises.count) }).rounded())
    var names: [String] = []
    var frequency: [String: Int] = [:]
    var position: [String: Double] = [:]
    for workout in withExercises {
      for (index, exercise) in workout.exercises.enumerated() {
        if frequency[exercise.name] == nil { names.append(exercise.name) }
        frequency[exercise.name, default: 0] += 1
        position[exercise.name, default: 0] += Double(index)
      }
    }
    let chosen = names.enumerated().sorted { a, b in
      let (fa, fb) = (frequency[a.element] ?? 0, frequency[b.element] ?? 0)
      return fa != fb ? fa > fb : a.offset < b.offset
    }.prefix(min(count, 100)).map(\.element)
    let ordered = chosen.sorted {
      (position[$0] ?? 0) / Double(frequency[$0] ?? 1) < (position[$1] ?? 0) / Double(frequency[$1] ?? 1)
    }
    return ordered.map { name in exercise(name, in: withExercises) }
  }

  private func exercise(_ name: String, in workouts: [Workout]) -> String {
    let working = workouts.flatMap { $0.exercises.filter { $0.name == name } }.map {
      $0.sets.filter { $0.kind != .warmUp }
    }
    .filter { !$0.isEmpty }
    let sets = min(20, max(1, Int(Self.median(working.map { Double($0.count) }).rounded())))
    let reps = min(50, max(1, Int(Self.median(working.flatMap { $0.map { Double($0.reps) } }).rounded())))
    var fields = ["\"name\": \(JSONWriter.quoted(name))"]
    if pack.exercise(named: name) == nil { fields.append("\"unlisted\": true") }
    fields += ["\"sets\": \(sets)", "\"reps\": \(reps)"]
    let fit = exerciseFits[name] ?? ExerciseFit(startKg: 0, maxKg: 0, gain: nil)
    fields.append("\"startKg\": \(n(fit.startKg, 1))")
    if fit.maxKg > fit.startKg { fields.append("\"maxKg\": \(n(fit.maxKg, 1))") }
    let rpes = working.flatMap { $0.compactMap(\.rpe) }
    if !rpes.isEmpty { fields.append("\"rpe\": \(range(rpes, 1...10, decimals: 1))") }
    if let gain = fit.gain { fields.append("\"strengthGain\": \(n(gain, 4))") }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  private func adherence() -> String {
    let lapses = history.lapses
    guard !lapses.isEmpty else { return "{ \"probability\": 1 }" }
    let chance = Double(lapses.count) / Double(max(1, history.activeDays))
    let lengths = lapses.map { Double($0.days) }
    return
      "{ \"probability\": 1, \"lapseChance\": \(n(chance, 5)), \"lapseDays\": \(range(lengths, 1...3650, low: 0, high: 1)) }"
  }

  private func nutrition() -> String? {
    let days = history.nutrition
    guard !days.isEmpty else { return nil }
    let intakes = days.map(\.log.intakeKcal)
    let mean = intakes.reduce(0, +) / Double(intakes.count)
    let spread = (intakes.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intakes.count)).squareRoot()
    // Least-squares slope of intake over the day, per week.
    let xs = days.map { Double($0.day.number - history.start.number) }
    let meanX = xs.reduce(0, +) / Double(xs.count)
    let covariance = zip(xs, intakes).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - mean) }
    let variance = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
    let drift = variance > 0 ? covariance / variance * 7 : 0
    var fields = [
      "\"logProbability\": \(n(min(1, Double(days.count) / Double(history.days)), 3))",
      "\"meanKcal\": \(n(min(6000, max(800, mean)).rounded()))", "\"spreadKcal\": \(n(min(2000, spread).rounded()))",
      "\"driftKcalPerWeek\": \(n(min(500, max(-500, drift)), 1))",
    ]
    let proteins = days.compactMap(\.log.proteinG)
    if !proteins.isEmpty {
      fields.append("\"proteinG\": \(n(min(500, proteins.reduce(0, +) / Double(proteins.count)).rounded()))")
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  // MARK: Exercises over the whole history

  struct ExerciseFit {
    var startKg: Double
    var maxKg: Double
    var gain: Double?
  }

  /// Per exercise: its first session's heaviest working load and best estimated one-rep max
  /// (Epley: weight × (1 + reps / 30)), and the strength gain that grows the simulated lifter's
  /// max as the history's grew (see ``gain(sessions:)``).
  static func exerciseFits(_ history: TrainingHistory) -> [String: ExerciseFit] {
    var bests: [String: [Double]] = [:]
    var starts: [String: Double] = [:]
    for session in history.sessions {
      for exercise in session.workout.exercises {
        let working = exercise.sets.filter { $0.kind != .warmUp }
        guard !working.isEmpty else { continue }
        let best = working.map { $0.weightKg * (1 + Double($0.reps) / 30) }.max() ?? 0
        if starts[exercise.name] == nil { starts[exercise.name] = min(1000, working.map(\.weightKg).max() ?? 0) }
        bests[exercise.name, default: []].append(best)
      }
    }
    var fits: [String: ExerciseFit] = [:]
    for (name, series) in bests {
      let start = starts[name] ?? 0
      fits[name] = ExerciseFit(
        startKg: start, maxKg: min(1500, max(start, series[0])), gain: start > 0 ? Self.gain(sessions: series) : nil)
    }
    return fits
  }

  /// The gain g for which the generator's lifter, whose max grows by g × 40 / (40 + k) after its
  /// k-th session, goes from the median best of the first three sessions to that of the last
  /// three: g ≈ ln(last / first) / Σₖ 40 / (40 + k) over the sessions between them (ln(1 + x) ≈
  /// x for the small steps). Nil below 6 sessions, or for bodyweight exercises.
  static func gain(sessions series: [Double]) -> Double? {
    guard series.count >= 6 else { return nil }
    let first = median(Array(series.prefix(3)))
    let last = median(Array(series.suffix(3)))
    guard first > 0, last > 0 else { return nil }
    // The three-session medians sit one session in from each end.
    let steps = series.count - 3
    let harmonic = (1...steps).reduce(0.0) { $0 + 40 / (40 + Double($1)) }
    return min(0.05, max(0, Math.log(last / first) / harmonic))
  }

  // MARK: Numbers

  static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

  /// The value at a fraction of a sorted list, interpolated between neighbours.
  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position)
    let upper = min(sorted.count - 1, lower + 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }

  /// `[p10, p90]` (or one number when they are equal), clamped, rounded.
  private func range(
    _ values: [Double], _ limits: ClosedRange<Double>, decimals: Int = 0, low: Double = 0.1, high: Double = 0.9
  ) -> String {
    let sorted = values.sorted()
    let scale = pow10(decimals)
    func clamp(_ value: Double) -> Double {
      (min(limits.upperBound, max(limits.lowerBound, value)) * scale).rounded() / scale
    }
    let a = clamp(Self.percentile(sorted, low))
    let b = clamp(Self.percentile(sorted, high))
    return a == b ? NumberText.format(a) : "[\(NumberText.format(a)), \(NumberText.format(b))]"
  }

  private func n(_ value: Double, _ decimals: Int = 0) -> String {
    NumberText.format((value * pow10(decimals)).rounded() / pow10(decimals))
  }

  private func pow10(_ decimals: Int) -> Double { (0..<decimals).reduce(1.0) { value, _ in value * 10 } }
}
