import Foundation

/// The closed range of values a typed formula can take: interval arithmetic over its tree.
///
/// Sound, not exact: the formula's true values always lie inside, but the range may be wider
/// (`x - x` is `[-r, r]`, not `0`). True/false values are 0 and 1, so a condition's bounds are
/// `[1, 1]` (always true), `[0, 0]` (never true) or `[0, 1]`. Static checks (`fitquest lint`) use
/// them to prove that a threshold can never be reached or that a condition never changes.
public struct FormulaBounds: Sendable, Equatable, CustomStringConvertible {
  /// The smallest value (may be −∞).
  public var lower: Double
  /// The largest value (may be +∞).
  public var upper: Double

  /// Creates bounds; reversed or NaN bounds become unbounded, which is always sound.
  public init(_ lower: Double, _ upper: Double) {
    if lower.isNaN || upper.isNaN || lower > upper {
      self.lower = -.infinity
      self.upper = .infinity
    } else {
      self.lower = lower
      self.upper = upper
    }
  }

  /// Every number.
  public static let unbounded = FormulaBounds(-.infinity, .infinity)
  /// From 0 up, with no upper bound (counts and totals).
  public static let nonNegative = FormulaBounds(0, .infinity)
  /// A true/false value that may be either.
  public static let either = FormulaBounds(0, 1)

  /// Exactly one value.
  public static func exactly(_ value: Double) -> FormulaBounds { FormulaBounds(value, value) }

  /// Whether a condition with these bounds can hold (its upper bound is true).
  public var canBeTrue: Bool { upper >= 1 }
  /// Whether a condition with these bounds can fail.
  public var canBeFalse: Bool { lower <= 0 }
  /// Whether only one value is possible.
  public var isSingleValue: Bool { lower == upper }

  public var description: String { "[\(NumberText.format(lower)), \(NumberText.format(upper))]" }

  /// The smallest range holding both.
  public func union(_ other: FormulaBounds) -> FormulaBounds {
    FormulaBounds(Swift.min(lower, other.lower), Swift.max(upper, other.upper))
  }
}

extension Formula {
  /// The bounds of the formula's value when each slot it reads lies within `slot(index)`.
  ///
  /// A step that fails for some inputs (a division by a range holding 0, `sqrt` of a range
  /// below 0) makes its result unbounded, so the answer stays sound. O(size of the formula).
  public func bounds(slot: (Int) -> FormulaBounds) -> FormulaBounds {
    root.bounds(slot)
  }
}

extension Node {
  fileprivate func bounds(_ slot: (Int) -> FormulaBounds) -> FormulaBounds {
    switch kind {
    case .literal: return .exactly(numeric)
    case .slot(let index): return slot(index)
    case .operation(let operation): return bounds(of: operation, slot)
    case .list, .path, .dynamicPath: return .unbounded
    }
  }

  private func bounds(of operation: Operation, _ slot: (Int) -> FormulaBounds) -> FormulaBounds {
    // Branches are bounded lazily (a conditional looks at a branch only when it can be taken).
    let values = operation == .ifThen || operation == .ternary ? [] : arguments.map { $0.bounds(slot) }
    switch operation {
    case .add: return values.dropFirst().reduce(values[0]) { FormulaBounds($0.lower + $1.lower, $0.upper + $1.upper) }
    case .subtract:
      if values.count == 1 { return FormulaBounds(-values[0].upper, -values[0].lower) }
      return FormulaBounds(values[0].lower - values[1].upper, values[0].upper - values[1].lower)
    case .multiply: return values.dropFirst().reduce(values[0]) { Interval.corners($0, $1, Interval.product) }
    case .divide:
      let divisor = values[1]
      if divisor.lower <= 0 && divisor.upper >= 0 { return .unbounded }
      return Interval.corners(values[0], divisor, /)
    case .remainder: return Interval.remainder(values[0], values[1])
    case .min: return FormulaBounds(values.map(\.lower).min() ?? 0, values.map(\.upper).min() ?? 0)
    case .max: return FormulaBounds(values.map(\.lower).max() ?? 0, values.map(\.upper).max() ?? 0)
    case .clamp:
      let (value, low, high) = (values[0], values[1], values[2])
      return FormulaBounds(
        Swift.min(Swift.max(value.lower, low.lower), high.lower),
        Swift.min(Swift.max(value.upper, low.upper), high.upper))
    case .round: return Interval.monotone(values[0]) { $0.rounded(.toNearestOrAwayFromZero) }
    case .floor: return Interval.monotone(values[0]) { $0.rounded(.down) }
    case .ceil: return Interval.monotone(values[0]) { $0.rounded(.up) }
    case .abs:
      let value = values[0]
      if value.lower >= 0 { return value }
      if value.upper <= 0 { return FormulaBounds(-value.upper, -value.lower) }
      return FormulaBounds(0, Swift.max(-value.lower, value.upper))
    case .sqrt:
      guard values[0].upper >= 0 else { return .unbounded }
      return FormulaBounds(Swift.max(0, values[0].lower).squareRoot(), values[0].upper.squareRoot())
    case .pow: return Interval.power(values[0], values[1])
    case .not: return FormulaBounds(1 - values[0].upper, 1 - values[0].lower)
    case .truthy: return values[0]
    case .and: return FormulaBounds(values.map(\.lower).min() ?? 1, values.map(\.upper).min() ?? 1)
    case .or: return FormulaBounds(values.map(\.lower).max() ?? 0, values.map(\.upper).max() ?? 0)
    case .less, .lessEqual, .greater, .greaterEqual:
      var result = FormulaBounds.exactly(1)
      for index in 0..<(values.count - 1) {
        let step = Interval.compare(operation, values[index], values[index + 1])
        result = FormulaBounds(Swift.min(result.lower, step.lower), Swift.min(result.upper, step.upper))
      }
      return result
    case .equal, .strictEqual, .notEqual, .strictNotEqual:
      let (left, right) = (values[0], values[1])
      var equal = FormulaBounds.either
      if left.isSingleValue && right.isSingleValue && left.lower == right.lower { equal = .exactly(1) }
      if left.upper < right.lower || right.upper < left.lower { equal = .exactly(0) }
      return operation == .equal || operation == .strictEqual ? equal : FormulaBounds(1 - equal.upper, 1 - equal.lower)
    case .ifThen, .ternary: return conditionalBounds(slot)
    default: return .unbounded
    }
  }

