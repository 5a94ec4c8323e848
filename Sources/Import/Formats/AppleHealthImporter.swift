import Engine
import RuleLanguage

/// Apple Health's `export.xml` (docs/import.md, "Apple Health"), streamed tag by tag:
/// `Workout` elements become workouts (activity type, duration, energy, distance, from the
/// element's attributes or, in newer exports, its own `WorkoutStatistics`); dietary energy,
/// protein, carbohydrate and fat `Record`s are summed per local day into nutrition logs, each
/// record counted once although exports repeat a `Correlation`'s records at the top level.
struct AppleHealthImporter {
  var report = ImportReport()
  var assembler = SessionAssembler()
  /// Nutrition per day, and the records already counted.
  private(set) var nutrition: [Day: SourceNutrition] = [:]
  private var seen: Set<[UInt8]> = []
  /// Records repeated in the export and counted once.
  private(set) var repeats = 0
  let pack: RulePack
  private var resolver: ExerciseResolver

  init(pack: RulePack) {
    self.pack = pack
    resolver = ExerciseResolver(pack: pack)
  }

  private enum Macro { case kcal, protein, carbs, fat }

  mutating func read(_ xml: inout XMLTokenizer) throws(DiagnosticError) {
    var sawHealthData = false
    while let token = try xml.next() {
      guard case .start(let isEmpty) = token, let first = xml.tag.first else { continue }
      if first == UInt8(ascii: "R"), xml.isElement("Record") {
        try record(xml)
      } else if first == UInt8(ascii: "W"), xml.isElement("Workout") {
        try workout(&xml, isEmpty: isEmpty)
      } else if first == UInt8(ascii: "H"), xml.isElement("HealthData") {
        sawHealthData = true
      }
    }
    if !sawHealthData {
      throw DiagnosticError(
        Diagnostic(file: xml.name, message: "no <HealthData> element: this is not an Apple Health export"))
    }
  }

  /// A dietary record (anywhere, including inside a `Correlation`); other records are skipped
  /// unread.
  private mutating func record(_ xml: XMLTokenizer) throws(DiagnosticError) {
    guard let type = xml.rawAttribute("type"), XMLTokenizer.hasPrefix(type, "HKQuantityTypeIdentifierDietary") else {
      return
    }
    let macro: Macro
    let kind = type.dropFirst("HKQuantityTypeIdentifierDietary".utf8.count)
    if XMLTokenizer.equals(kind, "EnergyConsumed") {
      macro = .kcal
    } else if XMLTokenizer.equals(kind, "Protein") {
      macro = .protein
    } else if XMLTokenizer.equals(kind, "Carbohydrates") {
      macro = .carbs
    } else if XMLTokenizer.equals(kind, "FatTotal") {
      macro = .fat
    } else {
      return
    }
    report.rows += 1
    let line = xml.tagLine
    var key: [UInt8] = []
    for name: StaticString in ["type", "sourceName", "startDate", "endDate", "value", "unit"] {
      key += xml.rawAttribute(name) ?? []
      key.append(0)
    }
    guard seen.insert(key).inserted else {
      repeats += 1
      return
    }
    guard let start = xml.attribute("startDate").flatMap(LocalDateTime.init) else {
      report.note(line, .skipped, "a dietary record without a readable startDate")
      return
    }
    guard let text = xml.attribute("value"), let value = Text.number(text), value >= 0 else {
      report.note(line, .skipped, "a dietary record whose value is not a number")
      return
    }
    let unit = xml.attribute("unit") ?? ""
    guard let factor = macro == .kcal ? Self.kilocalories(per: unit) : Self.grams(per: unit) else {
      report.note(line, .skipped, "a dietary record in unknown unit '\(unit)'")
      return
    }
    var day = nutrition[start.day] ?? SourceNutrition(day: start.day, line: line)
    switch macro {
    case .kcal: day.intakeKcal = (day.intakeKcal ?? 0) + value * factor
    case .protein: day.proteinG = (day.proteinG ?? 0) + value * factor
    case .carbs: day.carbsG = (day.carbsG ?? 0) + value * factor
    case .fat: day.fatG = (day.fatG ?? 0) + value * factor
    }
    nutrition[start.day] = day
  }

