import RuleLanguage

/// Reads events from JSON values (one NDJSON line each), validating every field.
///
/// Input bounds: reps 1–999, weight 0–9999.9 kg, RPE 1–10, duration above 0 and at most 1440
/// minutes; with a pack, categories, exercises and species must be the pack's. Unknown keys are
/// errors with a "did you mean" hint. Errors carry the byte offset in the line, so a caller
/// prints `events.ndjson:17:33: error: …`.
public struct EventDecoder: Sendable {
  /// The pack whose names events must use, if any.
  public let pack: RulePack?

  /// Creates a decoder.
  public init(pack: RulePack?) {
    self.pack = pack
  }

  /// The event types and their fields.
  static let types = ["workout", "nutrition", "companion", "profile", "dayClosed"]

  /// Decodes one event.
  public func decode(_ value: JSONValue) throws(EventDecodingError) -> Event {
    guard case .object(let members) = value.kind else {
      throw EventDecodingError(offset: value.offset, message: "an event must be a JSON object; found \(value.kindName)")
    }
    var fields = FieldReader(members: members, offset: value.offset, path: "")
    let typeValue = try fields.require("type")
    guard case .string(let type) = typeValue.kind else {
      throw EventDecodingError(offset: typeValue.offset, message: "'type' must be a string; found \(typeValue.kindName)")
    }
    let id = try fields.string("id", maxLength: 200)
    let dateValue = try fields.require("date")
    guard case .string(let dateText) = dateValue.kind, let day = Day(iso: dateText) else {
      throw EventDecodingError(
        offset: dateValue.offset, message: "'date' must be an ISO date such as \"2026-01-05\"; found \(dateValue)")
    }
    let event: Event
    switch type {
    case "workout": event = .workoutLogged(try decodeWorkout(&fields, id: id, day: day))
    case "nutrition":
      let intake = try fields.number("intakeKcal", 0...20_000)
      let protein = try fields.optionalNumber("proteinG", 0...2_000)
      let carbs = try fields.optionalNumber("carbsG", 0...2_000)
      let fat = try fields.optionalNumber("fatG", 0...2_000)
      event = .nutritionLogged(NutritionLog(id: id, day: day, intakeKcal: intake, proteinG: protein, carbsG: carbs, fatG: fat))
    case "companion":
      let speciesValue = try fields.require("species")
      let species = try fields.stringValue(speciesValue, "species")
      if let rules = pack?.companions, rules.species(named: species) == nil {
        throw EventDecodingError(
          offset: speciesValue.offset,
          message: "unknown species '\(species)'\(Suggestion.hint(for: species, among: rules.species.map(\.id)))")
      }
      event = .companionChosen(CompanionChoice(id: id, day: day, species: species))
    case "profile":
      let targetsValue = try fields.require("targets")
      guard case .object(let targetMembers) = targetsValue.kind else {
        throw EventDecodingError(offset: targetsValue.offset, message: "'targets' must be an object; found \(targetsValue.kindName)")
      }
      var targets = FieldReader(members: targetMembers, offset: targetsValue.offset, path: "targets.")
      let macros = MacroTargets(
        kcal: try targets.number("kcal", 500...10_000), proteinG: try targets.number("proteinG", 0...1_000),
        carbsG: try targets.number("carbsG", 0...2_000), fatG: try targets.number("fatG", 0...1_000))
      try targets.finish(known: ["kcal", "proteinG", "carbsG", "fatG"])
      event = .profileUpdated(ProfileUpdate(id: id, day: day, targets: macros))
    case "dayClosed":
      event = .dayClosed(DayClosure(id: id, day: day))
    default:
      let hint = Suggestion.closest(to: type, among: Self.types).map { "did you mean '\($0)'?" }
      throw EventDecodingError(
        offset: typeValue.offset,
        message: "unknown event type '\(type)'; \(hint ?? "expected one of " + Self.types.map { "'\($0)'" }.joined(separator: ", "))")
    }
    try fields.finish(known: ["type", "id", "date"] + Self.fields(of: type))
    return event
  }

  static func fields(of type: String) -> [String] {
    switch type {
    case "workout":
      return ["category", "durationMin", "rpe", "activeKcal", "distanceKm", "exercises", "sets", "reps", "volumeKg"]
    case "nutrition": return ["intakeKcal", "proteinG", "carbsG", "fatG"]
    case "companion": return ["species"]
    case "profile": return ["targets"]
    default: return []
    }
  }

  /// Decodes one NDJSON line, returning a located diagnostic on failure.
  ///
  /// Common lines take a streaming fast path that validates the same rules without building a
  /// JSON tree; any other line (and every invalid one) is read by the full reader, which gives
  /// the located error.
  public func decode(line: [UInt8], file: String, lineNumber: Int) throws(DiagnosticError) -> Event {
    if let event = line.withUnsafeBufferPointer({ FastEventDecoder(pack: pack).decode($0) }) { return event }
    return try decodeFully(line: line, file: file, lineNumber: lineNumber)
  }

  /// Decodes one line with the full, position-tracking reader (no fast path).
  public func decodeFully(line: [UInt8], file: String, lineNumber: Int) throws(DiagnosticError) -> Event {
    do {
      let value = try JSONReader.parse(line)
      do {
        return try decode(value)
      } catch {
        throw DiagnosticError(Diagnostic(in: SourceFile(name: file, bytes: line, firstLine: lineNumber), offset: error.offset, message: error.message))
      }
    } catch let error as JSONSyntaxError {
      throw DiagnosticError(Diagnostic(in: SourceFile(name: file, bytes: line, firstLine: lineNumber), offset: error.offset, message: error.message))
    } catch let error as DiagnosticError {
      throw error
    } catch {
      throw DiagnosticError(Diagnostic(file: file, message: "\(error)"))
    }
  }
}

/// A problem in one event, at a byte offset of its line.
public struct EventDecodingError: Error, Sendable, Equatable {
  public var offset: Int
  public var message: String

  /// Creates an error.
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}
