import Engine

extension MetricSet {
  /// The label a designer reads, with the names the single-run report uses: achievements by
  /// name and tier name ("Dedication (Silver)"), quests and seasons by name ("Iron Week
  /// completions", "season Winter Warm-up tier"). Metrics of ids the pack does not have, and every
  /// other metric, keep ``label(_:)``.
  public static func label(_ metric: String, names pack: RulePack) -> String {
    let parts = metric.split(separator: ".").map(String.init)
    guard parts.count >= 2 else { return label(metric) }
    switch parts[0] {
    case "achievement" where parts.count <= 3:
      guard let rule = pack.achievements.first(where: { same($0.id, parts[1]) }) else { break }
      let tier = parts.count == 3 ? Int(parts[2]) ?? 0 : 1
      guard tier >= 1, tier <= rule.tiers.count else { break }
      if let tierName = rule.tiers[tier - 1].name { return "\(rule.name) (\(tierName))" }
      return tier == 1 ? rule.name : "\(rule.name) tier \(tier)"
    case "quest" where parts.count == 2:
      guard let quest = pack.quests?.quests.first(where: { same($0.id, parts[1]) }) else { break }
      return "\(quest.name) completions"
    case "season" where parts.count == 3:
      guard let season = pack.seasons?.seasons.first(where: { same($0.id, parts[1]) }) else { break }
      return "season \(season.name) \(parts[2])"
    default: break
    }
    return label(metric)
  }

  /// Ids are bytes: compared as UTF-8, never as Swift strings (which equate canonically equal
  /// spellings).
  private static func same(_ id: String, _ other: String) -> Bool { id.utf8.elementsEqual(other.utf8) }
}
