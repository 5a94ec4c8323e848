import RuleLanguage

/// Something a player has under one rule pack and not under the other: an achievement tier, a
/// companion's evolution, or completions of a quest. Achievement tiers and evolutions are
/// *unlocks* (shown to the player once); losing one demotes the player. Quests repeat, so
/// completions that move are reported but demote no one.
public enum ProgressItem: Sendable, Equatable {
  /// One tier of an achievement (tier 1 for an achievement without tiers).
  case achievement(id: String, tier: Int)
  /// A companion's evolution into a species.
  case evolution(species: String)
  /// Completions of a quest (how many more, or fewer).
  case quest(id: String, completions: Int)

  /// Whether the item is an unlock (an achievement tier or an evolution).
  public var isUnlock: Bool {
    if case .quest = self { return false }
    return true
  }

  /// What it is, with no count: `achievement/iron-month/2`, `evolution/blazewing`,
  /// `quest/daily-move` (the key items are grouped by in a summary, and CSV's form).
  public var key: String {
    switch self {
    case .achievement(let id, let tier): return "achievement/\(id)/\(tier)"
    case .evolution(let species): return "evolution/\(species)"
    case .quest(let id, _): return "quest/\(id)"
    }
  }

  /// For people: `achievement iron-month tier 2`, `evolution blazewing`, `quest daily-move ×3`.
  public var label: String {
    switch self {
    case .achievement(let id, let tier): return tier > 1 ? "achievement \(id) tier \(tier)" : "achievement \(id)"
    case .evolution(let species): return "evolution \(species)"
    case .quest(let id, let completions): return completions > 1 ? "quest \(id) ×\(completions)" : "quest \(id)"
    }
  }

  /// The item as a JSON object: `{"type":"achievement","id":…,"tier":…}`,
  /// `{"type":"evolution","species":…}`, `{"type":"questCompleted","id":…,"completions":…}`.
  public func write(_ w: inout JSONWriter) {
    w.object { w in
      switch self {
      case .achievement(let id, let tier):
        w.field("type", "achievement")
        w.field("id", id)
        w.field("tier", tier)
      case .evolution(let species):
        w.field("type", "evolution")
        w.field("species", species)
      case .quest(let id, let completions):
        w.field("type", "questCompleted")
        w.field("id", id)
        w.field("completions", completions)
      }
    }
  }

  /// Reads an item written by ``write(_:)``; nil when the value is not one.
  public init?(_ value: JSONValue) {
    guard let type = value["type"]?.string else { return nil }
    switch type {
    case "achievement":
      guard let id = value["id"]?.string, let tier = value["tier"]?.number.flatMap(Int.init(exactly:)) else {
        return nil
      }
      self = .achievement(id: id, tier: tier)
    case "evolution":
      guard let species = value["species"]?.string else { return nil }
      self = .evolution(species: species)
    case "questCompleted":
      guard let id = value["id"]?.string, let count = value["completions"]?.number.flatMap(Int.init(exactly:)) else {
        return nil
      }
      self = .quest(id: id, completions: count)
    default:
      return nil
    }
  }

  /// Items are equal when their bytes are (ids are bytes).
  public static func == (a: ProgressItem, b: ProgressItem) -> Bool {
    switch (a, b) {
    case (.achievement(let x, let s), .achievement(let y, let t)): return s == t && x.utf8.elementsEqual(y.utf8)
    case (.evolution(let x), .evolution(let y)): return x.utf8.elementsEqual(y.utf8)
    case (.quest(let x, let s), .quest(let y, let t)): return s == t && x.utf8.elementsEqual(y.utf8)
    default: return false
    }
  }
}
