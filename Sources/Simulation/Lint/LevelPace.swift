import Foundation
import RuleLanguage

/// The fastest a player or a companion can gain XP under the pack's caps, to prove a level gate
/// out of reach within a horizon (a year by default). Without `caps.perDay` nothing is provable:
/// any number of workouts a day could earn XP.
struct LevelPace {
  let outline: PackOutline

  /// XP a player can gain on one day at most (workouts at the daily cap, every daily quest and a
  /// share of the weekly ones), and XP from achievements over a whole life; nil without a cap.
  var player: (perDay: Double, once: Double)? {
    guard let cap = outline.perDayCap else { return nil }
    let daily = outline.quests.filter(\.isDaily).reduce(0) { $0 + Double($1.rewardXP) }
    let weekly = outline.quests.filter { !$0.isDaily }.reduce(0) { $0 + Double($1.rewardXP) }
    let achievements = outline.achievements.reduce(0) { $0 + $1.tiers.reduce(0) { $0 + Double($1.rewardXP) } }
    // A horizon can start and end mid-week: two weekly rewards more than whole weeks.
    return (Double(cap) + daily + weekly / 7, achievements + 2 * weekly)
  }

  /// The earliest day a player can hold `xp`, or nil when nothing bounds the pace.
  func playerDays(toEarn xp: Double) -> Double? {
    guard let (perDay, once) = player, perDay > 0 else { return nil }
    return ((xp - once) / perDay).rounded(.up)
  }

  /// XP a companion can gain on one day at most, or nil when unbounded: workouts share at most
  /// the daily cap of player XP between them, and a workout of 0 XP must give the companion none.
  var companionPerDay: Double? {
    guard let cap = outline.perDayCap, !outline.companionXP.isEmpty else { return nil }
    let largest = min(Double(outline.perWorkoutCap ?? cap), Double(cap))
    guard largest >= 1, gain(0...0) <= 0 else { return nil }
    // The most companion XP per player XP, over workouts earning 1…largest: exact points up to
    // 64, then intervals 2% wide (the ratio is bounded by the interval's top over its bottom).
    var ratio = 0.0
    var low = 1.0
    while low <= largest {
      let high = low < 64 ? low : min(largest, (low * 1.02).rounded(.up))
      ratio = max(ratio, gain(low...high) / low)
      low = high + 1
    }
    return (ratio * Double(cap)).rounded(.up)
  }

  /// The most companion XP one workout gives when the player's XP for it lies in `range`.
  private func gain(_ range: ClosedRange<Double>) -> Double {
    var facts = FactBounds(outline)
    facts.workoutXP = FormulaBounds(range.lowerBound, range.upperBound)
    return outline.companionXP.reduce(0) { $0 + max(0, facts.bounds(of: $1).upper.rounded(.toNearestOrAwayFromZero)) }
  }

  /// The earliest day a companion can reach a level, or nil when nothing bounds the pace.
  func companionDays(toReach level: Int) -> Double? {
    guard let curve = outline.companionLevels, let xp = curve.xp(forLevel: level), let perDay = companionPerDay,
      perDay > 0
    else { return nil }
    return (Double(xp) / perDay).rounded(.up)
  }
}
