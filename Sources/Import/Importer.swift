import Engine
import RuleLanguage

/// What an import produced: the events in date order and what happened to every row.
public struct ImportResult: Sendable {
  /// The format read.
  public let format: ImportFormat
  /// What was read, as notes name it: the file, or `export.zip/apple_health_export/export.xml`.
  public let source: String
  /// Workouts and nutrition logs, in date order (then start time, then id).
  public let events: [Event]
  /// What the import did with the rows it did not take as written, and its totals.
  package let report: ImportReport
  /// Dietary records the export repeats (a `Correlation`'s copies), counted once.
  package let repeatedRecords: Int
}

/// Reads an app's export into FitQuest events for a rule pack (docs/import.md).
public enum Importer {
  /// How to read an export.
  public struct Options: Sendable {
    /// The `player` of every event (for multi-player stores), if any.
    public var player: String?
    /// The unit of weights whose unit the file does not give (default kg, noted).
    public var weightUnit: WeightUnit?

    /// Creates options.
    public init(player: String? = nil, weightUnit: WeightUnit? = nil) {
      self.player = player
      self.weightUnit = weightUnit
    }
  }

  /// Imports a file.
  /// - Parameters:
  ///   - format: the format the file must be, or nil to recognise it from its content.
  ///   - path: a CSV export, `export.xml` or `export.zip`.
  /// - Throws: a located ``DiagnosticError`` when the file cannot be read, is not the format
  ///   named (with what it looks like instead), or breaks beyond recovery.
  public static func run(_ format: ImportFormat?, path: String, pack: RulePack, options: Options = Options())
    throws(DiagnosticError) -> ImportResult
  {
    let file = try InputFile(path: path)
    let stream = ByteStream(FileRange(file), name: path)
    let guess = FormatDetector.guess(try stream.prefix(1 << 16))
    let chosen: ImportFormat
    switch (format, guess) {
    case (nil, .format(let found, _)):
      chosen = found
    case (nil, .unknown):
      throw DiagnosticError(
        Diagnostic(
          file: path,
          message:
            "not an export this version reads: it looks like \(FormatDetector.describe(guess)); formats: strong, hevy, fitnotes, apple-health"
        ))
    case (let named?, .format(let found, _)) where found == named:
      chosen = named
    case (let named?, _):
      var message =
        "not \(named == .appleHealth ? "an" : "a") \(named.appName) export: it looks like \(FormatDetector.describe(guess))"
      if case .format(let found, _) = guess {
        message += "; run 'fitquest import \(found.rawValue) \(path)' or 'fitquest import auto \(path)'"
      }
      throw DiagnosticError(Diagnostic(file: path, message: message))
    }
    var builder = WorkoutBuilder(pack: pack, format: chosen)
    var report: ImportReport
    var sessions: [SourceSession]
    var events: [(start: LocalDateTime, event: Event)] = []
    var repeats = 0
    var source = path
    if chosen == .appleHealth {
      var health = AppleHealthImporter(pack: pack)
      var xml: XMLTokenizer
      if case .format(_, zip: true) = guess {
        xml = XMLTokenizer(try exportMember(of: file))
      } else {
        xml = XMLTokenizer(stream)
      }
      source = xml.name
      try health.read(&xml)
      report = health.report
      sessions = health.assembler.sessions
      repeats = health.repeats
      for day in health.nutrition.keys.sorted() {
        guard let source = health.nutrition[day],
          let event = nutritionEvent(source, player: options.player, report: &report)
        else { continue }
        events.append((LocalDateTime(day: day, second: 86_400), event))
      }
    } else {
      var csv = CSVImport(try CSVTable(try CSVReader(stream)), format: chosen, weightUnit: options.weightUnit)
      switch chosen {
      case .strong: try StrongImporter.read(&csv)
      case .hevy: try HevyImporter.read(&csv)
      default: try FitNotesImporter.read(&csv)
      }
      report = csv.report
      sessions = csv.assembler.sessions
    }
    for session in sessions.sorted(by: { $0.start < $1.start }) {
      if let event = builder.build(session, player: options.player, report: &report) {
        events.append((session.start, event))
      }
    }
    events.sort { a, b in
      if a.start != b.start { return a.start < b.start }
      return a.event.id.utf8.lexicographicallyPrecedes(b.event.id.utf8)
    }
    report.sortNotes()
    return ImportResult(
      format: chosen, source: source, events: events.map(\.event), report: report, repeatedRecords: repeats)
  }

  /// The stream of `export.xml` inside an Apple Health `export.zip`.
  private static func exportMember(of file: InputFile) throws(DiagnosticError) -> ByteStream {
    let archive = try ZipArchive(file)
    let candidates = archive.members.filter { $0.path == "export.xml" || $0.path.hasSuffix("/export.xml") }
    guard let member = candidates.first else {
      let names = archive.members.prefix(5).map(\.path).joined(separator: ", ")
      throw DiagnosticError(
        Diagnostic(
          file: file.path,
          message:
            "the archive holds no export.xml (it holds \(archive.members.count) files: \(names)\(archive.members.count > 5 ? ", …" : ""))"
        ))
    }
    return ByteStream(try archive.open(member), name: "\(file.path)/\(member.path)")
  }

  /// A day's nutrition log: energy from its records (or, without any, from its macros: 4 kcal a
  /// gram of protein and carbohydrate, 9 of fat), clamped into the event's ranges.
  private static func nutritionEvent(_ source: SourceNutrition, player: String?, report: inout ImportReport) -> Event? {
    func clamped(_ value: Double?, _ limit: Double, _ what: String, _ unit: String) -> Double? {
      guard let value else { return nil }
      let rounded = (value * 10).rounded() / 10
      guard rounded > limit else { return rounded }
      report.note(
        source.line, .clamped,
        "\(what) of \(source.day.iso): \(NumberText.format(rounded)) \(unit) made \(NumberText.format(limit))",
        row: false)
      return limit
    }
    var kcal = source.intakeKcal
    if kcal == nil {
      kcal = 4 * (source.proteinG ?? 0) + 4 * (source.carbsG ?? 0) + 9 * (source.fatG ?? 0)
      report.note(
        source.line, .estimated,
        "no energy logged on \(source.day.iso): intake taken from its macros (\(NumberText.format(kcal?.rounded() ?? 0)) kcal)",
        row: false)
    }
    let log = NutritionLog(
      intakeKcal: clamped(kcal, 20_000, "intake", "kcal")?.rounded() ?? 0,
      proteinG: clamped(source.proteinG, 2_000, "protein", "g"),
      carbsG: clamped(source.carbsG, 2_000, "carbohydrate", "g"), fatG: clamped(source.fatG, 2_000, "fat", "g"))
    report.nutritionDays += 1
    return Event(id: "apple-health-nutrition-\(source.day.iso)", day: source.day, player: player, kind: .nutrition(log))
  }
}
