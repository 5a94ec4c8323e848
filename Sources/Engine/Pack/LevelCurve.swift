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
}
