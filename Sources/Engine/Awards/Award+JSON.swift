import Foundation
import RuleLanguage

extension Award {
  /// The award as one compact JSON line: `type`, `event`, `date`, then its own fields in a
  /// fixed order. docs/events.md documents every field.
  public var jsonLine: String {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.output
  }

  /// Writes the award as a JSON object (the one serialiser of every award).
  public func write(to writer: inout JSONWriter) {
    writer.object { w in
      w.field("type", typeName)
      w.field("event", eventID)
      if let player { w.field("player", player) }
      w.field("date", day.iso)
      payload.write(&w)
    }
  }

  /// Reads an award's JSON line, keeping the written order of named amounts.
  public init(jsonLine: String) throws {
    let value = try JSONReader.parse(SourceFile(name: "<award>", text: jsonLine))
    self = try JSONDecoder().decode(Award.self, from: Data(jsonLine.utf8))
    if var ordered = payload as? any AwardPayload & KeepsWrittenOrder {
      ordered.restoreOrder(AwardJSONOrder(value))
      payload = ordered
    }
  }
}

extension Award: Codable {
  enum EnvelopeKeys: String, CodingKey {
    case type, event, player, date
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: EnvelopeKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    eventID = try container.decode(String.self, forKey: .event)
    player = try container.decodeIfPresent(String.self, forKey: .player)
    day = try container.decode(Day.self, forKey: .date)
    guard let payloadType = AwardTypes.byName[type] else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [EnvelopeKeys.type], debugDescription: "unknown award type '\(type)'"))
    }
    payload = try payloadType.init(from: decoder)
  }

  /// Encodes the award's JSON form (``write(to:)``, through the encoder).
  public func encode(to encoder: any Encoder) throws {
    try JSONReader.parse(Array(jsonLine.utf8)).encode(to: encoder)
  }
}

/// The written order of an award's named amounts (`terms`, `factors`, `bonuses`, `values`,
/// `signals`), which a `JSONDecoder` does not keep.
struct AwardJSONOrder {
  var orders: [String: [String]] = [:]

  init(_ value: JSONValue) {
    for key in ["terms", "factors", "bonuses", "values", "signals"] {
      if let members = value[key]?.members { orders[key] = members.map(\.key) }
    }
  }

  func reorder(_ items: [Contribution], _ key: String) -> [Contribution] {
    guard let order = orders[key] else { return items }
    return order.compactMap { name in items.first { $0.name == name } }
  }
}

extension MacroTargets {
  /// Writes the targets as `{"kcal":…,"proteinG":…,"carbsG":…,"fatG":…}`.
  public func write(to writer: inout JSONWriter) {
    writer.object { writeFields(&$0) }
  }

  /// Writes the targets as the member `"key":{…}` (``write(to:)-(JSONWriter)``'s object).
  func write<Sink: JSONFieldSink & ~Copyable>(_ key: StaticString, to w: inout Sink) {
    w.openObject(key)
    writeFields(&w)
    w.closeObject()
  }

  /// Writes `kcal`, `proteinG`, `carbsG`, `fatG`.
  func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("kcal", kcal)
    w.field("proteinG", proteinG)
    w.field("carbsG", carbsG)
    w.field("fatG", fatG)
  }
}
