import Engine
import RuleLanguage

/// Number formatting for reports: locale-free, identical everywhere.
///
/// Text output is for people: thousands separators, the Unicode minus, "never". Machine output
/// (JSON, CSV) uses ``machine(_:)``: plain numbers, ASCII minus, empty for "never".
package enum Format {
  /// "48,210" or "3,707.5": thousands separators (always commas, never the locale's), at most one
  /// decimal, the Unicode minus for negative numbers.
  package static func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let tenths = (abs(value) * 10).rounded(.toNearestOrAwayFromZero)
    guard tenths < 9e15 else { return (value < 0 ? "\u{2212}" : "") + NumberText.format(abs(value)) }
    let whole = Int64(tenths) / 10
    let decimal = Int64(tenths) % 10
    var digits = String(whole)
    var groups: [String] = []
    while digits.count > 3 {
      groups.insert(String(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(digits, at: 0)
    let sign = value < 0 && tenths > 0 ? "\u{2212}" : ""
    return sign + groups.joined(separator: ",") + (decimal == 0 ? "" : ".\(decimal)")
  }

  /// A day metric: "day 64" or "never".
  static func day(_ value: Double?) -> String { value.map { "day \(Int($0))" } ?? "never" }

  /// A value of a metric for people: "day 64", "never", "48,210", "−13%", "2.5%".
  static func value(_ metric: String, _ value: Double?) -> String {
    if Metrics.isDay(metric) { return day(value) }
    guard let value else { return "—" }
    if metric.hasPrefix("nutrition.") && metric.hasSuffix("Adjustment") { return NumberText.percent(value) }
    if metric == "nutrition.clampShare" { return share(value) }
    return grouped(value)
  }

  /// A table cell for people: a day number, "never", or the value as ``value(_:_:)`` prints it.
  static func cell(_ metric: String, _ value: Double?) -> String {
    guard let value else { return Metrics.isDay(metric) ? "never" : "—" }
    return Metrics.isDay(metric) ? String(Int(value)) : Format.value(metric, value)
  }

  /// A share (0–1) for people, by the one rule every output follows: at most one decimal
  /// ("28%", "35.5%"), exactly 0 and 1 only as "0%" and "100%", and a share that rounding would
  /// turn into one of them shown as "<0.1%" or ">99.9%" — a rare event is never rounded away.
  package static func share(_ share: Double) -> String {
    guard share.isFinite else { return "—" }
    if share <= 0 { return "0%" }
    if share >= 1 { return "100%" }
    let tenths = (share * 1000).rounded(.toNearestOrAwayFromZero)
    if tenths < 1 { return "<0.1%" }
    if tenths > 999 { return ">99.9%" }
    let whole = Int(tenths) / 10
    let decimal = Int(tenths) % 10
    return decimal == 0 ? "\(whole)%" : "\(whole).\(decimal)%"
  }

  /// A number for machines: plain digits, ASCII minus, "" for none.
  package static func machine(_ value: Double?) -> String { value.map { NumberText.format($0) } ?? "" }

  package static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break.
  package static func csv(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
