import Engine
import RuleLanguage

/// Hevy's `workout_data.csv` (docs/import.md, "Hevy"): one row per set, `title` and
/// `start_time` identifying the workout, `end_time` giving its length; `set_type` warmup, normal,
/// failure or dropset; weights in `weight_kg` or `weight_lbs`, distances in `distance_km` or
/// `distance_miles`.
enum HevyImporter {
  static func read(_ csv: inout CSVImport) throws(DiagnosticError) {
    let table = csv.table
    let title = try csv.required(table.column("title"), "title")
    let start = try csv.required(table.column("start_time"), "start_time")
    let exercise = try csv.required(table.column("exercise_title"), "exercise_title")
    let reps = try csv.required(table.column("reps"), "reps")
    guard
      let weight = MeasureColumn.weight(
        in: table, named: [("weight_kg", .kg), ("weight_lbs", .lb), ("weight_lb", .lb)])
    else {
      _ = try csv.required(nil, "weight_kg")
      return
    }
    let end = table.column("end_time")
    let type = table.column("set_type")
    let distance = MeasureColumn.distance(
      in: table, named: [("distance_km", 1), ("distance_miles", 1.609344), ("distance_meters", 0.001)])
    let seconds = table.column("duration_seconds")
    let rpe = table.column("rpe")
    let text = [exercise, title, table.column("description"), table.column("exercise_notes")].compactMap { $0 }
    let columns = SetColumns(
      exercise: exercise, reps: reps, weight: weight, distance: distance, seconds: seconds, rpe: rpe)
    let probe = csv
    while let (fields, line) = try csv.table.nextRow(
      textColumns: text,
      reads: { fields in
        LocalDateTime(fields[start]) != nil && weight.reads(fields, decimalComma: false)
          && (distance?.reads(fields, decimalComma: false) ?? true) && probe.numbersRead(fields, [reps, seconds, rpe])
      }, report: &csv.report)
    {
      guard let begin = csv.date(fields[start]) else {
        csv.report.note(line, .skipped, "unreadable start_time '\(fields[start])'")
        continue
      }
      let kind: ExerciseSet.Kind
      switch type.map({ Text.key(fields[$0]) }) ?? "" {
      case "warmup", "warm-up", "warm up": kind = .warmUp
      case "dropset", "drop set", "drop": kind = .drop
      case "normal", "failure", "": kind = .working
      default:
        kind = .working
        csv.report.note(line, .ignored, "set_type '\(fields[type ?? 0])' (read as a working set)")
      }
      guard let set = csv.set(fields, line: line, columns, kind: kind) else { continue }
      let name = fields[title]
      var unread: String?
      let index = csv.assembler.session(start: begin, name: name) {
        let finish = end.flatMap { LocalDateTime(fields[$0]) }
        if finish == nil, let end, !fields[end].isEmpty { unread = fields[end] }
        return SourceSession(
          start: begin, name: name, line: line, durationMin: finish.map { Double(begin.seconds(to: $0)) / 60 })
      }
      if let unread {
        csv.report.note(line, .ignored, "end_time '\(unread)' of '\(name)' not read (duration estimated instead)")
      }
      csv.assembler.add(set, to: index)
    }
  }
}
