/// A mean and its 95% confidence interval, folded one value at a time (Welford's update: exact
/// order, so the same values in the same order give the same bits).
public struct RunningMean: Sendable, Equatable {
  /// Values folded in.
  public private(set) var count = 0
  /// Their mean.
  public private(set) var mean = 0.0
  private var squares = 0.0

  /// Creates an empty accumulator.
  public init() {}

  /// The accumulator of `count` values that are 1 (`ones` of them) or 0.
  init(ones: Int, count: Int) {
    self.count = count
    guard count > 0 else { return }
    mean = Double(ones) / Double(count)
    squares = Double(count) * mean * (1 - mean)
  }

  /// Multiplies every value folded in by a factor.
  mutating func scale(_ factor: Double) {
    mean *= factor
    squares *= factor * factor
  }

  /// Folds a value in.
  public mutating func add(_ value: Double) {
    count += 1
    let delta = value - mean
    mean += delta / Double(count)
    squares += delta * (value - mean)
  }

  /// The sample variance (n − 1 in the denominator; 0 below two values).
  public var variance: Double { count < 2 ? 0 : squares / Double(count - 1) }

  /// The squared standard error of the mean.
  var squaredError: Double { count == 0 ? 0 : variance / Double(count) }

  /// The normal quantile of a two-sided 95% interval.
  public static let z95 = 1.959963984540054

  /// The mean with its 95% interval (normal approximation: mean ± 1.96 × s / √n); nil when empty.
  public var estimate: Estimate? {
    guard count > 0 else { return nil }
    let half = Self.z95 * squaredError.squareRoot()
    return Estimate(value: mean, low: mean - half, high: mean + half)
  }

  /// `self − other` with Welch's 95% interval (± 1.96 × √(s₁²/n₁ + s₂²/n₂)); nil when either is empty.
  public func difference(from other: RunningMean) -> Estimate? {
    guard count > 0, other.count > 0 else { return nil }
    let value = mean - other.mean
    let half = Self.z95 * (squaredError + other.squaredError).squareRoot()
    return Estimate(value: value, low: value - half, high: value + half)
  }
}

/// A value with a 95% confidence interval.
public struct Estimate: Sendable, Equatable {
  /// The point estimate.
  public var value: Double
  /// The interval's lower end.
  public var low: Double
  /// The interval's upper end.
  public var high: Double

  /// Whether the interval leaves out zero (a difference that is not noise at 95%).
  public var excludesZero: Bool { low > 0 || high < 0 }
}
