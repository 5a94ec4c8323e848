import Engine
import RuleLanguage

/// Strong's CSV export (docs/import.md, "Strong"): one row per set, `Date` and `Workout Name`
/// identifying the workout; comma- or semicolon-separated, quoted or not; with or without
/// `Duration`, `Notes`, `Workout Notes`, `RPE`, `Workout #`; units in columns of their own or
/// in the headers.
enum StrongImporter {
  static func read(_ csv: inout CSVImport) throws(DiagnosticError) {
    let table = csv.table
    let date = try csv.required(table.column("date"), "Date")
    let exercise = try csv.required(table.column("exercise name"), "Exercise Name")
    let reps = try csv.required(table.column("reps"), "Reps")
    guard let weight = MeasureColumn.weight(in: table) else { _ = try csv.required(nil, "Weight"); return }
    let name = table.column("workout name")
    let order = table.column("set order")
    let distance = MeasureColumn.distance(in: table)
    let seconds = table.column("seconds")
    let rpe = table.column("rpe")
    // Durations: text with units (`1h 3m`), or numbers in the unit of the header.
    let duration: (index: Int, bareUnit: Double)?
    if let index = table.column("duration", "workout duration") {
      duration = (index, 1)
    } else if let (index, unit) = table.column(withUnit: "duration") {
      duration = (index, unit.hasPrefix("s") ? 1.0 / 60 : unit.hasPrefix("h") ? 60 : 1)
    } else {
      duration = nil
    }
    let text = [exercise, name, table.column("notes"), table.column("workout notes")].compactMap { $0 }
    let numeric: [Int?] = [reps, seconds, rpe]
    let columns = SetColumns(
      exercise: exercise, reps: reps, weight: weight, distance: distance, seconds: seconds, rpe: rpe)
    let probe = csv  // reads numbers while the table advances
    while let (fields, line) = try csv.table.nextRow(
      textColumns: text,
      reads: { fields in
        LocalDateTime(fields[date]) != nil && weight.reads(fields, decimalComma: table.usesDecimalComma)
          && (distance?.reads(fields, decimalComma: table.usesDecimalComma) ?? true)
          && probe.numbersRead(fields, numeric)
          && (duration.map {
            fields[$0.index].isEmpty || DurationText.minutes(fields[$0.index], bareUnit: $0.bareUnit) != nil
          } ?? true)
      }, report: &csv.report)
    {
      guard let start = csv.date(fields[date]) else {
        csv.report.note(line, .skipped, "unreadable date '\(fields[date])'")
        continue
      }
      let kind: ExerciseSet.Kind
      switch order.map({ Text.key(fields[$0]) }) ?? "" {
      case "w": kind = .warmUp
      case "d": kind = .drop
      default: kind = .working
      }
      guard let set = csv.set(fields, line: line, columns, kind: kind) else { continue }
      let workoutName = name.map { fields[$0] } ?? ""
      var unread: String?
      let index = csv.assembler.session(start: start, name: workoutName) {
        let minutes = duration.flatMap { DurationText.minutes(fields[$0.index], bareUnit: $0.bareUnit) }
        if minutes == nil, let duration, !fields[duration.index].isEmpty { unread = fields[duration.index] }
        return SourceSession(start: start, name: workoutName, line: line, durationMin: minutes)
      }
      if let unread {
        csv.report.note(line, .ignored, "duration '\(unread)' of '\(workoutName)' not read (estimated instead)")
      }
      csv.assembler.add(set, to: index)
    }
  }
}
