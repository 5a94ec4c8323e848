import RuleLanguage

extension Recorded {
  /// A load suggestion, with the exercise's and the band's indexes (band −1: a deload week; −2: a
  /// program without bands).
  package struct LoadSuggestion: Sendable {
    package var exercise: Int
    package var loadKg: Double
    package var rpe: Double
    package var band: Int
    package var change: Double
    package var nextKg: Double
    /// The log's text index of the name of an unlisted exercise (its entry lies after the
    /// pack's exercises), or −1.
    package var name: Int32
  }
}

extension Recorded.LoadSuggestion: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> LoadSuggestion {
    LoadSuggestion(self, name: log.text(name), pack: pack)
  }

  /// The band's label, "deload" in a deload week, or the program's name.
  func bandName(_ pack: RulePack) -> String {
    band >= 0
      ? pack.progression?.bands[band].label ?? ""
      : band == -1 ? "deload" : pack.progression?.program?.name ?? "program"
  }
}

/// The load to lift next time, from this session's RPE.
public struct LoadSuggestion: AwardPayload, FieldListPayload {
  /// `"loadSuggestion"`.
  public static let type = "loadSuggestion"
  /// The exercise.
  public var exercise: String
  /// The top working load of the session.
  public var loadKg: Double
  /// The RPE the suggestion is based on.
  public var rpe: Double
  /// The band's label, "deload", or the program's name (a program without bands).
  public var band: String
  /// The band's change (0.025 is +2.5%); 0 in a deload week.
  public var change: Double
  /// The suggested load for the next normal session.
  public var nextKg: Double
  /// Whether the workout fell in a deload week.
  public var isDeloadWeek: Bool

  /// Creates the award.
  public init(
    exercise: String, loadKg: Double, rpe: Double, band: String, change: Double, nextKg: Double, isDeloadWeek: Bool
  ) {
    self.exercise = exercise
    self.loadKg = loadKg
    self.rpe = rpe
    self.band = band
    self.change = change
    self.nextKg = nextKg
    self.isDeloadWeek = isDeloadWeek
  }

  init(_ record: Recorded.LoadSuggestion, name: String?, pack: RulePack) {
    self.init(
      exercise: name ?? pack.exercises[record.exercise].name, loadKg: record.loadKg, rpe: record.rpe,
      band: record.bandName(pack), change: record.change,
      nextKg: record.nextKg, isDeloadWeek: record.band == -1)
  }

  enum CodingKeys: String, CodingKey {
    case exercise, loadKg, rpe, band, change, nextKg
    case isDeloadWeek = "deloadWeek"
  }

  /// Writes `exercise`, `loadKg`, `rpe`, `band`, `change`, `nextKg`, `deloadWeek`.
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("exercise", exercise)
    w.field("loadKg", loadKg)
    w.field("rpe", rpe)
    w.field("band", band)
    w.field("change", change)
    w.field("nextKg", nextKg)
    w.field("deloadWeek", isDeloadWeek)
  }

  /// "Back Squat: next 102.5 kg (RPE 8 'moderate' → +2.5% from 100 kg)".
  public var explanation: String {
    if isDeloadWeek {
      return
        "\(exercise): deload week at \(NumberText.short(loadKg)) kg; next normal session \(NumberText.short(nextKg)) kg"
    }
    return
      "\(exercise): next \(NumberText.short(nextKg)) kg (RPE \(NumberText.short(rpe)) '\(band)' → \(NumberText.percent(change)) from \(NumberText.short(loadKg)) kg)"
  }

  /// "/Back Squat".
  public func subject(in award: Award) -> String { "/\(exercise)" }

  /// "Back Squat next 102.5 kg".
  public func token(in award: Award) -> String { "\(exercise) next \(NumberText.format(nextKg)) kg" }
}
