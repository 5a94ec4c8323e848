/// How a real number becomes whole XP.
public enum RoundingMode: String, Sendable, CaseIterable {
  /// 2.5 → 3, −2.5 → −3.
  case halfAwayFromZero
  /// 2.5 → 2, 3.5 → 4 (banker's rounding).
  case halfEven
  /// Toward −∞.
  case down
  /// Toward +∞.
  case up

  /// Rounds a value.
  @inline(__always)
  public func round(_ value: Double) -> Double {
    switch self {
    case .halfAwayFromZero: return Self.halfAwayFromZero(value)
    case .halfEven: return value.rounded(.toNearestOrEven)
    case .down: return value.rounded(.down)
    case .up: return value.rounded(.up)
    }
  }

  /// Rounds half away from zero without a library call below 2^52 in magnitude (where every
  /// Double has a fraction to look at): truncate, then step away from zero when the remainder,
  /// which is exact, is at least one half. The sign of a zero result follows the value's.
  @inline(__always)
  static func halfAwayFromZero(_ value: Double) -> Double {
    guard abs(value) < 4_503_599_627_370_496 else { return value.rounded(.toNearestOrAwayFromZero) }
    var whole = Double(Int64(value))
    let remainder = value - whole
    if remainder >= 0.5 {
      whole += 1
    } else if remainder <= -0.5 {
      whole -= 1
    }
    return whole == 0 ? Double(signOf: value, magnitudeOf: 0) : whole
  }
}
