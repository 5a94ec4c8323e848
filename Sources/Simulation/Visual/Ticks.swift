import RuleLanguage

/// Axis ticks at round numbers: steps of 1, 2 or 5 × 10ⁿ, from 0 (or below, for negative data)
/// to the first tick at or above the largest value.
public enum Ticks {
  /// About `count` round ticks covering `low…high` (low is usually 0).
  public static func round(low: Double, high: Double, count: Int = 5) -> [Double] {
    let low = low.isFinite ? low : 0
    var high = high.isFinite ? high : 1
    if high <= low { high = low + 1 }
    let raw = (high - low) / Double(max(1, count))
    let magnitude = pow10(floorLog10(raw))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    let first = (low / step).rounded(.down) * step
    var ticks: [Double] = []
    var value = first
    while value < high + step * 1e-9 {
      ticks.append(clean(value))
      value += step
    }
    if let last = ticks.last, last < high { ticks.append(clean(last + step)) }
    return ticks
  }

  /// Ticks for a day axis: every 4 weeks (or 1, 2, 8, 13, 26 weeks as the span needs), on days
  /// 1, 29, 57, … so that each tick is the first day of a week.
  public static func days(_ count: Int) -> [Int] {
    let weeks = [1, 2, 4, 8, 13, 26, 52].first { count / ($0 * 7) <= 8 } ?? 104
    return Array(stride(from: 1, through: max(1, count), by: weeks * 7))
  }

  /// A tick label: "1,500", "0.5", or as a percentage "12.5%", "−10%".
  public static func label(_ value: Double, percent: Bool = false) -> String {
    guard percent else { return Format.grouped(value) }
    let text = NumberText.short((abs(value) * 1000).rounded() / 10) + "%"
    return value < 0 && text != "0%" ? "\u{2212}" + text : text
  }

  private static func floorLog10(_ x: Double) -> Int {
    var exponent = 0
    var value = x
    while value >= 10 { value /= 10; exponent += 1 }
    while value < 1 && value > 0 { value *= 10; exponent -= 1 }
    return exponent
  }

  private static func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0..<(-exponent) { value /= 10 } }
    return value
  }

  private static func clean(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
}
