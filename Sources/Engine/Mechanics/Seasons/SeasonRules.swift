import RuleLanguage

/// Seasons (seasons.json): time-boxed tracks, as battle passes and limited events are. Each
/// season runs between two dates; its workouts earn season points by a formula, and its tiers
/// give reward XP (and a badge) when the points reach them. Every season counts its own points,
/// from 0: they end with the season.
public final class SeasonRules: Sendable {
  /// The seasons, in the pack's order.
  public let seasons: [Season]

  init(seasons: [Season]) { self.seasons = seasons }

  /// The most seasons a pack may have, and tiers a season may have.
  static let maximumSeasons = 1_000
  static let maximumTiers = 100

  /// Reads seasons.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> SeasonRules? {
    guard let object = decoder.documents["seasons"]?.object else { return nil }
    defer { object.finish() }
    guard let listNode = object.required("seasons"), let list = listNode.array else { return nil }
    if list.count > maximumSeasons {
      listNode.error("a pack has at most \(maximumSeasons) seasons; found \(list.count)")
    }
    var seasons: [Season] = []
    var seen: [String: Int] = [:]
    for node in list {
      guard let fields = node.object else { continue }
      defer { fields.finish() }
      let (id, isDuplicate) = decoder.uniqueID(of: node, fields, seen: &seen, what: "season")
      let name = fields.required("name")?.nonEmptyString
      let fromNode = fields.required("from")
      let from = decoder.day(fromNode)
      let to = decoder.day(fields.required("to"))
      if let from, let to, to < from {
        fromNode?.error("a season ends on or after it starts; this one starts \(from.iso) and ends \(to.iso)")
      }
      let points = decoder.formula(fields.required("points"), .companionXP, .number)
      let tiers = decodeTiers(fields.required("tiers"))
      if let id, let name, let from, let to, from <= to, let points, let tiers, !isDuplicate {
        seasons.append(Season(id: id, name: name, from: from, to: to, points: points, tiers: tiers))
      }
    }
    return SeasonRules(seasons: seasons)
  }

  private static func decodeTiers(_ node: JSONNode?) -> [Season.Tier]? {
    guard let node, let list = node.array else { return nil }
    guard (1...maximumTiers).contains(list.count) else {
      node.error("a season needs 1 to \(maximumTiers) tiers; found \(list.count)")
      return nil
    }
    var tiers: [Season.Tier] = []
    for entry in list {
      guard let fields = entry.object else { return nil }
      defer { fields.finish() }
      let atNode = fields.required("at")
      let at = atNode?.integer(in: 1...1_000_000_000_000)
      let name = fields.required("name")?.nonEmptyString
      let reward = fields.optional("rewardXP")?.integer(in: 0...1_000_000) ?? 0
      let badge = fields.optional("badge")?.nonEmptyString
      guard let at, let name else { return nil }
      if let previous = tiers.last, Int64(at) <= previous.at {
        atNode?.error("tiers must be in increasing order of 'at'; \(at) follows \(previous.at)")
        return nil
      }
      tiers.append(Season.Tier(name: name, at: Int64(at), rewardXP: reward, badge: badge))
    }
    return tiers
  }
}

/// A season: a date range, how a workout earns its points, and its tiers.
public struct Season: Sendable {
  /// A tier of a season: reached when the season's points reach `at`.
  public struct Tier: Sendable {
    /// The tier's name ("Bronze").
    public let name: String
    /// The season points it needs.
    public let at: Int64
    /// The XP it gives.
    public let rewardXP: Int
    /// The badge it gives, if any.
    public let badge: String?
  }

  /// The season id.
  public let id: String
  /// The name shown to players.
  public let name: String
  /// The first day of the season.
  public let from: Day
  /// The last day of the season (included).
  public let to: Day
  /// The points a workout earns (a number formula of the workout and the player, `workout.xp`
  /// included), rounded half away from zero; below 0 counts as 0.
  public let points: Formula
  /// The tiers, by increasing points.
  public let tiers: [Tier]

  /// Whether a day falls in the season.
  @inline(__always)
  public func contains(_ day: Day) -> Bool { from <= day && day <= to }
}
