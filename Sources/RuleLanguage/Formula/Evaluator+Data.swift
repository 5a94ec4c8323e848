// JsonLogic's data and list operations, available when evaluating against free-form data.

extension Evaluator {
  mutating func applyData(_ operation: Operation, _ node: Node, _ data: Value) throws(FormulaFailure) -> Value {
    switch operation {
    case .contains:
      let needle = try evaluate(node.arguments[0], data: data)
      switch try evaluate(node.arguments[1], data: data) {
      case .string(let text): return .bool(text.contains(needle.textValue) || needle.textValue.isEmpty)
      case .array(let elements): return .bool(elements.contains { $0.strictlyEquals(needle) })
      default: return .bool(false)
      }
    case .cat:
      var text = ""
      for argument in node.arguments {
        let value = try evaluate(argument, data: data)
        if value != .null { text += value.textValue }
        try checkString(text, node)
      }
      return .string(text)
    case .substr: return try substring(node, data)
    case .merge:
      var merged: [Value] = []
      for argument in node.arguments {
        let value = try evaluate(argument, data: data)
        if case .array(let elements) = value { merged += elements } else { merged.append(value) }
        try checkList(merged.count, node)
      }
      return .array(merged)
    case .missing: return try missing(node.arguments, data)
    case .missingSome:
      let need = try evaluate(node.arguments[0], data: data).numberValue
      let options = try evaluate(node.arguments[1], data: data)
      let keys: [Value] = { if case .array(let items) = options { return items } else { return [options] } }()
      let absent = keys.filter { isMissing($0, in: data) }
      return Double(keys.count - absent.count) >= need ? .array([]) : .array(absent)
    case .map, .filter, .all, .none, .some, .reduce:
      return try listOperation(operation, node, data)
    default:
      throw fail(node, "\(operation.quoted) cannot be evaluated here")
    }
  }

  private func isMissing(_ key: Value, in data: Value) -> Bool {
    guard let found = Evaluator.lookup(Evaluator.components(of: key), in: data) else { return true }
    return found == .null || found == .string("")
  }

  private mutating func missing(_ arguments: [Node], _ data: Value) throws(FormulaFailure) -> Value {
    var keys: [Value] = []
    for argument in arguments { keys.append(try evaluate(argument, data: data)) }
    if case .array(let items)? = keys.first { keys = items }
    return .array(keys.filter { isMissing($0, in: data) })
  }

  private mutating func substring(_ node: Node, _ data: Value) throws(FormulaFailure) -> Value {
    let scalars = Array(try evaluate(node.arguments[0], data: data).textValue.unicodeScalars)
    let startValue = try evaluate(node.arguments[1], data: data).numberValue
    let start = startValue.isFinite ? startValue.saturatingInt : 0
    var from =
      start < 0 ? Swift.max(0, scalars.count &+ Swift.max(start, -scalars.count)) : Swift.min(start, scalars.count)
    var to = scalars.count
    if node.arguments.count > 2 {
      let lengthValue = try evaluate(node.arguments[2], data: data).numberValue
      let length = lengthValue.isFinite ? lengthValue.saturatingInt : 0
      to =
        length < 0
        ? Swift.max(from, scalars.count + Swift.max(length, -scalars.count))
        : Swift.min(scalars.count, from + Swift.min(length, scalars.count))
    }
    from = Swift.min(from, to)
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[from..<to])
    try checkString(text, node)
    return .string(text)
  }

  private mutating func listOperation(_ operation: Operation, _ node: Node, _ data: Value) throws(FormulaFailure)
    -> Value
  {
    let listValue = try evaluate(node.arguments[0], data: data)
    let body = node.arguments[1]
    guard case .array(let items) = listValue else {
      switch operation {
      case .map, .filter: return .array([])
      case .reduce:
        return node.arguments.count > 2 ? try evaluate(node.arguments[2], data: data) : .null
      case .all, .some: return .bool(false)
      default: return .bool(true)
      }
    }
    switch operation {
    case .map:
      var mapped: [Value] = []
      for item in items { mapped.append(try evaluate(body, data: item)) }
      return .array(mapped)
    case .filter:
      var kept: [Value] = []
      for item in items where try evaluate(body, data: item).isTruthy { kept.append(item) }
      return .array(kept)
    case .all:
      if items.isEmpty { return .bool(false) }
      for item in items where !(try evaluate(body, data: item).isTruthy) { return .bool(false) }
      return .bool(true)
    case .some, .none:
      for item in items where try evaluate(body, data: item).isTruthy { return .bool(operation == .some) }
      return .bool(operation == .none)
    default:
      var accumulator = node.arguments.count > 2 ? try evaluate(node.arguments[2], data: data) : .null
      for item in items {
        let scope = Value.object([
          ValueMember(key: "current", value: item), ValueMember(key: "accumulator", value: accumulator),
        ])
        accumulator = try evaluate(body, data: scope)
      }
      return accumulator
    }
  }
}
