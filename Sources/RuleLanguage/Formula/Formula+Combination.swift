extension Formula {
  /// One formula computing `((t₀ + t₁) + …) × f₀ × f₁ …`: the same IEEE operations, in the same
  /// order, as evaluating each typed number formula and combining the results, but one program.
  ///
  /// Offsets in a failure of the combination refer to the parts' own origins, so callers
  /// re-evaluate the parts to report a failure. Returns nil unless every part is a typed number
  /// formula.
  public static func sumThenProduct(_ terms: [Formula], _ factors: [Formula]) -> Formula? {
    guard !terms.isEmpty, (terms + factors).allSatisfy({ $0.type == .number && ($0.program != nil || $0.constantNumber != nil) })
    else { return nil }
    let origin = terms[0].origin
    let sum =
      terms.count == 1
      ? terms[0].root
      : Node(.operation(.add), arguments: terms.map(\.root), type: .number, offset: 0, display: "sum of the terms")
    let root =
      factors.isEmpty
      ? sum
      : Node(.operation(.multiply), arguments: [sum] + factors.map(\.root), type: .number, offset: 0, display: "product")
    let source = "(" + terms.map(\.source).joined(separator: ") + (") + ")"
      + factors.map { " × (\($0.source))" }.joined()
    return Formula(source: source, root: root, origin: origin, typed: true)
  }
}
