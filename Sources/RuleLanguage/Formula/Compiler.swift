/// Compiles ``Syntax`` into the typed ``Node`` tree.
///
/// With a scope (rule formulas), every variable resolves to a slot, operands are type-checked and
/// only numeric and logical operations are allowed. Without one (data mode, as in
/// `fitquest eval --data`), variables are JsonLogic `var` look-ups and every JsonLogic operation is
/// available. Sub-trees made only of constants are folded in both modes.
struct Compiler {
  let scope: FormulaScope?

  var isTyped: Bool { scope != nil }

  func compile(_ syntax: Syntax) throws(FormulaSyntaxError) -> Node {
    switch syntax.kind {
    case .literal(let value): return try literal(value, syntax)
    case .list(let elements):
      var nodes: [Node] = []
      for element in elements { nodes.append(try compile(element)) }
      let node = Node(.list, arguments: nodes, type: .list, offset: syntax.offset, display: syntax.text)
      return try fold(node)
    case .variable(let path): return try variable(path, syntax, default: nil)
    case .operation(let name, let arguments):
      guard let operation = Operation(rawValue: name) else {
        let names = Operation.allCases.map(\.rawValue)
        throw FormulaSyntaxError(
          offset: syntax.offset, message: "unknown operator '\(name)'\(Suggestion.hint(for: name, among: names))")
      }
      guard operation.arity.contains(arguments.count) else {
        throw FormulaSyntaxError(offset: syntax.offset, message: arityMessage(operation, arguments.count))
      }
      if operation == .variable { return try variableOperation(arguments, syntax) }
      if isTyped && !operation.isAvailableInRules {
        throw FormulaSyntaxError(
          offset: syntax.offset,
          message: "\(operation.quoted) is not available in rule formulas, which compute numbers and true/false values")
      }
      var nodes: [Node] = []
      for argument in arguments { nodes.append(try compile(argument)) }
      let node =
        isTyped
        ? try typed(operation, nodes, syntax)
        : Node(.operation(operation), arguments: nodes, type: .any, offset: syntax.offset, display: syntax.text)
      return try fold(node)
    }
  }

  private func arityMessage(_ operation: Operation, _ count: Int) -> String {
    let arity = operation.arity
    let expected: String
    if arity.lowerBound == arity.upperBound {
      expected = "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
    } else if arity.upperBound == Int.max {
      expected = "at least \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
    } else {
      expected = "\(arity.lowerBound) to \(arity.upperBound) arguments"
    }
    return "\(operation.quoted) takes \(expected); found \(count)"
  }

  private func literal(_ value: Value, _ syntax: Syntax) throws(FormulaSyntaxError) -> Node {
    let make = { (type: FormulaType, numeric: Double) in
      Node(.literal(value), type: type, offset: syntax.offset, display: syntax.text, numeric: numeric)
    }
    switch value {
    case .number(let number): return make(.number, number)
    case .bool(let flag): return make(.bool, flag ? 1 : 0)
    case .string: return make(.string, 0)
    case .null:
      if isTyped {
        throw FormulaSyntaxError(
          offset: syntax.offset, message: "null has no meaning in rule formulas; use a number or true/false")
      }
      return make(.any, 0)
    case .array, .object:
      if isTyped {
        throw FormulaSyntaxError(
          offset: syntax.offset, message: "\(value.typeName)s of data are not allowed in rule formulas")
      }
      return make(.any, 0)
    }
  }

  private func variableOperation(_ arguments: [Syntax], _ syntax: Syntax) throws(FormulaSyntaxError) -> Node {
    let pathSyntax = arguments.first
    var staticPath: String?
    switch pathSyntax?.kind {
    case .none: staticPath = ""
    case .literal(.string(let text))?: staticPath = text
    case .literal(.number(let number))?: staticPath = NumberText.format(number)
    case .literal(.null)?: staticPath = ""
    case .list(let items)? where items.isEmpty: staticPath = ""
    default: staticPath = nil
    }
    var defaultNode: Node?
    if arguments.count == 2 {
      if isTyped {
        throw FormulaSyntaxError(
          offset: arguments[1].offset, message: "rule variables always have a value; remove the default")
      }
      defaultNode = try compile(arguments[1])
    }
    if let staticPath { return try variable(staticPath, syntax, default: defaultNode) }
    if isTyped {
      throw FormulaSyntaxError(
        offset: syntax.offset, message: "a rule variable must be named by a fixed text such as \"player.streak\"")
    }
    guard let pathSyntax else { preconditionFailure("var without arguments has a static path") }
    let path = try compile(pathSyntax)
    return Node(
      .dynamicPath, arguments: [path] + (defaultNode.map { [$0] } ?? []), type: .any,
      offset: syntax.offset, display: syntax.text)
  }

  private func variable(_ path: String, _ syntax: Syntax, default defaultNode: Node?) throws(FormulaSyntaxError)
    -> Node
  {
    guard let scope else {
      let components = path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      return Node(
        .path(components), arguments: defaultNode.map { [$0] } ?? [], type: .any, offset: syntax.offset,
        display: syntax.text)
    }
    if let constant = scope.constant(named: path) {
      return Node(
        .literal(.number(constant)), type: .number, offset: syntax.offset, display: syntax.text, numeric: constant)
    }
    guard let variable = scope.variable(named: path) else {
      let hint = Suggestion.hint(for: path, among: scope.names)
      throw FormulaSyntaxError(offset: syntax.offset, message: "unknown variable '\(path)'\(hint)", isUnknownName: true)
    }
    return Node(.slot(variable.slot), type: variable.type, offset: syntax.offset, display: syntax.text)
  }

  /// Folds a node whose arguments are all literals into a literal (typed rule formulas only;
  /// data formulas keep their shape so that traces show every step).
  private func fold(_ node: Node) throws(FormulaSyntaxError) -> Node {
    guard isTyped else { return node }
    switch node.kind {
    case .operation(let operation) where !operation.readsData: break
    default: return node
    }
    guard node.arguments.allSatisfy(\.isLiteral) else { return node }
    var evaluator = Evaluator(slots: nil)
    let value: Value
    do {
      value = try evaluator.evaluate(node, data: .null)
    } catch {
      throw FormulaSyntaxError(offset: error.offset, message: error.message)
    }
    var numeric = 0.0
    switch (value, node.type) {
    case (.number(let number), _): numeric = number
    case (.bool(let flag), _): numeric = flag ? 1 : 0
    case (.string(let text), .choice(let set)): numeric = Double(set.values.firstIndex(of: text) ?? 0)
    default: break
    }
    return Node(.literal(value), type: node.type, offset: node.offset, display: node.text, numeric: numeric)
  }
}
