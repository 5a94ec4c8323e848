import RuleLanguage

/// What an award says beyond its envelope (event, player, date): one type per kind of award,
/// each defined in its mechanic's folder with its JSON fields, its explanation and its token.
///
/// The `type` of an award's JSON form names its payload type; ``Award/init(jsonLine:)`` finds it
/// in the table built from every mechanic's awards (``AwardTypes``).
public protocol AwardPayload: Sendable, Hashable, Decodable {
  /// The `type` field of the JSON form (`"questCompleted"`).
  static var type: String { get }
  /// What the award is about, the end of its id (`"/iron-month/2"`; "" when the event says it
  /// all).
  func subject(in award: Award) -> String
  /// Writes its own fields, in their documented order (docs/events.md).
  func write(_ writer: inout JSONWriter)
  /// A sentence a person reads to learn why the award happened.
  var explanation: String { get }
  /// A few words for a snapshot's day line ("level 3", "quest daily-move").
  func token(in award: Award) -> String
}

extension AwardPayload {
  /// The payload's `type`.
  public var typeName: String { Self.type }

  /// The payload as a hashable value (an existential payload compares through it).
  var hashable: AnyHashable { AnyHashable(self) }
}

/// A payload with named amounts (`terms`, `values`, `signals`…): a `JSONDecoder` returns them in
/// alphabetical order, so ``Award/init(jsonLine:)`` puts them back in their written order.
protocol KeepsWrittenOrder {
  mutating func restoreOrder(_ order: AwardJSONOrder)
}
