import Foundation
import RuleLanguage

/// A goal for `fitquest tune`: a statistic of a metric compared with a value, within a tolerance,
/// such as `level.10 p50 = day 42 ±2` or `nutrition.clampShare mean <= 5%`.
///
/// The grammar is `[SCENARIO:] METRIC STATISTIC (= | <= | >=) VALUE [±TOLERANCE]`: METRIC is any
/// metric of docs/scenarios.md; STATISTIC is `p10`, `p50`, `p90` (any `pN` from 1 to 99),
/// `mean` or `happened`; VALUE may be written `day 42` for day metrics and `90%` for shares.
public struct TuneTarget: Sendable, Equatable {
  /// What is measured over the runs.
  public enum Statistic: Sendable, Equatable, CustomStringConvertible {
    /// The nearest-rank percentile (1–99), "never" ranked after every day.
    case percentile(Int)
    /// The mean over the runs where the metric has a value.
    case mean
    /// The share of runs in which a day metric happened (0–1).
    case happened

    public var description: String {
      switch self {
      case .percentile(let p): return "p\(p)"
      case .mean: return "mean"
      case .happened: return "happened"
      }
    }
  }

  /// How the statistic is compared with the value.
  public enum Comparison: String, Sendable, Equatable {
    case equal = "="
    case atMost = "<="
    case atLeast = ">="
  }

  /// The target as written (trimmed).
  public var text: String
  /// The scenario it applies to (its name), or nil for every scenario.
  public var scenario: String?
  /// The metric (docs/scenarios.md).
  public var metric: String
  /// The statistic of the metric.
  public var statistic: Statistic
  /// The comparison.
  public var comparison: Comparison
  /// The value compared with (a share as a fraction: `90%` is 0.9).
  public var value: Double
  /// How far the statistic may miss the value and still meet the target (0 by default).
  public var tolerance: Double

  /// Parses a target; a malformed one is an error with an example.
  public init(parsing raw: String) throws(DiagnosticError) {
    text = raw.trimmingCharacters(in: .whitespaces)
    var rest = Substring(text)
    if let colon = rest.firstIndex(of: ":") {
      let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { throw TuneTarget.malformed(raw, "the scenario name before ':' is empty") }
      scenario = name
      rest = rest[rest.index(after: colon)...]
    }
    var scanner = TargetScanner(rest)
    guard let metric = scanner.word(), let statisticWord = scanner.word() else {
      throw TuneTarget.malformed(raw, "it needs a metric, a statistic, a comparison and a value")
    }
    self.metric = metric
    guard let statistic = TuneTarget.statistic(statisticWord) else {
      let hint = Suggestion.hint(for: statisticWord, among: ["p10", "p50", "p90", "mean", "happened"])
      throw TuneTarget.malformed(
        raw,
        "unknown statistic '\(statisticWord)'"
          + (hint.isEmpty ? "; use p10, p50, p90 (any pN), mean or happened" : hint))
    }
    self.statistic = statistic
    guard let comparison = scanner.comparison() else {
      throw TuneTarget.malformed(raw, "expected '=', '<=' or '>=' after '\(statisticWord)'")
    }
    self.comparison = comparison
    let isDay = Metrics.isDay(metric)
    let dayWord = scanner.keyword(["day", "days"])
    if dayWord && (!isDay || statistic == .happened) {
      throw TuneTarget.malformed(
        raw, "'day' belongs to the percentiles and mean of day metrics (level.N, evolution.N, achievement.ID)")
    }
    guard let number = scanner.number() else {
      throw TuneTarget.malformed(raw, "expected a number after '\(comparison.rawValue)'")
    }
    let percent = scanner.symbol("%")
    value = percent ? number / 100 : number
    _ = scanner.keyword(["day", "days"])
    tolerance = 0
    if scanner.plusMinus() {
      guard let tolerance = scanner.number(), tolerance >= 0 else {
        throw TuneTarget.malformed(raw, "expected a tolerance such as ±2 after '±'")
      }
      self.tolerance = scanner.symbol("%") ? tolerance / 100 : tolerance
      _ = scanner.keyword(["day", "days"])
    }
    guard scanner.isAtEnd else { throw TuneTarget.malformed(raw, "unexpected '\(scanner.remainder)'") }
    if statistic == .happened {
      guard isDay else {
        throw TuneTarget.malformed(
          raw,
          "'happened' applies to day metrics (level.N, evolution.N, achievement.ID); '\(metric)' has a value in every run"
        )
      }
      guard (0...1).contains(value) else {
        throw TuneTarget.malformed(raw, "'happened' is a share of runs: write it as 90% or 0.9")
      }
    }
  }

