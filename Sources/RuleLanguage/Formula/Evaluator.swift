import Foundation

/// Evaluates a compiled ``Node`` tree on dynamic values, optionally recording a trace.
///
/// This is the reference semantics. Typed rule formulas also run on ``NumericProgram``, which
/// must agree with it; traces of rule formulas come from here.
struct Evaluator {
  let slots: UnsafePointer<Double>?
  var trace: [TraceEntry]?
  private var depth = 0
  /// Steps taken so far: one per node evaluated, one per list element or string scalar built.
  private var work = 0

  init(slots: UnsafePointer<Double>?, tracing: Bool = false) {
    self.slots = slots
    self.trace = tracing ? [] : nil
  }

  mutating func evaluate(_ node: Node, data: Value) throws(FormulaFailure) -> Value {
    try spend(1, node)
    guard trace != nil, !node.isLiteral else { return try compute(node, data) }
    let index = trace?.count ?? 0
    trace?.append(TraceEntry(depth: depth, source: node.display, value: .null))
    depth += 1
    defer { depth -= 1 }
    let value = try compute(node, data)
    trace?[index].value = value
    return value
  }

  private func slotValue(_ raw: Double, _ type: FormulaType) -> Value {
    switch type {
    case .bool: return .bool(raw != 0)
    case .choice(let set):
      let index = raw.saturatingInt
      return index >= 0 && index < set.values.count ? .string(set.values[index]) : .number(raw)
    default: return .number(raw)
    }
  }

  private mutating func compute(_ node: Node, _ data: Value) throws(FormulaFailure) -> Value {
    switch node.kind {
    case .literal(let value): return value
    case .list:
      var values: [Value] = []
      for argument in node.arguments { values.append(try evaluate(argument, data: data)) }
      return .array(values)
    case .slot(let slot):
      guard let slots else { return .null }
      return slotValue(slots[slot], node.type)
    case .path(let components):
      if let found = Evaluator.lookup(components, in: data) { return found }
      return try node.arguments.first.map { argument throws(FormulaFailure) in try evaluate(argument, data: data) }
        ?? .null
    case .dynamicPath:
      let path = try evaluate(node.arguments[0], data: data)
      if let found = Evaluator.lookup(Evaluator.components(of: path), in: data) { return found }
      if node.arguments.count > 1 { return try evaluate(node.arguments[1], data: data) }
      return .null
    case .operation(let operation):
      return try apply(operation, node, data)
    }
  }

