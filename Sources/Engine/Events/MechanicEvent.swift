import RuleLanguage

/// An event type a mechanic adds to the engine's own (a `pause`, a `goal`), defined in the
/// mechanic's folder: its JSON fields, its checks, and a phase `Pipeline.swift` applies it with.
/// The decoder learns the type from the mechanic's `events` (``Mechanics/all``).
public protocol MechanicEvent: Sendable, Hashable {
  /// The `type` field of its JSON form (`"pause"`).
  static var type: String { get }
  /// Its own keys, beyond `type`, `id`, `player` and `date`, in the order they are written.
  static var fields: [String] { get }
  /// Reads its own fields (their JSON types); ranges are checked by ``validate(on:against:)``.
  init(fields: inout EventFields) throws(EventDecodingError)
  /// Writes its own fields.
  func write(_ writer: inout JSONWriter)
  /// Checks ranges and names (against a pack, when given); an error names the field.
  func validate(on day: Day, against pack: RulePack?) throws(EventError)
}

extension MechanicEvent {
  /// The event as a hashable value (an existential event compares through it).
  var hashable: AnyHashable { AnyHashable(self) }
}

/// The fields of an event object, read by name and type, for ``MechanicEvent`` types: a missing
/// key, a wrong type or (after reading) a key no one read is an error at its place in the line.
public struct EventFields {
  var reader: FieldReader

  init(_ reader: FieldReader) { self.reader = reader }

  /// A required non-empty string.
  public mutating func string(_ key: String) throws(EventDecodingError) -> String { try reader.string(key) }
  /// An optional non-empty string.
  public mutating func optionalString(_ key: String) throws(EventDecodingError) -> String? {
    try reader.optionalString(key)
  }
  /// A required number.
  public mutating func number(_ key: String) throws(EventDecodingError) -> Double { try reader.number(key) }
  /// An optional number.
  public mutating func optionalNumber(_ key: String) throws(EventDecodingError) -> Double? {
    try reader.optionalNumber(key)
  }
  /// A required whole number.
  public mutating func whole(_ key: String) throws(EventDecodingError) -> Int { try reader.whole(key) }
  /// An optional whole number.
  public mutating func optionalWhole(_ key: String) throws(EventDecodingError) -> Int? { try reader.optionalWhole(key) }
  /// An error about the event as a whole, at its start.
  public func error(_ message: String) -> EventDecodingError {
    EventDecodingError(offset: reader.offset, message: message)
  }
  /// A required ISO date (`"2026-01-05"`).
  public mutating func date(_ key: String) throws(EventDecodingError) -> Day {
    let value = try reader.require(key)
    guard case .string(let text) = value.kind, let day = Day(iso: text) else {
      throw EventDecodingError(
        offset: value.offset,
        message: "'\(reader.path)\(key)' must be an ISO date such as \"2026-01-05\"; found \(value)")
    }
    return day
  }
}

extension Mechanics {
  /// Every event type the mechanics add, by their `type`.
  static let events: [String: any MechanicEvent.Type] = Dictionary(
    all.flatMap { $0.events }.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
}
