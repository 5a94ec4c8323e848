import Engine

import RuleLanguage

/// Number formatting for reports: locale-free, identical everywhere.
enum Format {
  /// "48,210" with thousands separators (always commas, never the locale's).
  static func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    if value != value.rounded() || abs(value) < 1000 { return NumberText.format(value == value.rounded() ? value : (value * 10).rounded() / 10) }
    guard abs(value) < 1e18 else { return NumberText.format(value) }
    var digits = String(Int64(abs(value)))
    var groups: [String] = []
    while digits.count > 3 {
      groups.insert(String(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(digits, at: 0)
    return (value < 0 ? "\u{2212}" : "") + groups.joined(separator: ",")
  }

  /// A day metric: "day 64" or "never".
  static func day(_ value: Double?) -> String { value.map { "day \(Int($0))" } ?? "never" }

  /// A value of a metric for reports.
  static func value(_ metric: String, _ value: Double?) -> String {
    if Metrics.isDay(metric) { return day(value) }
    guard let value else { return "—" }
    if metric.hasPrefix("nutrition.") && metric.hasSuffix("Adjustment") { return Engine.percent(value) }
    if metric == "nutrition.clampShare" { return NumberText.format(value * 100, decimals: 1) + "%" }
    return grouped(value)
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }
}