  static func components(of path: Value) -> [String] {
    switch path {
    case .null: return []
    case .array(let items) where items.isEmpty: return []
    case .string(let text) where text.isEmpty: return []
    default: return path.textValue.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// JsonLogic's `var`: follows the path; nil when a step is missing.
  static func lookup(_ components: [String], in data: Value) -> Value? {
    var current = data
    for component in components {
      switch current {
      case .object(let members):
        guard let member = members.first(where: { $0.key == component }) else { return nil }
        current = member.value
      case .array(let elements):
        guard let index = Int(component), index >= 0, index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// Counts steps, failing beyond ``maximumWork``.
  mutating func spend(_ steps: Int, _ node: Node) throws(FormulaFailure) {
    work += steps
    if work > FormulaLimits.maximumWork {
      throw fail(
        node, "the formula takes more than \(FormulaLimits.maximumWork) steps to evaluate (the limit of one evaluation)"
      )
    }
  }

  /// Checks the size of a list a formula built.
  mutating func checkList(_ count: Int, _ node: Node) throws(FormulaFailure) {
    if count > FormulaLimits.maximumListLength {
      throw fail(
        node,
        "'\(node.display)' builds a list of more than \(FormulaLimits.maximumListLength) elements (the limit of one evaluation)"
      )
    }
    try spend(count, node)
  }

  /// Checks the length of a string a formula built.
  mutating func checkString(_ text: String, _ node: Node) throws(FormulaFailure) {
    let count = text.unicodeScalars.count
    if count > FormulaLimits.maximumStringLength {
      throw fail(
        node,
        "'\(node.display)' builds a string of more than \(FormulaLimits.maximumStringLength) characters (the limit of one evaluation)"
      )
    }
    try spend(count, node)
  }

  func fail(_ node: Node, _ message: String) -> FormulaFailure {
    FormulaFailure(offset: node.offset, message: message)
  }

  func checked(_ result: Double, _ node: Node, _ operands: [Double]) throws(FormulaFailure) -> Value {
    if result.isFinite { return .number(result) }
    if operands.contains(where: \.isNaN) {
      throw fail(node, "'\(node.display)' has an operand that is not a number")
    }
    throw fail(node, "'\(node.display)' is not a finite number")
  }

  private mutating func numbers(_ node: Node, _ data: Value) throws(FormulaFailure) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(node.arguments.count)
    for argument in node.arguments { values.append(try evaluate(argument, data: data).numberValue) }
    return values
  }

  private mutating func apply(_ operation: Operation, _ node: Node, _ data: Value) throws(FormulaFailure) -> Value {
    switch operation {
    case .add, .multiply, .subtract, .divide, .remainder, .min, .max, .clamp, .round, .floor, .ceil,
      .abs, .pow, .sqrt:
      return try arithmetic(operation, node, try numbers(node, data))
    case .equal, .notEqual, .strictEqual, .strictNotEqual:
      let left = try evaluate(node.arguments[0], data: data)
      let right = try evaluate(node.arguments[1], data: data)
      switch operation {
      case .equal: return .bool(left.looselyEquals(right))
      case .notEqual: return .bool(!left.looselyEquals(right))
      case .strictEqual: return .bool(left.strictlyEquals(right))
      default: return .bool(!left.strictlyEquals(right))
      }
    case .less, .lessEqual, .greater, .greaterEqual:
      var values: [Value] = []
      for argument in node.arguments { values.append(try evaluate(argument, data: data)) }
      let accepts: (Int) -> Bool
      switch operation {
      case .less: accepts = { $0 < 0 }
      case .lessEqual: accepts = { $0 <= 0 }
      case .greater: accepts = { $0 > 0 }
      default: accepts = { $0 >= 0 }
      }
      for index in 0..<(values.count - 1) {
        guard let order = values[index].compare(to: values[index + 1]), accepts(order) else { return .bool(false) }
      }
      return .bool(true)
    case .not: return .bool(!(try evaluate(node.arguments[0], data: data)).isTruthy)
    case .truthy: return .bool(try evaluate(node.arguments[0], data: data).isTruthy)
    case .and, .or:
      var last = Value.null
      for argument in node.arguments {
        last = try evaluate(argument, data: data)
        if last.isTruthy == (operation == .or) { return last }
      }
      return last
    case .ifThen, .ternary:
      let arguments = node.arguments
      var index = 0
      while index + 1 < arguments.count {
        if try evaluate(arguments[index], data: data).isTruthy { return try evaluate(arguments[index + 1], data: data) }
        index += 2
      }
      return index < arguments.count ? try evaluate(arguments[index], data: data) : .null
    default:
      return try applyData(operation, node, data)
    }
  }

  private func arithmetic(_ operation: Operation, _ node: Node, _ values: [Double]) throws(FormulaFailure) -> Value {
    switch operation {
    case .add:
      var sum = values.first ?? 0
      for value in values.dropFirst() { sum += value }
      return try checked(sum, node, values)
    case .multiply:
      var product = values[0]
      for value in values.dropFirst() { product *= value }
      return try checked(product, node, values)
    case .subtract:
      return try checked(values.count == 1 ? -values[0] : values[0] - values[1], node, values)
    case .divide:
      if values[1] == 0 { throw fail(node, "division by zero in '\(node.display)'") }
      return try checked(values[0] / values[1], node, values)
    case .remainder:
      if values[1] == 0 { throw fail(node, "remainder of a division by zero in '\(node.display)'") }
      return try checked(values[0].truncatingRemainder(dividingBy: values[1]), node, values)
    case .min: return try checked(values.dropFirst().reduce(values[0]) { Swift.min($0, $1) }, node, values)
    case .max: return try checked(values.dropFirst().reduce(values[0]) { Swift.max($0, $1) }, node, values)
    case .clamp:
      if values[1] > values[2] {
        throw fail(
          node,
          "clamp's lower bound \(NumberText.format(values[1])) is above its upper bound \(NumberText.format(values[2]))"
        )
      }
      return try checked(Swift.min(Swift.max(values[0], values[1]), values[2]), node, values)
    case .round: return try checked(values[0].rounded(.toNearestOrAwayFromZero), node, values)
    case .floor: return try checked(values[0].rounded(.down), node, values)
    case .ceil: return try checked(values[0].rounded(.up), node, values)
    case .abs: return try checked(Swift.abs(values[0]), node, values)
    case .sqrt:
      if values[0] < 0 { throw fail(node, "square root of a negative number in '\(node.display)'") }
      return try checked(values[0].squareRoot(), node, values)
    default:
      return try checked(Foundation.pow(values[0], values[1]), node, values)
    }
  }
}