  /// A `Workout` and its direct `WorkoutStatistics` children (statistics of a nested
  /// `WorkoutActivity` repeat the workout's and are not read).
  private mutating func workout(_ xml: inout XMLTokenizer, isEmpty: Bool) throws(DiagnosticError) {
    report.rows += 1
    let line = xml.tagLine
    let type = xml.attribute("workoutActivityType") ?? "HKWorkoutActivityTypeOther"
    guard let start = xml.attribute("startDate").flatMap(LocalDateTime.init) else {
      report.note(line, .skipped, "a workout without a readable startDate")
      if !isEmpty { try skipElement(&xml) }
      return
    }
    var minutes = amount(
      xml.attribute("duration"), unit: xml.attribute("durationUnit") ?? "min", Self.minutes, "duration", line)
    if minutes == nil, let end = xml.attribute("endDate").flatMap(LocalDateTime.init) {
      minutes = Double(start.seconds(to: end)) / 60
    }
    var kcal = amount(
      xml.attribute("totalEnergyBurned"), unit: xml.attribute("totalEnergyBurnedUnit") ?? "kcal", Self.kilocalories,
      "totalEnergyBurned", line)
    var distance = amount(
      xml.attribute("totalDistance"), unit: xml.attribute("totalDistanceUnit") ?? "km", DistanceUnit.kilometres,
      "totalDistance", line)
    if !isEmpty {
      var depth = 1
      var statisticKcal: Double?
      var statisticDistance: Double?
      while depth > 0, let token = try xml.next() {
        switch token {
        case .end: depth -= 1
        case .start(let empty):
          if depth == 1, xml.isElement("WorkoutStatistics"), let statistic = xml.attribute("type") {
            let sum = xml.attribute("sum")
            let unit = xml.attribute("unit") ?? ""
            let at = xml.tagLine
            if statistic == "HKQuantityTypeIdentifierActiveEnergyBurned" {
              statisticKcal = amount(sum, unit: unit, Self.kilocalories, "active energy", at)
            } else if statistic.hasPrefix("HKQuantityTypeIdentifierDistance") {
              statisticDistance =
                (statisticDistance ?? 0) + (amount(sum, unit: unit, DistanceUnit.kilometres, "distance", at) ?? 0)
            }
          }
          if !empty { depth += 1 }
        }
      }
      kcal = kcal ?? statisticKcal
      distance = distance ?? statisticDistance
    }
    let name = AppleHealthActivity.name(type)
    let category =
      resolver.index(of: name).map { pack.categories[pack.exercises[$0].category].name }
      ?? AppleHealthActivity.category(type)
    let index = assembler.session(start: start, name: type) {
      SourceSession(
        start: start, name: type, line: line, durationMin: minutes, activeKcal: kcal, distanceKm: distance,
        category: pack.category(named: category) != nil ? category : pack.categories.first?.name)
    }
    if assembler.sessions[index].line != line {
      report.note(
        line, .skipped, "the same workout as line \(assembler.sessions[index].line) (same start and activity)")
    }
  }

  private mutating func skipElement(_ xml: inout XMLTokenizer) throws(DiagnosticError) {
    var depth = 1
    while depth > 0, let token = try xml.next() {
      switch token {
      case .end: depth -= 1
      case .start(let empty): if !empty { depth += 1 }
      }
    }
  }

  /// An amount in the unit `factor` converts to; an amount given but not read (not a number, or
  /// a unit not known) is noted and left out, so the workout is imported without it.
  private mutating func amount(
    _ text: String?, unit: String, _ factor: (String) -> Double?, _ what: String, _ line: Int
  ) -> Double? {
    guard let text else { return nil }
    guard let value = Text.number(text), let factor = factor(unit) else {
      report.note(
        line, .ignored,
        "\(what) '\(text) \(unit)' not read (\(Text.number(text) == nil ? "not a number" : "unit not known"))")
      return nil
    }
    return value * factor
  }

  static func kilocalories(per unit: String) -> Double? {
    switch unit {
    case "kcal", "Cal", "Kcal": return 1
    case "cal": return 0.001
    case "kJ", "kj": return 1 / 4.184
    case "J": return 1 / 4_184
    default: return nil
    }
  }

  static func grams(per unit: String) -> Double? {
    switch unit {
    case "g": return 1
    case "mg": return 0.001
    case "kg": return 1_000
    case "oz": return 28.349523125
    default: return nil
    }
  }

  static func minutes(per unit: String) -> Double? {
    switch unit {
    case "min", "m": return 1
    case "s", "sec": return 1.0 / 60
    case "h", "hr": return 60
    default: return nil
    }
  }
}
