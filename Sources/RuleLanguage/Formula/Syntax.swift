/// A formula as parsed, before names are resolved: the common tree of both spellings.
///
/// Operations carry JsonLogic's operator names (`+`, `==`, `if`, `var`…); the text spelling maps
/// its operators and functions onto them, so both spellings compile through one path.
final class Syntax: Sendable {
  enum Kind: Sendable {
    case literal(Value)
    /// A list whose elements are formulas (`[1, x, 3]`).
    case list([Syntax])
    /// A dotted variable path written directly (`workout.durationMin`).
    case variable(String)
    /// An operator or function applied to arguments.
    case operation(String, [Syntax])
  }

  let kind: Kind
  /// The offset of the node in its origin: a byte offset into the formula text, or into the
  /// JSON file for JsonLogic.
  let offset: Int
  /// How the node is shown in traces: its source text.
  let text: NodeText
  /// The deepest chain of nodes below and including this one (a leaf is 1).
  let height: Int

  init(_ kind: Kind, offset: Int, text: NodeText) {
    self.kind = kind
    self.offset = offset
    self.text = text
    switch kind {
    case .literal, .variable: height = 1
    case .list(let items), .operation(_, let items): height = 1 + (items.map(\.height).max() ?? 0)
    }
  }

  /// The source text of the node.
  var display: String { text.string }
}
