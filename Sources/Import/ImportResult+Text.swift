import Engine
import RuleLanguage

extension ImportResult {
  /// One readable line per event (`--format text`): `2024-05-01 strength 55 min: Back Squat
  /// 3×5 @ 100 kg (+1 warm-up), Bench Press 5, 5, 4 @ 80 kg`; nutrition as its intake.
  public static func textLine(_ event: Event) -> String {
    switch event.kind {
    case .workout(let workout):
      var parts = ["\(event.day.iso) \(workout.category) \(NumberText.format(workout.durationMin)) min"]
      if let distance = workout.distanceKm { parts.append("\(NumberText.format(distance)) km") }
      if let kcal = workout.activeKcal { parts.append("\(NumberText.format(kcal)) kcal") }
      let exercises = workout.exercises.map { exercise in
        let working = exercise.sets.filter { $0.kind != .warmUp }
        let warmUps = exercise.sets.count - working.count
        let weights = Set(working.map(\.weightKg))
        var text = exercise.name + (exercise.isUnlisted ? " (unlisted)" : "")
        if let weight = working.first?.weightKg, weights.count == 1 {
          let reps = Set(working.map(\.reps))
          let sets =
            reps.count == 1
            ? "\(working.count)×\(working[0].reps)" : working.map { "\($0.reps)" }.joined(separator: ", ")
          text += " \(sets) @ \(NumberText.format(weight)) kg"
        } else if !working.isEmpty {
          text += " " + working.map { "\($0.reps)×\(NumberText.format($0.weightKg))" }.joined(separator: ", ")
        }
        if warmUps > 0 { text += " (+\(warmUps) warm-up\(warmUps == 1 ? "" : "s"))" }
        return text
      }
      return parts.joined(separator: ", ") + (exercises.isEmpty ? "" : ": " + exercises.joined(separator: "; "))
    case .nutrition(let log):
      var text = "\(event.day.iso) nutrition \(NumberText.format(log.intakeKcal)) kcal"
      let macros = [("protein", log.proteinG), ("carbs", log.carbsG), ("fat", log.fatG)].compactMap { name, grams in
        grams.map { "\(name) \(NumberText.format($0)) g" }
      }
      if !macros.isEmpty { text += " (" + macros.joined(separator: ", ") + ")" }
      return text
    default:
      return "\(event.day.iso) \(event.typeName) \(event.id)"
    }
  }

  /// The summary line: `strong.csv (Strong): 412 workouts, 9876 sets, 1234567.5 kg volume, 12
  /// cardio or timed entries merged, 0 nutrition days; 3 of 10290 rows skipped, 1 recovered`.
  public var summary: String {
    let r = report
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    var text =
      "\(source) (\(format.appName)): \(plural(r.workouts, "workout")), \(plural(r.sets, "set")), "
      + "\(NumberText.format((r.volumeKg * 10).rounded() / 10)) kg volume"
    if r.merged > 0 { text += ", \(r.merged) cardio or timed entr\(r.merged == 1 ? "y" : "ies") merged" }
    text += ", \(plural(r.nutritionDays, "nutrition day"))"
    text += "; \(r.skippedRows) of \(r.rows) rows skipped"
    let recovered = r.notes.filter { $0.kind == .recovered }.count
    if recovered > 0 { text += ", \(recovered) recovered" }
    if repeatedRecords > 0 { text += ", \(repeatedRecords) repeated records counted once" }
    if r.estimatedDurations > 0 { text += "; \(plural(r.estimatedDurations, "duration")) estimated (none logged)" }
    return text
  }

  /// Every note, as `FILE:LINE: kind: message`, then the assumptions.
  public var notes: [String] {
    report.notes.map { "\(source):\($0.line): \($0.kind.rawValue): \($0.message)" }
      + report.assumptions.map { "\(source): note: \($0)" }
  }
}
