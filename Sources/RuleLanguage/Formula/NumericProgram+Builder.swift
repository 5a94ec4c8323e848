// Code generation for NumericProgram from a typed Node tree, with superinstructions chosen
// while emitting (no pass rewrites code afterwards, so jump targets never move).

extension NumericProgram {
  struct Builder {
    var code: [Instruction] = []
    var origins: [Node] = []
    var secondOrigins: [Node?] = []
    var depth = 0
    var maximumDepth = 0

    private mutating func append(_ instruction: Instruction, _ node: Node, stackEffect: Int, second: Node? = nil) {
      code.append(instruction)
      origins.append(node)
      secondOrigins.append(second)
      depth += stackEffect
      maximumDepth = max(maximumDepth, depth)
    }

    private mutating func append(
      _ opcode: Opcode, _ node: Node, stackEffect: Int, index: Int = 0, x: Double = 0, y: Double = 0
    ) {
      append(Instruction(opcode: opcode, index: Int32(index), x: x, y: y), node, stackEffect: stackEffect)
    }

    private mutating func patch(_ index: Int, to target: Int) {
      code[index].index = Int32(target)
    }

    private func slot(_ node: Node) -> Int? {
      if case .slot(let slot) = node.kind { return slot }
      return nil
    }

    mutating func emit(_ node: Node) {
      switch node.kind {
      case .literal: append(.push, node, stackEffect: 1, x: node.numeric)
      case .slot(let slot): append(.load, node, stackEffect: 1, index: slot)
      case .operation(let operation): emit(operation, node)
      case .list, .path, .dynamicPath:
        preconditionFailure("typed rule formulas contain no lists or data paths")
      }
    }

    /// Folds arguments left to right; a literal or slot operand fuses into the operation.
    private mutating func emitFold(
      _ node: Node, _ opcode: Opcode, constant: Opcode? = nil, slotted: Opcode? = nil, loadConstant: Opcode? = nil
    ) {
      let first = node.arguments[0]
      var rest = node.arguments.dropFirst()
      if let loadConstant, let slot = slot(first), let next = rest.first, next.isLiteral {
        append(loadConstant, node, stackEffect: 1, index: slot, x: next.numeric)
        rest = rest.dropFirst()
      } else if opcode == .add, first.isLiteral, let next = rest.first,
        let (term, slot, constant, divides) = scaledSlot(next)
      {
        // `constant + fact × constant`: the push and the first scaled term in one step.
        append(
          Instruction(
            opcode: divides ? .pushAddSlotDivideConstant : .pushAddSlotMultiplyConstant, index: Int32(slot),
            x: first.numeric,
            y: constant), term, stackEffect: 1, second: node)
        rest = rest.dropFirst()
      } else {
        emit(first)
      }
      for argument in rest {
        if opcode == .add, let (term, slot, constant, divides) = scaledSlot(argument) {
          // A term `fact × constant` (or `÷ constant`) fuses into the sum; the term's own node
          // names a failure of the product, the sum's node one of the addition.
          append(
            Instruction(
              opcode: divides ? .addSlotDivideConstant : .addSlotMultiplyConstant, index: Int32(slot), x: constant),
            term, stackEffect: 0, second: node)
          continue
        }
        if opcode == .multiply, let select = selectedFactor(argument) {
          append(
            Instruction(
              opcode: .multiplySelect, comparison: select.comparison, index: Int32(select.slot), x: select.then,
              y: select.otherwise, z: select.bound), node, stackEffect: 0)
          continue
        }
        if let constant, argument.isLiteral {
          append(constant, node, stackEffect: 0, x: argument.numeric)
        } else if let slotted, let slot = slot(argument) {
          append(slotted, node, stackEffect: 0, index: slot)
        } else {
          emit(argument)
          append(opcode, node, stackEffect: -1)
        }
      }
    }

    /// `slot × constant`, `constant × slot` or `slot ÷ constant` (non-zero): the node, the slot,
    /// the constant and whether it divides.
    private func scaledSlot(_ node: Node) -> (Node, Int, Double, Bool)? {
      guard case .operation(let operation) = node.kind, node.arguments.count == 2 else { return nil }
      let (left, right) = (node.arguments[0], node.arguments[1])
      switch operation {
      case .multiply:
        if let slot = slot(left), right.isLiteral { return (node, slot, right.numeric, false) }
        if let slot = slot(right), left.isLiteral { return (node, slot, left.numeric, false) }
      case .divide:
        if let slot = slot(left), right.isLiteral, right.numeric != 0 { return (node, slot, right.numeric, true) }
      default: break
      }
      return nil
    }

