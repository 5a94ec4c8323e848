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

  /// Writes the award as a JSON object.
  public func write(to writer: inout JSONWriter) {
    writer.object { w in
      w.field("type", typeName)
      w.field("event", eventID)
      if let player { w.field("player", player) }
      w.field("date", day.iso)
      writeFields(&w)
    }
  }

  /// Reads an award's JSON line, keeping the written order of named amounts.
  public init(jsonLine: String) throws {
    let value = try JSONReader.parse(SourceFile(name: "<award>", text: jsonLine))
    let ordered = AwardJSONOrder(value)
    let decoded = try JSONDecoder().decode(Award.self, from: Data(jsonLine.utf8))
    self = ordered.restore(decoded)
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
    switch type {
    case "xp": kind = .xp(try XPAward(from: decoder))
    case "levelUp": kind = .levelUp(try LevelUp(from: decoder))
    case "streak": kind = .streak(try StreakUpdate(from: decoder))
    case "personalRecord": kind = .personalRecord(try PersonalRecord(from: decoder))
    case "achievement": kind = .achievement(try AchievementUnlock(from: decoder))
    case "companionJoined": kind = .companionJoined(try CompanionJoined(from: decoder))
    case "companionXP": kind = .companionXP(try CompanionXPAward(from: decoder))
    case "companionLevelUp": kind = .companionLevelUp(try CompanionLevelUp(from: decoder))
    case "evolution": kind = .evolution(try Evolution(from: decoder))
    case "nutritionTarget": kind = .nutritionTarget(try NutritionTarget(from: decoder))
    case "loadSuggestion": kind = .loadSuggestion(try LoadSuggestion(from: decoder))
    case "questCompleted": kind = .questCompleted(try QuestCompletion(from: decoder))
    case "correction": kind = .correction(try Correction(from: decoder))
    default:
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [EnvelopeKeys.type], debugDescription: "unknown award type '\(type)'"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKeys.self)
    try container.encode(typeName, forKey: .type)
    try container.encode(eventID, forKey: .event)
    try container.encodeIfPresent(player, forKey: .player)
    try container.encode(day, forKey: .date)
    switch kind {
    case .xp(let a): try a.encode(to: encoder)
    case .levelUp(let a): try a.encode(to: encoder)
    case .streak(let a): try a.encode(to: encoder)
    case .personalRecord(let a): try a.encode(to: encoder)
    case .achievement(let a): try a.encode(to: encoder)
    case .companionJoined(let a): try a.encode(to: encoder)
    case .companionXP(let a): try a.encode(to: encoder)
    case .companionLevelUp(let a): try a.encode(to: encoder)
    case .evolution(let a): try a.encode(to: encoder)
    case .nutritionTarget(let a): try a.encode(to: encoder)
    case .loadSuggestion(let a): try a.encode(to: encoder)
    case .questCompleted(let a): try a.encode(to: encoder)
    case .correction(let a): try a.encode(to: encoder)
    }
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

  func restore(_ award: Award) -> Award {
    var award = award
    switch award.kind {
    case .xp(var a):
      a.terms = reorder(a.terms, "terms")
      a.factors = reorder(a.factors, "factors")
      a.bonuses = reorder(a.bonuses, "bonuses")
      award.kind = .xp(a)
    case .achievement(var a):
      a.values = reorder(a.values, "values")
      award.kind = .achievement(a)
    case .evolution(var a):
      a.values = reorder(a.values, "values")
      award.kind = .evolution(a)
    case .nutritionTarget(var a):
      a.signals = reorder(a.signals, "signals")
      award.kind = .nutritionTarget(a)
    default: break
    }
    return award
  }
}

extension MacroTargets {
  /// Writes the targets as `{"kcal":…,"proteinG":…,"carbsG":…,"fatG":…}`.
  public func write(to writer: inout JSONWriter) {
    writer.object { w in
      w.field("kcal", kcal)
      w.field("proteinG", proteinG)
      w.field("carbsG", carbsG)
      w.field("fatG", fatG)
    }
  }
}
