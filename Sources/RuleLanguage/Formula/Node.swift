/// The compiled, type-checked tree of a formula: names resolved to slots or data paths,
/// constants folded. Both spellings compile to this one form.
final class Node: Sendable {
  enum Kind: Sendable {
    case literal(Value)
    /// A list of formulas; the elements are `arguments`.
    case list
    /// A declared variable read from the slot array.
    case slot(Int)
    /// A data path known at compile time; `arguments` holds the default, if any.
    case path([String])
    /// A data path computed at run time: `arguments` are the path and the optional default.
    case dynamicPath
    case operation(Operation)
  }

  let kind: Kind
  let arguments: [Node]
  let type: FormulaType
  /// The offset in the formula's origin, for errors and traces.
  let offset: Int
  /// The source text shown in traces.
  let text: NodeText
  /// For literals: the value as stored in a slot (true/false as 1/0, choices as index).
  let numeric: Double

  init(
    _ kind: Kind, arguments: [Node] = [], type: FormulaType, offset: Int, display: NodeText,
    numeric: Double = 0
  ) {
    self.kind = kind
    self.arguments = arguments
    self.type = type
    self.offset = offset
    self.text = display
    self.numeric = numeric
  }

  /// The source text of the node (made when asked).
  var display: String { text.string }

  var isLiteral: Bool {
    if case .literal = kind { return true }
    return false
  }

  var literalValue: Value? {
    if case .literal(let value) = kind { return value }
    return nil
  }

  var operation: Operation? {
    if case .operation(let operation) = kind { return operation }
    return nil
  }

  /// Every slot read anywhere in the tree.
  func collectSlots(into slots: inout Set<Int>) {
    if case .slot(let slot) = kind { slots.insert(slot) }
    for argument in arguments { argument.collectSlots(into: &slots) }
  }
}
