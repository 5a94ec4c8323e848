import RuleLanguage

/// Reads events from JSON values (one NDJSON line each).
///
/// The shape of the JSON (types, required keys, unknown keys with a "did you mean" hint) is
/// checked here; ranges and names by ``EventValidator``, the same rules Swift-built events meet.
/// Errors carry the byte offset in the line, so a caller prints `events.ndjson:17:33: error: …`.
public struct EventDecoder: Sendable {
  /// The pack whose names events must use, if any.
  public let pack: RulePack?

  /// The fast path's name tables, built once per decoder (not once per line).
  private let fast: FastEventDecoder?

  /// Creates a decoder.
  public init(pack: RulePack?) {
    self.pack = pack
    fast = pack.map(FastEventDecoder.init(pack:))
  }

  /// The event types (the engine's, then those the mechanics add) and their fields.
  static let types =
    ["workout", "nutrition", "companion", "profile", "dayClosed", "retraction"]
    + Mechanics.all.flatMap { $0.events }.map { $0.type }

  static func fields(of type: String) -> [String] {
    if let event = Mechanics.events[type] { return event.fields }
    switch type {
    case "workout":
      return ["category", "durationMin", "rpe", "activeKcal", "distanceKm", "exercises", "sets", "reps", "volumeKg"]
    case "nutrition": return ["intakeKcal", "proteinG", "carbsG", "fatG"]
    case "companion": return ["species"]
    case "profile": return ["targets"]
    case "retraction": return ["of"]
    default: return []
    }
  }

  /// Decodes and validates one event.
  public func decode(_ value: JSONValue) throws(EventDecodingError) -> Event {
    let event = try shape(value)
    do {
      _ = try EventValidator.resolve(event, pack: pack)
    } catch {
      throw EventDecodingError(offset: Self.offset(of: error.path, in: value), message: error.message)
    }
    return event
  }

  /// Decodes, validates and resolves one event.
  package func resolve(_ value: JSONValue) throws(EventDecodingError) -> ResolvedEvent {
    let event = try shape(value)
    do {
      return try EventValidator.resolve(event, pack: pack)
    } catch {
      throw EventDecodingError(offset: Self.offset(of: error.path, in: value), message: error.message)
    }
  }

  /// Reads the event's fields with their JSON types; ranges and names are checked afterwards.
  private func shape(_ value: JSONValue) throws(EventDecodingError) -> Event {
    guard case .object(let members) = value.kind else {
      throw EventDecodingError(offset: value.offset, message: "an event must be a JSON object; found \(value.kindName)")
    }
    var fields = FieldReader(members: members, offset: value.offset, path: "")
    let typeValue = try fields.require("type")
    guard case .string(let type) = typeValue.kind else {
      throw EventDecodingError(
        offset: typeValue.offset, message: "'type' must be a string; found \(typeValue.kindName)")
    }
    let id = try fields.string("id")
    let player = try fields.optionalString("player")
    let dateValue = try fields.require("date")
    guard case .string(let dateText) = dateValue.kind, let day = Day(iso: dateText) else {
      throw EventDecodingError(
        offset: dateValue.offset, message: "'date' must be an ISO date such as \"2026-01-05\"; found \(dateValue)")
    }
    let kind: Event.Kind
    switch type {
    case "workout": kind = .workout(try workout(&fields))
    case "nutrition":
      kind = .nutrition(
        NutritionLog(
          intakeKcal: try fields.number("intakeKcal"), proteinG: try fields.optionalNumber("proteinG"),
          carbsG: try fields.optionalNumber("carbsG"), fatG: try fields.optionalNumber("fatG")))
    case "companion": kind = .companion(species: try fields.string("species"))
    case "profile":
      let targetsValue = try fields.require("targets")
      guard case .object(let targetMembers) = targetsValue.kind else {
        throw EventDecodingError(
          offset: targetsValue.offset, message: "'targets' must be an object; found \(targetsValue.kindName)")
      }
      var targets = FieldReader(members: targetMembers, offset: targetsValue.offset, path: "targets.")
      let macros = MacroTargets(
        kcal: try targets.number("kcal"), proteinG: try targets.number("proteinG"),
        carbsG: try targets.number("carbsG"),
        fatG: try targets.number("fatG"))
      try targets.finish(known: ["kcal", "proteinG", "carbsG", "fatG"])
      kind = .profile(macros)
    case "dayClosed": kind = .dayClosed
    case "retraction": kind = .retraction(of: try fields.string("of"))
    default:
      if let event = Mechanics.events[type] {
        var reader = EventFields(fields)
        kind = .mechanic(try event.init(fields: &reader))
        fields = reader.reader
        break
      }
      let hint = Suggestion.closest(to: type, among: Self.types).map { "did you mean '\($0)'?" }
      throw EventDecodingError(
        offset: typeValue.offset,
        message:
          "unknown event type '\(type)'; \(hint ?? "expected one of " + Self.types.map { "'\($0)'" }.joined(separator: ", "))"
      )
    }
    try fields.finish(known: ["type", "id", "date", "player"] + Self.fields(of: type))
    return Event(id: id, day: day, player: player, kind: kind)
  }

