extension Formula {
  /// One formula computing `((t₀ + t₁) + …) × f₀ × f₁ …`: the same IEEE operations, in the same
  /// order, as evaluating each typed number formula and combining the results, but one program.
  ///
  /// Offsets in a failure of the combination refer to the parts' own origins, so callers
  /// re-evaluate the parts to report a failure. Returns nil unless every part is a typed number
  /// formula.
  public static func sumThenProduct(_ terms: [Formula], _ factors: [Formula]) -> Formula? {
    guard !terms.isEmpty,
      (terms + factors).allSatisfy({ $0.type == .number && ($0.program != nil || $0.constantNumber != nil) })
    else { return nil }
    let origin = terms[0].origin
    let sum =
      terms.count == 1
      ? terms[0].root
      : Node(.operation(.add), arguments: terms.map(\.root), type: .number, offset: 0, display: "sum of the terms")
    let root =
      factors.isEmpty
      ? sum
      : Node(
        .operation(.multiply), arguments: [sum] + factors.map(\.root), type: .number, offset: 0, display: "product")
    let source =
      "(" + terms.map(\.source).joined(separator: ") + (") + ")"
      + factors.map { " × (\($0.source))" }.joined()
    return Formula(source: source, root: root, origin: origin, typed: true)
  }
}

extension Formula {
  /// The formula with some number slots replaced by constants (a category's parameters, known
  /// once the category is): the same operations on the same values, with fewer loads.
  public func substituting(_ values: [Int: Double]) -> Formula {
    func rebuild(_ node: Node) -> Node {
      if case .slot(let slot) = node.kind, node.type == .number, let value = values[slot] {
        return Node(.literal(.number(value)), type: .number, offset: node.offset, display: node.text, numeric: value)
      }
      guard !node.arguments.isEmpty else { return node }
      return Node(
        node.kind, arguments: node.arguments.map(rebuild), type: node.type, offset: node.offset, display: node.text,
        numeric: node.numeric)
    }
    return Formula(source: source, root: rebuild(root), origin: origin, typed: program != nil)
  }
}
