/// A column of amounts and where its unit is written: in a unit column beside it (`Weight
/// Unit`), in its header (`Weight (kg)`, `weight_lbs`), or nowhere (then a fallback applies).
/// Amounts are converted to one unit (kg for weights, km for distances).
struct MeasureColumn {
  let index: Int
  /// The column naming each row's unit.
  let unitColumn: Int?
  /// The factor the header gives.
  let headerFactor: Double?
  /// Reads a unit's text into a factor.
  let factor: (String) -> Double?

  /// The value of a row: nil when empty; a reason when it cannot be read.
  func value(_ fields: [String], fallback: Double, decimalComma: Bool) -> Result<Double?, Unreadable> {
    let text = fields[index]
    guard !text.isEmpty else { return .success(nil) }
    guard let number = Text.number(text, decimalComma: decimalComma) else {
      return .failure(Unreadable("'\(text)' is not a number"))
    }
    if let unitColumn, !fields[unitColumn].isEmpty {
      guard let factor = factor(fields[unitColumn]) else {
        return .failure(Unreadable("unknown unit '\(fields[unitColumn])'"))
      }
      return .success(number * factor)
    }
    return .success(number * (headerFactor ?? fallback))
  }

  /// Whether a row's value reads (for repairing rows).
  func reads(_ fields: [String], decimalComma: Bool) -> Bool {
    if case .success = value(fields, fallback: 1, decimalComma: decimalComma) { return true }
    return false
  }

  /// Finds a weight column: `weight` with `weight unit`, `weight (kg)`, `weight (lbs)`, or one of
  /// the headers in `named` with their units (`weight_kg`).
  static func weight(in table: CSVTable, named: [(String, WeightUnit)] = []) -> MeasureColumn? {
    let factor = { (text: String) in WeightUnit(text: text)?.kilograms }
    if let index = table.column("weight") {
      return MeasureColumn(index: index, unitColumn: table.column("weight unit"), headerFactor: nil, factor: factor)
    }
    if let (index, unit) = table.column(withUnit: "weight"), let kilograms = factor(unit) {
      return MeasureColumn(index: index, unitColumn: nil, headerFactor: kilograms, factor: factor)
    }
    for (name, unit) in named {
      if let index = table.column(name) {
        return MeasureColumn(index: index, unitColumn: nil, headerFactor: unit.kilograms, factor: factor)
      }
    }
    return nil
  }

  /// Finds a distance column: `distance` with `distance unit`, `distance (meters)`, or one of the
  /// headers in `named` with their kilometres per unit (`distance_km`).
  static func distance(in table: CSVTable, named: [(String, Double)] = []) -> MeasureColumn? {
    let factor = DistanceUnit.kilometres(per:)
    if let index = table.column("distance") {
      return MeasureColumn(index: index, unitColumn: table.column("distance unit"), headerFactor: nil, factor: factor)
    }
    if let (index, unit) = table.column(withUnit: "distance"), let kilometres = factor(unit) {
      return MeasureColumn(index: index, unitColumn: nil, headerFactor: kilometres, factor: factor)
    }
    for (name, kilometres) in named {
      if let index = table.column(name) {
        return MeasureColumn(index: index, unitColumn: nil, headerFactor: kilometres, factor: factor)
      }
    }
    return nil
  }
}

/// Why a field cannot be read (a row is skipped with it).
struct Unreadable: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}