  private static func statistic(_ word: String) -> Statistic? {
    switch word {
    case "mean": return .mean
    case "happened": return .happened
    default:
      guard word.hasPrefix("p"), let p = Int(word.dropFirst()), (1...99).contains(p) else { return nil }
      return .percentile(p)
    }
  }

  private static func malformed(_ text: String, _ reason: String) -> DiagnosticError {
    DiagnosticError(
      Diagnostic(
        message:
          "'\(text)': \(reason) (a target is METRIC STATISTIC =|<=|>= VALUE [±TOLERANCE], e.g. 'level.10 p50 = day 42 ±2')"
      ))
  }

  /// Whether a value of the statistic meets the target (nil: the percentile is "never", which
  /// ranks after every day, so it meets only `>=`).
  public func isMet(by measured: Double?) -> Bool {
    guard let measured else { return comparison == .atLeast }
    switch comparison {
    case .equal: return abs(measured - value) <= tolerance + 1e-9 * max(1, abs(value))
    case .atMost: return measured <= value + tolerance + 1e-9 * max(1, abs(value))
    case .atLeast: return measured >= value - tolerance - 1e-9 * max(1, abs(value))
    }
  }

  /// How far a (finite) value is from meeting the target, in the target's units; 0 when met.
  func shortfall(_ measured: Double) -> Double {
    switch comparison {
    case .equal: return max(0, abs(measured - value) - tolerance)
    case .atMost: return max(0, measured - value - tolerance)
    case .atLeast: return max(0, value - tolerance - measured)
    }
  }
}

/// Reads the words, numbers and symbols of a target.
private struct TargetScanner {
  private var rest: Substring

  init(_ text: Substring) { rest = text }

  var isAtEnd: Bool { rest.allSatisfy { $0 == " " || $0 == "\t" } }

  var remainder: String { rest.trimmingCharacters(in: .whitespaces) }

  private mutating func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }

  /// A run of characters up to a space or a comparison sign.
  mutating func word() -> String? {
    skipSpaces()
    let word = rest.prefix { $0 != " " && $0 != "\t" && !"=<>≤≥".contains($0) }
    guard !word.isEmpty else { return nil }
    rest = rest.dropFirst(word.count)
    return String(word)
  }

  mutating func comparison() -> TuneTarget.Comparison? {
    skipSpaces()
    for (spelling, comparison) in [
      ("<=", TuneTarget.Comparison.atMost), (">=", .atLeast), ("≤", .atMost), ("≥", .atLeast), ("==", .equal),
      ("=", .equal),
    ]
    where rest.hasPrefix(spelling) {
      rest = rest.dropFirst(spelling.count)
      return comparison
    }
    return nil
  }

  mutating func keyword(_ words: [String]) -> Bool {
    skipSpaces()
    for word in words.sorted(by: { $0.count > $1.count }) where rest.hasPrefix(word) {
      let after = rest.dropFirst(word.count)
      if after.first.map({ $0 == " " || $0.isNumber || $0 == "\t" }) ?? true {
        rest = after
        return true
      }
    }
    return false
  }

  mutating func number() -> Double? {
    skipSpaces()
    // An optional sign, digits with an optional point, an optional exponent.
    var end = rest.startIndex
    if end < rest.endIndex, rest[end] == "-" || rest[end] == "+" { end = rest.index(after: end) }
    while end < rest.endIndex, rest[end].isASCII, rest[end].isNumber || rest[end] == "." {
      end = rest.index(after: end)
    }
    if end < rest.endIndex, rest[end] == "e" || rest[end] == "E" {
      var exponent = rest.index(after: end)
      if exponent < rest.endIndex, rest[exponent] == "-" || rest[exponent] == "+" {
        exponent = rest.index(after: exponent)
      }
      if exponent < rest.endIndex, rest[exponent].isASCII, rest[exponent].isNumber {
        end = exponent
        while end < rest.endIndex, rest[end].isASCII, rest[end].isNumber { end = rest.index(after: end) }
      }
    }
    guard let value = Double(rest[..<end]), value.isFinite else { return nil }
    rest = rest[end...]
    return value
  }

  mutating func symbol(_ symbol: Character) -> Bool {
    skipSpaces()
    guard rest.first == symbol else { return false }
    rest = rest.dropFirst()
    return true
  }

  /// `±`, `+-` or `+/-`.
  mutating func plusMinus() -> Bool {
    skipSpaces()
    for spelling in ["±", "+/-", "+-"] where rest.hasPrefix(spelling) {
      rest = rest.dropFirst(spelling.count)
      return true
    }
    return false
  }
}
