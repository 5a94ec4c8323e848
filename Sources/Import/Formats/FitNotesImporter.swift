import Engine
import RuleLanguage

/// FitNotes' CSV export (docs/import.md, "FitNotes"): one row per set, no workout name (a day's
/// rows are one workout) and no session length; the weight unit in the header (`Weight (kgs)`,
/// `Weight (lbs)`) or a `Weight Unit` column; cardio rows with a distance and an `H:MM:SS` time.
enum FitNotesImporter {
  static func read(_ csv: inout CSVImport) throws(DiagnosticError) {
    let table = csv.table
    let date = try csv.required(table.column("date"), "Date")
    let exercise = try csv.required(table.column("exercise"), "Exercise")
    let reps = try csv.required(table.column("reps"), "Reps")
    guard let weight = MeasureColumn.weight(in: table) else {
      _ = try csv.required(nil, "Weight (kgs)")
      return
    }
    let category = table.column("category")
    let distance = MeasureColumn.distance(in: table)
    let time = table.column("time")
    let text = [exercise, category, table.column("comment")].compactMap { $0 }
    let columns = SetColumns(exercise: exercise, reps: reps, weight: weight, distance: distance)
    let probe = csv
    while let (fields, line) = try csv.table.nextRow(
      textColumns: text,
      reads: { fields in
        LocalDateTime(fields[date]) != nil && weight.reads(fields, decimalComma: table.usesDecimalComma)
          && (distance?.reads(fields, decimalComma: table.usesDecimalComma) ?? true)
          && probe.numbersRead(fields, [reps])
          && (time.map { fields[$0].isEmpty || DurationText.clock(fields[$0]) != nil } ?? true)
      }, report: &csv.report)
    {
      guard let day = csv.date(fields[date]) else {
        csv.report.note(line, .skipped, "unreadable date '\(fields[date])'")
        continue
      }
      var seconds: Double?
      if let time, !fields[time].isEmpty {
        guard let value = DurationText.clock(fields[time]) else {
          csv.report.note(line, .skipped, "unreadable time '\(fields[time])' (H:MM:SS)")
          continue
        }
        seconds = value
      }
      let hint = category.map { Text.key(fields[$0]) == "cardio" ? "cardio" : "strength" }
      guard let set = csv.set(fields, line: line, columns, time: seconds, hint: hint) else { continue }
      // A day is one workout; its start is the day itself.
      let start = LocalDateTime(day: day.day)
      let index = csv.assembler.session(start: start, name: "") { SourceSession(start: start, name: "", line: line) }
      csv.assembler.add(set, to: index)
    }
  }
}
