extension Double {
  /// The whole part as an `Int`, saturating at `Int.min`/`Int.max` (NaN gives 0), where
  /// `Int(self)` would trap: for conversions of values that come from input.
  @inlinable
  public var saturatingInt: Int {
    guard !isNaN else { return 0 }
    if self >= 9.223372036854775807e18 { return .max }
    if self <= -9.223372036854775808e18 { return .min }
    return Int(self)
  }
}
