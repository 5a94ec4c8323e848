// Type rules of rule formulas: numbers for arithmetic and comparison, true/false for logic,
// choice names compared with text literals (checked against the set, stored as indexes).

extension Compiler {
  func typed(_ operation: Operation, _ arguments: [Node], _ syntax: Syntax) throws(FormulaSyntaxError) -> Node {
    let make = { (type: FormulaType, arguments: [Node]) in
      Node(.operation(operation), arguments: arguments, type: type, offset: syntax.offset, display: syntax.text)
    }
    switch operation {
    case .add, .multiply, .min, .max:
      try require(.number, arguments, operation)
      if arguments.count == 1 { return arguments[0] }
      if arguments.isEmpty {
        return Node(.literal(.number(0)), type: .number, offset: syntax.offset, display: syntax.text)
      }
      return make(.number, arguments)
    case .subtract, .divide, .remainder, .clamp, .round, .floor, .ceil, .abs, .pow, .sqrt:
      try require(.number, arguments, operation)
      return make(.number, arguments)
    case .less, .lessEqual, .greater, .greaterEqual:
      try require(.number, arguments, operation)
      return make(.bool, arguments)
    case .equal, .strictEqual, .notEqual, .strictNotEqual:
      let (left, right) = try unify(arguments[0], arguments[1], operation)
      return make(.bool, [left, right])
    case .not, .truthy, .and, .or:
      try require(.bool, arguments, operation)
      if operation == .truthy { return arguments[0] }
      return make(.bool, arguments)
    case .ifThen, .ternary:
      return try conditional(arguments, syntax, make: make)
    case .contains:
      return try membership(arguments, syntax)
    default:
      throw FormulaSyntaxError(offset: syntax.offset, message: "\(operation.quoted) is not available in rule formulas")
    }
  }

  private func require(_ type: FormulaType, _ arguments: [Node], _ operation: Operation) throws(FormulaSyntaxError) {
    for argument in arguments where argument.type != type {
      throw FormulaSyntaxError(
        offset: argument.offset,
        message: "\(operation.quoted) needs \(type), but '\(argument.display)' is \(argument.type)")
    }
  }

  private func choiceLiteral(_ node: Node, in set: ChoiceSet) throws(FormulaSyntaxError) -> Node {
    guard case .literal(.string(let text)) = node.kind else { return node }
    guard let index = set.values.firstIndex(of: text) else {
      let hint = Suggestion.closest(to: text, among: set.values).map { "did you mean '\($0)'?" }
      let list = "expected one of " + set.values.map { "'\($0)'" }.joined(separator: ", ")
      throw FormulaSyntaxError(offset: node.offset, message: "unknown \(set.name) '\(text)'; \(hint ?? list)")
    }
    return Node(
      .literal(.string(text)), type: .choice(set), offset: node.offset, display: node.text, numeric: Double(index))
  }

  private func unify(_ left: Node, _ right: Node, _ operation: Operation) throws(FormulaSyntaxError) -> (Node, Node) {
    switch (left.type, right.type) {
    case (.choice(let set), .string): return (left, try choiceLiteral(right, in: set))
    case (.string, .choice(let set)): return (try choiceLiteral(left, in: set), right)
    case (.number, .number), (.bool, .bool): return (left, right)
    case (.choice(let a), .choice(let b)) where a == b: return (left, right)
    default:
      throw FormulaSyntaxError(
        offset: right.offset,
        message:
          "\(operation.quoted) cannot compare '\(left.display)' (\(left.type)) with '\(right.display)' (\(right.type))")
    }
  }

  private func conditional(
    _ arguments: [Node], _ syntax: Syntax, make: (FormulaType, [Node]) -> Node
  ) throws(FormulaSyntaxError) -> Node {
    guard arguments.count >= 3, arguments.count % 2 == 1 else {
      throw FormulaSyntaxError(
        offset: syntax.offset, message: "'if' in a rule formula needs a condition, a value and an else value")
    }
    for index in stride(from: 0, to: arguments.count - 1, by: 2) where arguments[index].type != .bool {
      let condition = arguments[index]
      throw FormulaSyntaxError(
        offset: condition.offset,
        message: "a condition must be true or false, but '\(condition.display)' is \(condition.type)")
    }
    let valueIndexes = Array(stride(from: 1, to: arguments.count - 1, by: 2)) + [arguments.count - 1]
    var branches = arguments
    if let set = valueIndexes.lazy.compactMap({ arguments[$0].type.choiceSet }).first {
      for index in valueIndexes { branches[index] = try choiceLiteral(arguments[index], in: set) }
    }
    let type = branches[valueIndexes[0]].type
    guard type == .number || type == .bool || type.isChoice else {
      throw FormulaSyntaxError(
        offset: branches[valueIndexes[0]].offset,
        message: "the values of 'if' in a rule formula must be numbers or true/false")
    }
    for index in valueIndexes where branches[index].type != type {
      throw FormulaSyntaxError(
        offset: branches[index].offset,
        message:
          "the values of 'if' must have one type; '\(branches[index].display)' is \(branches[index].type), not \(type)")
    }
    return make(type, branches)
  }

  private func membership(_ arguments: [Node], _ syntax: Syntax) throws(FormulaSyntaxError) -> Node {
    let needle = arguments[0]
    let haystack = arguments[1]
    let elements: [Node]
    switch haystack.kind {
    case .list: elements = haystack.arguments
    case .literal(.array(let values)):
      elements = values.map {
        Node(
          .literal($0), type: $0.staticType, offset: haystack.offset, display: .fixed($0.description),
          numeric: $0.numberOrZero)
      }
    default:
      throw FormulaSyntaxError(
        offset: haystack.offset,
        message: "'in' in a rule formula needs a list written out, such as [\"strength\", \"sports\"]")
    }
    guard !elements.isEmpty else {
      throw FormulaSyntaxError(offset: haystack.offset, message: "'in' needs a non-empty list")
    }
    var comparisons: [Node] = []
    for element in elements {
      let (left, right) = try unify(needle, element, .contains)
      comparisons.append(
        Node(
          .operation(.equal), arguments: [left, right], type: .bool, offset: element.offset,
          display: "\(needle.display) == \(element.display)"))
    }
    if comparisons.count == 1 { return comparisons[0] }
    return Node(.operation(.or), arguments: comparisons, type: .bool, offset: syntax.offset, display: syntax.text)
  }
}

extension FormulaType {
  var isChoice: Bool { choiceSet != nil }

  var choiceSet: ChoiceSet? {
    if case .choice(let set) = self { return set }
    return nil
  }
}

extension Value {
  var staticType: FormulaType {
    switch self {
    case .number: return .number
    case .bool: return .bool
    case .string: return .string
    default: return .any
    }
  }

  var numberOrZero: Double {
    switch self {
    case .number(let number): return number
    case .bool(let flag): return flag ? 1 : 0
    default: return 0
    }
  }
}
