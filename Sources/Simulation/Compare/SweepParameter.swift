import RuleLanguage

/// A swept `--set`: `PATH=FROM..TO:STEP` (a range) or `PATH=A,B,C` (a list of values).
public struct SweepParameter: Sendable, Equatable {
  /// The path, as `--set` writes it (`xp.categories.strength.multiplier`).
  public var path: String
  /// The values, each as the text of a `--set` value (`1.1`, `halfEven`).
  public var values: [String]

  /// The most values one parameter may take.
  public static let maximumValues = 1000

  /// Whether a `--set PATH=VALUE` text sweeps: its value is a range or a comma-separated list
  /// (a JSON array or object, such as `rpe=[9,10]`, is a single value).
  public static func isSweep(_ text: String) -> Bool {
    guard let equals = text.firstIndex(of: "=") else { return false }
    let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard let first = value.first, first != "[", first != "{", first != "\"" else { return false }
    return value.contains("..") || value.contains(",")
  }

  /// Parses `PATH=FROM..TO:STEP` or `PATH=A,B,C`.
  public init(parsing text: String) throws(DiagnosticError) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw DiagnosticError(
        Diagnostic(
          message:
            "'\(text)' is not PATH=FROM..TO:STEP or PATH=A,B,C, e.g. xp.categories.strength.multiplier=1.0..1.5:0.1"))
    }
    path = String(text[..<equals])
    let spec = String(text[text.index(after: equals)...])
    if spec.contains("..") {
      values = try SweepParameter.range(spec).map { NumberText.format($0) }
    } else {
      let items = spec.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard !items.contains(where: \.isEmpty) else {
        throw DiagnosticError(Diagnostic(message: "'\(spec)' has an empty value; write A,B,C, e.g. 1.0,1.2,1.5"))
      }
      guard items.count <= SweepParameter.maximumValues else {
        throw DiagnosticError(
          Diagnostic(
            message: "'\(spec)' has \(items.count) values; a sweep has at most \(SweepParameter.maximumValues)"))
      }
      var seen: [String] = []
      for item in items where !seen.contains(item) { seen.append(item) }
      values = seen
    }
  }

  static func range(_ spec: String) throws(DiagnosticError) -> [Double] {
    let parts = spec.split(separator: ":", maxSplits: 1)
    let bounds = parts.first?.components(separatedBy: "..") ?? []
    guard parts.count == 2, bounds.count == 2, let from = Double(bounds[0]), let to = Double(bounds[1]),
      let step = Double(parts[1]), from.isFinite, to.isFinite, step.isFinite, step > 0, from <= to
    else {
      throw DiagnosticError(
        Diagnostic(message: "'\(spec)' is not FROM..TO:STEP with FROM ≤ TO and STEP > 0, e.g. 1.0..1.5:0.1"))
    }
    let steps = ((to - from) / step + 1e-9).rounded(.down)
    guard steps < Double(maximumValues) else {
      throw DiagnosticError(
        Diagnostic(
          message: "'\(spec)' has \(NumberText.format(steps + 1)) values; a sweep has at most \(maximumValues)"))
    }
    // Values are from + i × step, cleaned of binary noise (1.1 rather than 1.1000000000000001).
    return (0...Int(steps)).map { ((from + Double($0) * step) * 1e9).rounded() / 1e9 }
  }

  /// The override for one of the values.
  public func override(_ value: String) throws(DiagnosticError) -> JSONOverride {
    try JSONOverride(parsing: "\(path)=\(value)")
  }
}