  private func workout(_ fields: inout FieldReader) throws(EventDecodingError) -> Workout {
    let category = try fields.string("category")
    var workout = Workout(
      category: category, durationMin: try fields.number("durationMin"), rpe: try fields.optionalNumber("rpe"),
      activeKcal: try fields.optionalNumber("activeKcal"), distanceKm: try fields.optionalNumber("distanceKm"))
    let sets = try fields.optionalWhole("sets")
    let reps = try fields.optionalWhole("reps")
    let volume = try fields.optionalNumber("volumeKg")
    if let exercisesValue = fields.take("exercises") {
      if sets != nil || volume != nil || reps != nil {
        throw EventDecodingError(
          offset: exercisesValue.offset,
          message: "give either 'exercises' or the summary ('sets', 'reps', 'volumeKg'), not both")
      }
      guard case .array(let list) = exercisesValue.kind else {
        throw EventDecodingError(
          offset: exercisesValue.offset, message: "'exercises' must be an array; found \(exercisesValue.kindName)")
      }
      if list.count > EventValidator.maximumExercises {
        throw EventDecodingError(
          offset: exercisesValue.offset,
          message: "a workout has at most \(EventValidator.maximumExercises) exercises; found \(list.count)")
      }
      for (index, value) in list.enumerated() {
        workout.exercises.append(try exercise(value, path: "exercises[\(index)]."))
      }
    } else if sets != nil || volume != nil || reps != nil {
      workout.summary = Workout.Summary(sets: sets ?? 0, reps: reps ?? 0, volumeKg: volume ?? 0)
    }
    return workout
  }

  private func exercise(_ value: JSONValue, path: String) throws(EventDecodingError) -> Exercise {
    guard case .object(let members) = value.kind else {
      throw EventDecodingError(
        offset: value.offset, message: "'\(path.dropLast())' must be an object; found \(value.kindName)")
    }
    var fields = FieldReader(members: members, offset: value.offset, path: path)
    let name = try fields.string("name")
    let setsValue = try fields.require("sets")
    guard case .array(let list) = setsValue.kind, !list.isEmpty, list.count <= EventValidator.maximumSets else {
      throw EventDecodingError(
        offset: setsValue.offset, message: "'\(path)sets' must be an array of 1 to \(EventValidator.maximumSets) sets")
    }
    var sets: [ExerciseSet] = []
    sets.reserveCapacity(list.count)
    for (index, setValue) in list.enumerated() {
      let setPath = "\(path)sets[\(index)]."
      guard case .object(let setMembers) = setValue.kind else {
        throw EventDecodingError(
          offset: setValue.offset, message: "'\(setPath.dropLast())' must be an object; found \(setValue.kindName)")
      }
      var set = FieldReader(members: setMembers, offset: setValue.offset, path: setPath)
      let reps = try set.whole("reps")
      let weight = try set.number("weightKg")
      let rpe = try set.optionalNumber("rpe")
      var kind = ExerciseSet.Kind.working
      if let kindValue = set.take("kind") {
        let names = ExerciseSet.Kind.allCases.map(\.rawValue)
        guard case .string(let text) = kindValue.kind, let parsed = ExerciseSet.Kind(rawValue: text) else {
          let shown = kindValue.string ?? kindValue.description
          throw EventDecodingError(
            offset: kindValue.offset,
            message:
              "'\(setPath)kind' must be one of \(names.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.hint(for: shown, among: names))"
          )
        }
        kind = parsed
      }
      try set.finish(known: ["reps", "weightKg", "rpe", "kind"])
      sets.append(ExerciseSet(reps: reps, weightKg: weight, rpe: rpe, kind: kind))
    }
    var isUnlisted = false
    if let flag = fields.take("unlisted") {
      guard case .bool(let value) = flag.kind else {
        throw EventDecodingError(
          offset: flag.offset, message: "'\(path)unlisted' must be true or false; found \(flag.kindName)")
      }
      isUnlisted = value
    }
    try fields.finish(known: ["name", "sets", "unlisted"])
    return Exercise(name: name, sets: sets, isUnlisted: isUnlisted)
  }

