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

  /// Rounds half away from zero without a library call below 2^52 in magnitude (beyond it every
  /// Double is whole): adding 2^52 to the magnitude rounds its fraction away exactly as the
  /// hardware rounds (to nearest, a tie to even), subtracting it back is exact, and a tie that
  /// went down to even steps up one. The result takes the value's sign (so −0.3 gives −0, as the
  /// library does). No conversion to an integer, whose range check costs more than this.
  @inline(__always)
  static func halfAwayFromZero(_ value: Double) -> Double {
    let magnitude = abs(value)
    guard magnitude < 4_503_599_627_370_496 else { return value.rounded(.toNearestOrAwayFromZero) }
    var whole = (magnitude + 4_503_599_627_370_496) - 4_503_599_627_370_496
    if whole - magnitude == -0.5 { whole += 1 }
    return Double(signOf: value, magnitudeOf: whole)
  }
}
