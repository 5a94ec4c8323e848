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
          message: "the header has no '\(name)' column, which a \(format.appName) export has (docs/import.md lists the layouts read)"))
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
      report.assumptions.append("weights read as kg: the file does not say their unit (--weight-unit lb if they are pounds)")
    }
    return column.value(fields, fallback: (weightUnit ?? .kg).kilograms, decimalComma: table.usesDecimalComma).map { $0 ?? 0 }
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
}
