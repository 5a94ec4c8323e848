// Code generation for NumericProgram from a typed Node tree.

extension NumericProgram {
  struct Builder {
    var code: [Instruction] = []
    var origins: [Node] = []
    var depth = 0
    var maximumDepth = 0

    private mutating func append(_ instruction: Instruction, _ node: Node, stackEffect: Int) {
      code.append(instruction)
      origins.append(node)
      depth += stackEffect
      maximumDepth = max(maximumDepth, depth)
    }

    private mutating func patch(_ index: Int, to target: Int) {
      switch code[index] {
      case .jump: code[index] = .jump(target)
      case .jumpIfFalse: code[index] = .jumpIfFalse(target)
      case .jumpIfFalseElsePop: code[index] = .jumpIfFalseElsePop(target)
      case .jumpIfTrueElsePop: code[index] = .jumpIfTrueElsePop(target)
      default: preconditionFailure("patching a non-jump instruction")
      }
    }

    mutating func emit(_ node: Node) {
      switch node.kind {
      case .literal: append(.push(node.numeric), node, stackEffect: 1)
      case .slot(let slot): append(.load(slot), node, stackEffect: 1)
      case .operation(let operation): emit(operation, node)
      case .list, .path, .dynamicPath:
        preconditionFailure("typed rule formulas contain no lists or data paths")
      }
    }

    private mutating func emitFold(_ node: Node, _ instruction: Instruction, constant: ((Double) -> Instruction)?) {
      emit(node.arguments[0])
      for argument in node.arguments.dropFirst() {
        if let constant, case .literal = argument.kind {
          append(constant(argument.numeric), node, stackEffect: 0)
        } else {
          emit(argument)
          append(instruction, node, stackEffect: -1)
        }
      }
    }

    private mutating func emitUnary(_ node: Node, _ instruction: Instruction) {
      emit(node.arguments[0])
      append(instruction, node, stackEffect: 0)
    }

    private mutating func emit(_ operation: Operation, _ node: Node) {
      switch operation {
      case .add: emitFold(node, .add, constant: { .addConstant($0) })
      case .multiply: emitFold(node, .multiply, constant: { .multiplyConstant($0) })
      case .subtract:
        if node.arguments.count == 1 {
          emitUnary(node, .negate)
        } else {
          emitFold(node, .subtract, constant: { .subtractConstant($0) })
        }
      case .divide:
        if case .literal = node.arguments[1].kind, node.arguments[1].numeric != 0 {
          emitFold(node, .divide, constant: { .divideConstant($0) })
        } else {
          emitFold(node, .divide, constant: nil)
        }
      case .remainder: emitFold(node, .remainder, constant: nil)
      case .min: emitFold(node, .minimum, constant: nil)
      case .max: emitFold(node, .maximum, constant: nil)
      case .pow: emitFold(node, .power, constant: nil)
      case .clamp:
        for argument in node.arguments { emit(argument) }
        append(.clamp, node, stackEffect: -2)
      case .round: emitUnary(node, .round)
      case .floor: emitUnary(node, .floor)
      case .ceil: emitUnary(node, .ceil)
      case .abs: emitUnary(node, .absolute)
      case .sqrt: emitUnary(node, .squareRoot)
      case .not: emitUnary(node, .not)
      case .equal, .strictEqual: emitFold(node, .equal, constant: nil)
      case .notEqual, .strictNotEqual: emitFold(node, .notEqual, constant: nil)
      case .greater: emitFold(node, .greater, constant: nil)
      case .greaterEqual: emitFold(node, .greaterEqual, constant: nil)
      case .less, .lessEqual:
        emitComparisonChain(node, operation == .less ? .less : .lessEqual)
      case .and, .or:
        var exits: [Int] = []
        for (index, argument) in node.arguments.enumerated() {
          emit(argument)
          if index < node.arguments.count - 1 {
            exits.append(code.count)
            append(operation == .and ? .jumpIfFalseElsePop(0) : .jumpIfTrueElsePop(0), node, stackEffect: -1)
          }
        }
        for exit in exits { patch(exit, to: code.count) }
      case .ifThen, .ternary:
        var exits: [Int] = []
        var index = 0
        let arguments = node.arguments
        while index + 1 < arguments.count {
          emit(arguments[index])
          let skip = code.count
          append(.jumpIfFalse(0), node, stackEffect: -1)
          emit(arguments[index + 1])
          exits.append(code.count)
          append(.jump(0), node, stackEffect: -1)
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
    private mutating func emitComparisonChain(_ node: Node, _ instruction: Instruction) {
      let arguments = node.arguments
      if arguments.count == 2 {
        emitFold(node, instruction, constant: nil)
        return
      }
      emit(arguments[0])
      emit(arguments[1])
      append(instruction, node, stackEffect: -1)
      let exit = code.count
      append(.jumpIfFalseElsePop(0), node, stackEffect: -1)
      emit(arguments[1])
      emit(arguments[2])
      append(instruction, node, stackEffect: -1)
      patch(exit, to: code.count)
    }
  }
}
