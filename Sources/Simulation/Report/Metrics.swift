import Engine
import RuleLanguage

/// The metrics `simulate` reports and expectations name, defined once.
///
/// Day metrics are 1-based day indexes from the scenario's start (day 1 is the start date) and
/// are empty ("never") when the thing did not happen.
public enum Metrics {
  /// Metrics with fixed names, with a one-line description each.
  public static let fixed: [(name: String, description: String)] = [
    ("days", "days simulated"),
    ("workouts", "workouts logged"),
    ("totalXP", "total XP at the end"),
    ("finalLevel", "player level at the end"),
    ("finalStreak", "streak at the end"),
    ("bestStreak", "best streak"),
    ("prs", "personal records set"),
    ("cappedWorkouts", "workouts whose XP a cap cut"),
    ("evolutions", "companion evolutions"),
    ("achievements", "achievement tiers unlocked"),
    ("quests", "quests completed"),
    ("xpPerWeek.min", "XP of the weakest full week"),
    ("xpPerWeek.median", "median XP per full week"),
    ("xpPerWeek.max", "XP of the best full week"),
    ("companion.level", "active companion's level at the end"),
    ("companion.stage", "active companion's stage at the end"),
    ("nutrition.targetDays", "days with a nutrition target"),
    ("nutrition.minAdjustment", "lowest nutrition adjustment (fraction, −0.15 is −15%)"),
    ("nutrition.maxAdjustment", "highest nutrition adjustment"),
    ("nutrition.clampedDays", "days whose adjustment hit the clamp"),
    ("nutrition.clampShare", "share of target days that hit the clamp (0–1)"),
    ("evolution.first", "day of the first evolution"),
  ]

  /// Families of metrics with a parameter (then those the mechanics report).
  public static let families: [(pattern: String, description: String)] = Mechanics.metricFamilies.reduce(into: [

    ("level.N", "day the player reached level N"),
    ("levelOnDay.D", "player level at the end of day D"),
    ("xpOnDay.D", "total XP at the end of day D"),
    ("evolution.N", "day of the N-th evolution"),
    ("achievement.ID", "day achievement ID unlocked (its first tier)"),
    ("achievement.ID.T", "day tier T of achievement ID unlocked"),
    ("quest.ID", "times quest ID was completed"),
  ]) { $0.append(($1.pattern, $1.description)) }

  /// The first parts of the mechanics' metric names (`season`, `rest`, `goals`).
  static let mechanicFamilyNames = Set(Mechanics.metricFamilies.map { String($0.pattern.prefix { $0 != "." }) })

  /// Whether a metric measures a day (and so can be "never").
  public static func isDay(_ name: String) -> Bool {
    name.hasPrefix("level.") || name.hasPrefix("achievement.") || name.hasPrefix("evolution.")
  }

  /// The metric families with a parameter, by family name.
  static let familyNames =
    ["level", "levelOnDay", "xpOnDay", "evolution", "achievement", "quest"] + mechanicFamilyNames.sorted()

  /// Checks a metric name against the pack and the scenario length; returns a message when
  /// invalid, with a "did you mean" hint for a misspelt name or family.
  public static func problem(with name: String, pack: RulePack?, days: Int) -> String? {
    if fixed.contains(where: { $0.name == name }) { return nil }
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    let fixedNames = fixed.map(\.name)
    func unknown() -> String {
      var hint = Suggestion.closest(to: name, among: fixedNames)
      if hint == nil, parts.count == 2, let family = Suggestion.closest(to: parts[0], among: familyNames) {
        hint = "\(family).\(parts[1])"
      }
      return "unknown metric '\(name)'"
        + (hint.map { "; did you mean '\($0)'?" } ?? "; see docs/scenarios.md for the list")
    }
    guard parts.count == 2 else { return unknown() }
    let (family, argument) = (parts[0], parts[1])
    switch family {
    case "level":
      guard let level = Int(argument), level >= 2 else { return "'\(name)': the level must be a whole number from 2" }
      if let pack, level > pack.levels.maxLevel {
        return "'\(name)': the pack's maximum level is \(pack.levels.maxLevel)"
      }
      return nil
    case "levelOnDay", "xpOnDay":
      guard let day = Int(argument), day >= 1, day <= days else {
        return "'\(name)': the day must be from 1 to \(days)"
      }
      return nil
    case "evolution":
      return Int(argument).map { $0 >= 1 } == true ? nil : "'\(name)': write evolution.first or evolution.N (N from 1)"
    case "achievement":
      let pieces = argument.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard pieces.count <= 2, let id = pieces.first, !id.isEmpty else {
        return "'\(name)': write achievement.ID or achievement.ID.TIER"
      }
      guard let pack else { return nil }
      let ids = pack.achievements.map(\.id)
      guard let index = ids.firstIndex(where: { $0.utf8.elementsEqual(id.utf8) }) else {
        return "unknown achievement '\(id)'\(Suggestion.hint(for: id, among: ids))"
      }
      if pieces.count == 2 {
        guard let tier = Int(pieces[1]), tier >= 1, tier <= pack.achievements[index].tiers.count else {
          return "'\(name)': achievement '\(id)' has \(pack.achievements[index].tiers.count) tier(s)"
        }
      }
      return nil
    case _ where mechanicFamilyNames.contains(family):
      guard let pack else { return nil }
      let names = pack.runMetrics.map(\.name)
      return names.contains(name) ? nil : "unknown metric '\(name)'\(Suggestion.hint(for: name, among: names))"
    case "quest":
      guard let pack else { return nil }
      let ids = pack.quests?.quests.map(\.id) ?? []
      guard ids.contains(argument) else {
        return ids.isEmpty
          ? "'\(name)': the rule pack has no quests"
          : "unknown quest '\(argument)'\(Suggestion.hint(for: argument, among: ids))"
      }
      return nil
    default:
      return unknown()
    }
  }
}
