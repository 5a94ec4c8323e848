/// A level curve: the total XP needed to reach each level, strictly increasing (the player's
/// levels, and the companions').
public struct LevelCurve: Sendable {
  /// The highest level; XP keeps accumulating beyond it.
  public let maxLevel: Int
  /// `thresholds[n]` is the total XP needed to reach level `n + 1` (so `thresholds[0] == 0`).
  public let thresholds: [Int64]

  /// The XP needed for the level after `level`, or nil at the maximum.
  @inline(__always)
  public func threshold(after level: Int) -> Int64? {
    level < thresholds.count ? thresholds[level] : nil
  }

  /// The level `xp` total XP reaches: the highest level whose threshold it meets.
  public func level(forXP xp: Int64) -> Int {
    var level = 1
    while level < thresholds.count && xp >= thresholds[level] { level += 1 }
    return level
  }

  /// Makes a level and XP built under another curve follow this one without a demotion: the XP
  /// is raised, when needed, to this curve's threshold of the level held, and the level is the
  /// one the XP then reaches (never lower than before; higher when this curve is gentler).
  public func keepLevel(_ level: inout Int, xp: inout Int64) {
    let held = Swift.min(Swift.max(level, 1), thresholds.count)
    xp = Swift.max(xp, thresholds[held - 1])
    level = self.level(forXP: xp)
  }
}
