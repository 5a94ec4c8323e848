import Engine
import RuleLanguage

/// What the three CSV importers share: the table, the report, the sessions being gathered, and
/// readers of dates, numbers and weights that note what they assume.
struct CSVImport {
  var table: CSVTable
  let format: ImportFormat
  /// The unit of weights the file does not give a unit for (`--weight-unit`); nil: kg, noted.
  let weightUnit: WeightUnit?
  var report = ImportReport()
  var assembler = SessionAssembler()
  /// The last date text read and its value (rows of a session repeat it).
  private var lastDate: (text: String, value: LocalDateTime?) = ("", nil)
  private var assumedUnit = false

  init(_ table: CSVTable, format: ImportFormat, weightUnit: WeightUnit?) {
    self.table = table
    self.format = format
    self.weightUnit = weightUnit
  }

  /// A column the format needs, or an error naming it.
  func required(_ index: Int?, _ name: String) throws(DiagnosticError) -> Int {
    guard let index else {
      throw DiagnosticError(
        Diagnostic(
          file: table.name, position: SourcePosition(line: 1, column: 1),
          message:
            "the header has no '\(name)' column, which a \(format.appName) export has (docs/import.md lists the layouts read)"
        ))
    }
    return index
  }

  /// A date and time, remembered for the rows after it.
  mutating func date(_ text: String) -> LocalDateTime? {
    if text == lastDate.text { return lastDate.value }
    lastDate = (text, LocalDateTime(text))
    return lastDate.value
  }

  /// A number of a field (nil when empty), or why not.
  func number(_ fields: [String], _ index: Int?) -> Result<Double?, Unreadable> {
    guard let index, !fields[index].isEmpty else { return .success(nil) }
    guard let value = Text.number(fields[index], decimalComma: table.usesDecimalComma) else {
      return .failure(Unreadable("\(table.header[index]) '\(fields[index])' is not a number"))
    }
    return .success(value)
  }

  /// Whether the numbers of `columns` read (empty counts as read).
  func numbersRead(_ fields: [String], _ columns: [Int?]) -> Bool {
    columns.allSatisfy { if case .success = number(fields, $0) { return true } else { return false } }
  }

  /// A weight in kg (0 when empty), or why not. A weight without a unit in the file is read in
  /// `--weight-unit`, else kg, and the assumption is noted once.
  mutating func weight(_ fields: [String], _ column: MeasureColumn) -> Result<Double, Unreadable> {
    let unitless = column.headerFactor == nil && (column.unitColumn.map { fields[$0].isEmpty } ?? true)
    if unitless, weightUnit == nil, !assumedUnit, !fields[column.index].isEmpty {
      assumedUnit = true
      report.assumptions.append(
        "weights read as kg: the file does not say their unit (--weight-unit lb if they are pounds)")
    }
    return column.value(fields, fallback: (weightUnit ?? .kg).kilograms, decimalComma: table.usesDecimalComma).map {
      $0 ?? 0
    }
  }

  /// A distance in km (nil when empty), or why not.
  func distance(_ fields: [String], _ column: MeasureColumn?) -> Result<Double?, Unreadable> {
    guard let column else { return .success(nil) }
    return column.value(fields, fallback: 1, decimalComma: table.usesDecimalComma)
  }

  /// Reps (nil when empty or 0), or why not.
  func reps(_ fields: [String], _ index: Int) -> Result<Int?, Unreadable> {
    number(fields, index).flatMap { value in
      guard let value else { return .success(nil) }
      guard value >= 0, value == value.rounded(), value < 1e9 else {
        return .failure(Unreadable("reps '\(fields[index])' are not a whole number"))
      }
      return .success(Int(value))
    }
  }

  /// The set of a row, or nil after reporting why it cannot be read (no exercise name, a value
  /// that is not a number, an unknown unit). An RPE of 0 means none was logged.
  mutating func set(
    _ fields: [String], line: Int, _ columns: SetColumns, kind: ExerciseSet.Kind = .working, time: Double? = nil,
    hint: String? = nil
  ) -> SourceSet? {
    guard !fields[columns.exercise].isEmpty else {
      report.note(line, .skipped, "no exercise name")
      return nil
    }
    let read = reps(fields, columns.reps).flatMap { reps in
      weight(fields, columns.weight).flatMap { kilograms in
        distance(fields, columns.distance).flatMap { kilometres in
          number(fields, columns.seconds).flatMap { seconds in
            number(fields, columns.rpe).map { rpe in
              SourceSet(
                line: line, exercise: fields[columns.exercise], reps: reps, weightKg: kilograms, kind: kind,
                rpe: rpe == 0 ? nil : rpe,
                distanceKm: kilometres, seconds: seconds ?? time, categoryHint: hint)
            }
          }
        }
      }
    }
    switch read {
    case .success(let set): return set
    case .failure(let problem):
      report.note(line, .skipped, problem.reason)
      return nil
    }
  }
}

/// Where a format keeps a set's values (nil: it has no such column).
struct SetColumns {
  var exercise: Int
  var reps: Int
  var weight: MeasureColumn
  var distance: MeasureColumn?
  var seconds: Int?
  var rpe: Int?
}