    /// `slot ⋚ constant ? constant : constant`.
    private func selectedFactor(_ node: Node) -> (
      slot: Int, comparison: Comparison, bound: Double, then: Double, otherwise: Double
    )? {
      guard case .operation(let operation) = node.kind, operation == .ifThen || operation == .ternary,
        node.arguments.count == 3, node.arguments[1].isLiteral, node.arguments[2].isLiteral
      else { return nil }
      let condition = node.arguments[0]
      guard case .operation(let compare) = condition.kind, condition.arguments.count == 2,
        let slot = slot(condition.arguments[0]), condition.arguments[1].isLiteral
      else { return nil }
      let comparison: Comparison
      switch compare {
      case .less: comparison = .less
      case .lessEqual: comparison = .lessEqual
      case .greater: comparison = .greater
      case .greaterEqual: comparison = .greaterEqual
      case .equal, .strictEqual: comparison = .equal
      case .notEqual, .strictNotEqual: comparison = .notEqual
      default: return nil
      }
      return (slot, comparison, condition.arguments[1].numeric, node.arguments[1].numeric, node.arguments[2].numeric)
    }

    private mutating func emitUnary(_ node: Node, _ opcode: Opcode) {
      emit(node.arguments[0])
      append(opcode, node, stackEffect: 0)
    }

    private mutating func emitComparison(_ node: Node, _ opcode: Opcode, constant: Opcode) {
      emit(node.arguments[0])
      if node.arguments[1].isLiteral {
        append(constant, node, stackEffect: 0, x: node.arguments[1].numeric)
      } else {
        emit(node.arguments[1])
        append(opcode, node, stackEffect: -1)
      }
    }

    private mutating func emit(_ operation: Operation, _ node: Node) {
      switch operation {
      case .add: emitFold(node, .add, constant: .addConstant, slotted: .addSlot, loadConstant: .loadAddConstant)
      case .multiply:
        emitFold(
          node, .multiply, constant: .multiplyConstant, slotted: .multiplySlot, loadConstant: .loadMultiplyConstant)
      case .subtract:
        if node.arguments.count == 1 {
          emitUnary(node, .negate)
        } else {
          emitFold(node, .subtract, constant: .subtractConstant, slotted: .subtractSlot)
        }
      case .divide:
        let divisor = node.arguments[1]
        if divisor.isLiteral && divisor.numeric != 0 {
          emitFold(node, .divide, constant: .divideConstant, loadConstant: .loadDivideConstant)
        } else {
          emitFold(node, .divide)
        }
      case .remainder: emitFold(node, .remainder)
      case .min: emitFold(node, .minimum)
      case .max: emitFold(node, .maximum)
      case .pow: emitFold(node, .power)
      case .clamp:
        for argument in node.arguments { emit(argument) }
        append(.clamp, node, stackEffect: -2)
      case .round: emitUnary(node, .round)
      case .floor: emitUnary(node, .floor)
      case .ceil: emitUnary(node, .ceil)
      case .abs: emitUnary(node, .absolute)
      case .sqrt: emitUnary(node, .squareRoot)
      case .not: emitUnary(node, .not)
      case .equal, .strictEqual: emitComparison(node, .equal, constant: .equalConstant)
      case .notEqual, .strictNotEqual: emitComparison(node, .notEqual, constant: .notEqualConstant)
      case .greater: emitComparison(node, .greater, constant: .greaterConstant)
      case .greaterEqual: emitComparison(node, .greaterEqual, constant: .greaterEqualConstant)
      case .less, .lessEqual:
        let (opcode, constant): (Opcode, Opcode) =
          operation == .less ? (.less, .lessConstant) : (.lessEqual, .lessEqualConstant)
        if node.arguments.count == 2 {
          emitComparison(node, opcode, constant: constant)
        } else {
          emitComparisonChain(node, opcode)
        }
      case .and, .or:
        var exits: [Int] = []
        for (index, argument) in node.arguments.enumerated() {
          emit(argument)
          if index < node.arguments.count - 1 {
            exits.append(code.count)
            append(operation == .and ? .jumpIfFalseElsePop : .jumpIfTrueElsePop, node, stackEffect: -1)
          }
        }
        for exit in exits { patch(exit, to: code.count) }
      case .ifThen, .ternary:
        let arguments = node.arguments
        if arguments.count == 3, arguments[1].isLiteral, arguments[2].isLiteral {
          emit(arguments[0])
          append(.selectConstants, node, stackEffect: 0, x: arguments[1].numeric, y: arguments[2].numeric)
          return
        }
        var exits: [Int] = []
        var index = 0
        while index + 1 < arguments.count {
          emit(arguments[index])
          let skip = code.count
          append(.jumpIfFalse, node, stackEffect: -1)
          emit(arguments[index + 1])
          exits.append(code.count)
          append(.jump, node, stackEffect: -1)
          patch(skip, to: code.count)
          index += 2
        }
        emit(arguments[index])
        for exit in exits { patch(exit, to: code.count) }
      default:
        preconditionFailure("\(operation.rawValue) is not available in typed rule formulas")
      }
    }

    /// `a < b < c` means `a < b && b < c`.
    private mutating func emitComparisonChain(_ node: Node, _ opcode: Opcode) {
      let arguments = node.arguments
      emit(arguments[0])
      emit(arguments[1])
      append(opcode, node, stackEffect: -1)
      let exit = code.count
      append(.jumpIfFalseElsePop, node, stackEffect: -1)
      emit(arguments[1])
      emit(arguments[2])
      append(opcode, node, stackEffect: -1)
      patch(exit, to: code.count)
    }
  }
}