  /// The offset of the value at a path such as `exercises[0].sets[1].reps` (the event's own
  /// offset when the path is not found).
  package static func offset(of path: String, in value: JSONValue) -> Int {
    var current = value
    for part in path.split(separator: ".") {
      var rest = Substring(part)
      let key = rest.prefix { $0 != "[" }
      rest = rest.dropFirst(key.count)
      guard let next = current[String(key)] else { return current.offset }
      current = next
      while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
        let index = Int(rest[rest.index(after: rest.startIndex)..<close])
      {
        guard let elements = current.elements, index < elements.count else { return current.offset }
        current = elements[index]
        rest = rest[rest.index(after: close)...]
      }
    }
    return current.offset
  }

  /// Decodes one NDJSON line, returning a located diagnostic on failure (the full reader).
  public func decode(line: [UInt8], file: String, lineNumber: Int) throws(DiagnosticError) -> Event {
    try located(line, file, lineNumber) { try decode(try JSONReader.parse(line)) }
  }

  /// Decodes and resolves one NDJSON line. Common lines take a streaming fast path that applies
  /// the same rules without building a JSON tree; any other line (and every invalid one) is read
  /// by the full reader, which gives the located error.
  package func resolve(line: [UInt8], file: String, lineNumber: Int) throws(DiagnosticError) -> ResolvedEvent {
    var canonical = false
    return try resolve(line: line, file: file, lineNumber: lineNumber, canonical: &canonical)
  }

  /// ``resolve(line:file:lineNumber:)``, and whether the line is the event's canonical line with
  /// this decoder's pack, byte for byte (see ``FastEventDecoder/decode(_:canonical:)``; false
  /// when unsure).
  package func resolve(line: [UInt8], file: String, lineNumber: Int, canonical: inout Bool) throws(DiagnosticError)
    -> ResolvedEvent
  {
    if let event = line.withUnsafeBufferPointer({ resolveFast($0, canonical: &canonical) }) { return event }
    return try resolveFully(line: line, file: file, lineNumber: lineNumber)
  }

  /// ``resolve(line:file:lineNumber:canonical:)`` of a line read in place (a reader's slice):
  /// the fast path reads it where it is, and the line is copied only for the full reader.
  package func resolve(line: ArraySlice<UInt8>, file: String, lineNumber: Int, canonical: inout Bool)
    throws(DiagnosticError) -> ResolvedEvent
  {
    if let event = line.withUnsafeBufferPointer({ resolveFast($0, canonical: &canonical) }) { return event }
    return try resolveFully(line: Array(line), file: file, lineNumber: lineNumber)
  }

  /// The fast path's event, or nil for the full reader; `canonical` false unless the fast path
  /// read the line as its event's canonical line.
  private func resolveFast(_ bytes: UnsafeBufferPointer<UInt8>, canonical: inout Bool) -> ResolvedEvent? {
    canonical = false
    guard let fast, let event = fast.decode(bytes, canonical: &canonical) else {
      canonical = false
      return nil
    }
    return event
  }

  /// Decodes and resolves one line with the full, position-tracking reader (no fast path).
  package func resolveFully(line: [UInt8], file: String, lineNumber: Int) throws(DiagnosticError) -> ResolvedEvent {
    try located(line, file, lineNumber) { try resolve(try JSONReader.parse(line)) }
  }

  /// Runs a decoding of a line, turning its error into a diagnostic at the line's offset.
  private func located<T>(_ line: [UInt8], _ file: String, _ lineNumber: Int, _ body: () throws -> T)
    throws(DiagnosticError) -> T
  {
    func at(_ offset: Int, _ message: String) -> DiagnosticError {
      DiagnosticError(
        Diagnostic(in: SourceFile(name: file, bytes: line, firstLine: lineNumber), offset: offset, message: message))
    }
    do {
      return try body()
    } catch let error as EventDecodingError {
      throw at(error.offset, error.message)
    } catch let error as JSONSyntaxError {
      throw at(error.offset, error.message)
    } catch {
      throw DiagnosticError(Diagnostic(file: file, message: "\(error)"))
    }
  }
}

/// A problem in one event, at a byte offset of its line.
public struct EventDecodingError: Error, Sendable, Equatable {
  /// The byte offset in the line.
  public var offset: Int
  /// A lowercase message.
  public var message: String

  /// Creates an error.
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}
