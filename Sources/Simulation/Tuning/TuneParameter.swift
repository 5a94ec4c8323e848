import Engine
import Foundation
import RuleLanguage

/// A numeric value `fitquest tune` may change, within a range: `PATH=LOW..HIGH`, where PATH is
/// any path `--set` takes (`xp.categories.strength.multiplier`, `pack.constants.levelBase`,
/// `scenario.adherence.probability`).
public struct TuneParameter: Sendable, Equatable {
  /// The path, as `--set` writes it.
  public var path: String
  /// The lowest value tried.
  public var low: Double
  /// The highest value tried.
  public var high: Double
  /// Whether only whole numbers are tried (the value is whole in the pack, or the range is
  /// written with whole numbers for a value the pack does not hold).
  public var isWhole: Bool
  /// The value before tuning, when the pack or scenario holds one.
  public var current: Double?

  /// Parses `PATH=LOW..HIGH`; whole-number search is decided later (see ``resolved(current:)``).
  public init(parsing text: String) throws(DiagnosticError) {
    let example = "e.g. xp.categories.strength.multiplier=1.0..1.5"
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw DiagnosticError(Diagnostic(message: "'\(text)' is not PATH=LOW..HIGH, \(example)"))
    }
    path = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
    let spec = String(text[text.index(after: equals)...])
    let bounds = spec.components(separatedBy: "..")
    guard bounds.count == 2, let low = Double(bounds[0].trimmingCharacters(in: .whitespaces)),
      let high = Double(bounds[1].trimmingCharacters(in: .whitespaces)), low.isFinite, high.isFinite, low < high
    else {
      throw DiagnosticError(Diagnostic(message: "'\(spec)' is not a range LOW..HIGH with LOW < HIGH, \(example)"))
    }
    self.low = low
    self.high = high
    isWhole = bounds.allSatisfy { Int($0.trimmingCharacters(in: .whitespaces)) != nil }
    _ = try JSONOverride(parsing: "\(path)=0")
  }

  /// This parameter with the value the scenario (a `scenario.…` path) or its rule pack holds at
  /// its path: a whole number there makes the search whole, a fraction continuous.
  ///
  /// - Throws: an error when the value there is not a number.
  public func resolved(for scenario: Scenario, engine: Engine) throws(DiagnosticError) -> TuneParameter {
    let override = try JSONOverride(parsing: "\(path)=0")
    let value: JSONValue?
    if case .key("scenario")? = override.steps.first {
      value = (try? JSONReader.parse(scenario.source)).flatMap {
        PackDocuments.value(in: $0, at: override, dropping: 1)
      }
    } else {
      // A misspelt path is refused here, with its hint, before any run.
      let documents = PackDocuments(engine.pack)
      guard case .key(let stem)? = override.steps.first, let file = documents.file(stem) else {
        let first = path.prefix { $0 != "." && $0 != "[" }
        throw DiagnosticError(
          Diagnostic(
            message:
              "--param \(path): no rule file '\(first).json'\(Suggestion.hint(for: String(first), among: documents.files.map(\.stem) + ["scenario"]))"
          ))
      }
      do {
        _ = try override.applying(to: file.root, dropping: 1)
      } catch {
        let message = error.diagnostics.first?.message ?? ""
        let reason =
          message.hasPrefix("cannot apply --set \(override.text): ")
          ? String(message.dropFirst("cannot apply --set \(override.text): ".count)) : message
        throw DiagnosticError(Diagnostic(message: "--param \(path): \(reason)"))
      }
      value = documents.value(at: path)
    }
    if let value, value.number == nil {
      throw DiagnosticError(
        Diagnostic(message: "--param \(path): the value there is \(value.kindName) (\(value)); tune changes numbers"))
    }
    return resolved(current: value)
  }

  /// This parameter with a known current value: a whole number makes the search whole (a
  /// fraction makes it continuous, whatever the range's spelling).
  func resolved(current value: JSONValue?) -> TuneParameter {
    var copy = self
    switch value?.kind {
    case .integer(let number)?:
      copy.current = Double(number)
      copy.isWhole = low == low.rounded() && high == high.rounded()
    case .double(let number)?:
      copy.current = number
      copy.isWhole = false
    default: break
    }
    return copy
  }

  /// The value's text in a `--set` (whole numbers without a fraction, others shortest).
  public func text(_ value: Double) -> String { NumberText.format(value) }

  /// The override that sets the value.
  public func override(_ value: Double) throws(DiagnosticError) -> JSONOverride {
    try JSONOverride(parsing: "\(path)=\(text(value))")
  }

  /// The value at a position of the range (0 is LOW, 1 is HIGH), as simple as it can be within
  /// `slack` (a fraction of the range) of that position: whole numbers for a whole parameter,
  /// else the number with the fewest decimals.
  func value(at position: Double, slack: Double) -> Double {
    let span = high - low
    let center = low + min(1, max(0, position)) * span
    let radius = max(0, slack) * span
    let lower = max(low, center - radius)
    let upper = min(high, center + radius)
    if isWhole {
      let whole = center.rounded()
      return min(high, max(low, whole))
    }
    return SimpleNumber.simplest(in: lower...upper, near: center)
  }

  /// The position of a value in the range (0 at LOW, 1 at HIGH).
  func position(of value: Double) -> Double { (value - low) / (high - low) }
}

/// Picks numbers a person would write: the fewest decimals within an interval.
enum SimpleNumber {
  /// The number with the fewest significant decimals in `range` (closest to `near` among those).
  static func simplest(in range: ClosedRange<Double>, near: Double) -> Double {
    for decimals in -9...15 {
      let scale = Foundation.pow(10, Double(decimals))
      let low = (range.lowerBound * scale).rounded(.up)
      let high = (range.upperBound * scale).rounded(.down)
      guard low <= high else { continue }
      let pick = min(high, max(low, (near * scale).rounded()))
      return decimals >= 0 ? pick / scale : pick * Foundation.pow(10, Double(-decimals))
    }
    return near
  }
}