  /// `if(c1, a, c2, b, …, else)`: the union of the branches that can be taken.
  private func conditionalBounds(_ slot: (Int) -> FormulaBounds) -> FormulaBounds {
    var result: FormulaBounds?
    var index = 0
    while index + 1 < arguments.count {
      let condition = arguments[index].bounds(slot)
      if condition.canBeTrue {
        let branch = arguments[index + 1].bounds(slot)
        result = result.map { $0.union(branch) } ?? branch
      }
      if !condition.canBeFalse { return result ?? .unbounded }
      index += 2
    }
    let otherwise = index < arguments.count ? arguments[index].bounds(slot) : FormulaBounds.exactly(0)
    return result.map { $0.union(otherwise) } ?? otherwise
  }
}

/// Interval arithmetic helpers.
private enum Interval {
  /// A product where 0 × ∞ is 0 (the ∞ stands for a finite value without a known bound).
  static func product(_ a: Double, _ b: Double) -> Double { a == 0 || b == 0 ? 0 : a * b }

  /// The range of a function that is monotone in each argument over the box: the extremes are
  /// at its corners.
  static func corners(_ a: FormulaBounds, _ b: FormulaBounds, _ operation: (Double, Double) -> Double) -> FormulaBounds
  {
    let values = [
      operation(a.lower, b.lower), operation(a.lower, b.upper), operation(a.upper, b.lower),
      operation(a.upper, b.upper),
    ]
    if values.contains(where: \.isNaN) { return .unbounded }
    return FormulaBounds(values.min() ?? -.infinity, values.max() ?? .infinity)
  }

  static func monotone(_ value: FormulaBounds, _ function: (Double) -> Double) -> FormulaBounds {
    FormulaBounds(function(value.lower), function(value.upper))
  }

  static func compare(_ operation: Operation, _ left: FormulaBounds, _ right: FormulaBounds) -> FormulaBounds {
    let (always, never): (Bool, Bool)
    switch operation {
    case .less: (always, never) = (left.upper < right.lower, left.lower >= right.upper)
    case .lessEqual: (always, never) = (left.upper <= right.lower, left.lower > right.upper)
    case .greater: (always, never) = (left.lower > right.upper, left.upper <= right.lower)
    default: (always, never) = (left.lower >= right.upper, left.upper < right.lower)
    }
    return always ? .exactly(1) : never ? .exactly(0) : .either
  }

  /// `a % b` has the sign of `a` and a magnitude below `|b|` and at most `|a|`.
  static func remainder(_ a: FormulaBounds, _ b: FormulaBounds) -> FormulaBounds {
    let divisor = Swift.max(Swift.abs(b.lower), Swift.abs(b.upper))
    if a.lower >= 0 { return FormulaBounds(0, Swift.min(a.upper, divisor)) }
    if a.upper <= 0 { return FormulaBounds(Swift.max(a.lower, -divisor), 0) }
    return FormulaBounds(Swift.max(a.lower, -divisor), Swift.min(a.upper, divisor))
  }

  /// `pow(a, b)` for a positive base is monotone in each argument, so its extremes are at the
  /// corners; a base that can be 0 or negative is left unbounded unless the exponent is a
  /// positive constant.
  static func power(_ base: FormulaBounds, _ exponent: FormulaBounds) -> FormulaBounds {
    if base.lower > 0 { return corners(base, exponent) { Foundation.pow($0, $1) } }
    if base.lower >= 0, exponent.lower > 0 { return corners(base, exponent) { Foundation.pow($0, $1) } }
    return .unbounded
  }
}
