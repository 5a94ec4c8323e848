import RuleLanguage

/// A named amount in an explanation: an XP term, a factor, a bonus, a signal, a variable.
public struct Contribution: Sendable, Hashable {
  /// The name (a term, factor or bonus of the XP rules, or a fact).
  public var name: String
  /// Its value.
  public var value: Double

  /// Creates a contribution.
  public init(_ name: String, _ value: Double) {
    self.name = name
    self.value = value
  }
}

/// Named amounts written as one JSON object (`{"base": 50, "duration": 82.5}`), in order.
///
/// JSON objects are unordered for Foundation's `JSONDecoder`: decoded through `Codable`, the
/// names come back in alphabetical order; ``Award/init(jsonLine:)`` keeps the written order.
struct Contributions: Codable, Hashable {
  var items: [Contribution]

  init(_ items: [Contribution]) { self.items = items }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let keys = container.allKeys.map(\.stringValue).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    items = try keys.map { Contribution($0, try container.decode(Double.self, forKey: Key(stringValue: $0))) }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for item in items { try container.encode(item.value, forKey: Key(stringValue: item.name)) }
  }

  func write(_ key: String, _ w: inout JSONWriter) {
    w.key(key)
    w.object { w in
      for item in items { w.field(named: item.name, item.value) }
    }
  }
}
