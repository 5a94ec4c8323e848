import Foundation

/// The executable form of a typed rule formula: stack bytecode over Doubles.
///
/// Variables are slot loads, constants are immediates, `&&`, `||` and `?:` are jumps, and
/// arithmetic with a constant right operand is one instruction. Evaluation allocates nothing: the
/// operand stack lives on the native stack. Every arithmetic step that yields a non-finite number
/// fails, like the reference ``Evaluator``, so both agree on every input.
final class NumericProgram: @unchecked Sendable {
  enum Instruction {
    case push(Double)
    case load(Int)
    case add, subtract, multiply, divide, remainder, negate
    case addConstant(Double), subtractConstant(Double), multiplyConstant(Double), divideConstant(Double)
    case less, lessEqual, greater, greaterEqual, equal, notEqual, not
    case minimum, maximum, clamp, round, floor, ceil, absolute, power, squareRoot
    case jump(Int)
    /// Pops the condition; jumps when it is false.
    case jumpIfFalse(Int)
    /// Jumps keeping the value when it is false; otherwise pops it (for `&&`).
    case jumpIfFalseElsePop(Int)
    /// Jumps keeping the value when it is true; otherwise pops it (for `||`).
    case jumpIfTrueElsePop(Int)
  }

  let code: UnsafeMutableBufferPointer<Instruction>
  /// For each instruction, the node it came from (for failure messages).
  private let origins: [Node]
  let stackSize: Int

  init(_ root: Node) {
    var builder = Builder()
    builder.emit(root)
    code = UnsafeMutableBufferPointer.allocate(capacity: max(1, builder.code.count))
    _ = code.initialize(from: builder.code)
    origins = builder.origins
    stackSize = max(1, builder.maximumDepth)
  }

  deinit {
    code.deallocate()
  }

  var count: Int { origins.count }

  /// Evaluates the program; on failure returns nil and sets `failedAt` to the instruction index.
  func run(_ slots: UnsafePointer<Double>, failedAt: inout Int) -> Double? {
    NumericProgram.run(UnsafePointer(code.baseAddress.unsafelyUnwrapped), count: code.count, stackSize: stackSize, slots, failedAt: &failedAt)
  }

  /// Runs code without touching the owning object (no reference counting on the hot path).
  @inline(__always)
  static func run(
    _ code: UnsafePointer<Instruction>, count: Int, stackSize: Int, _ slots: UnsafePointer<Double>, failedAt: inout Int
  ) -> Double? {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: stackSize) { stack in
      execute(code, count: count, slots, stack: stack.baseAddress.unsafelyUnwrapped, failedAt: &failedAt)
    }
  }

  /// The failure message for an instruction index.
  func failure(at index: Int) -> FormulaFailure {
    let node = origins[index]
    switch code[index] {
    case .divide, .divideConstant: return FormulaFailure(offset: node.offset, message: "division by zero in '\(node.display)'")
    case .remainder: return FormulaFailure(offset: node.offset, message: "remainder of a division by zero in '\(node.display)'")
    case .squareRoot: return FormulaFailure(offset: node.offset, message: "square root of a negative number in '\(node.display)'")
    case .clamp: return FormulaFailure(offset: node.offset, message: "clamp's lower bound is above its upper bound in '\(node.display)'")
    default: return FormulaFailure(offset: node.offset, message: "'\(node.display)' is not a finite number")
    }
  }

  @inline(__always)
  private static func execute(
    _ code: UnsafePointer<Instruction>, count end: Int, _ slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>,
    failedAt: inout Int
  ) -> Double? {
    var top = -1
    var pc = 0
    while pc < end {
      switch code[pc] {
      case .push(let value):
        top += 1
        stack[top] = value
      case .load(let slot):
        top += 1
        stack[top] = slots[slot]
      case .addConstant(let value):
        stack[top] += value
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .subtractConstant(let value):
        stack[top] -= value
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .multiplyConstant(let value):
        stack[top] *= value
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .divideConstant(let value):
        stack[top] /= value
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .negate: stack[top] = -stack[top]
      case .add:
        top -= 1
        stack[top] += stack[top + 1]
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .subtract:
        top -= 1
        stack[top] -= stack[top + 1]
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .multiply:
        top -= 1
        stack[top] *= stack[top + 1]
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .divide:
        top -= 1
        if stack[top + 1] == 0 {
          failedAt = pc
          return nil
        }
        stack[top] /= stack[top + 1]
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .remainder:
        top -= 1
        if stack[top + 1] == 0 {
          failedAt = pc
          return nil
        }
        stack[top] = stack[top].truncatingRemainder(dividingBy: stack[top + 1])
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .less:
        top -= 1
        stack[top] = stack[top] < stack[top + 1] ? 1 : 0
      case .lessEqual:
        top -= 1
        stack[top] = stack[top] <= stack[top + 1] ? 1 : 0
      case .greater:
        top -= 1
        stack[top] = stack[top] > stack[top + 1] ? 1 : 0
      case .greaterEqual:
        top -= 1
        stack[top] = stack[top] >= stack[top + 1] ? 1 : 0
      case .equal:
        top -= 1
        stack[top] = stack[top] == stack[top + 1] ? 1 : 0
      case .notEqual:
        top -= 1
        stack[top] = stack[top] != stack[top + 1] ? 1 : 0
      case .not: stack[top] = stack[top] == 0 ? 1 : 0
      case .minimum:
        top -= 1
        stack[top] = Swift.min(stack[top], stack[top + 1])
      case .maximum:
        top -= 1
        stack[top] = Swift.max(stack[top], stack[top + 1])
      case .clamp:
        top -= 2
        if stack[top + 1] > stack[top + 2] {
          failedAt = pc
          return nil
        }
        stack[top] = Swift.min(Swift.max(stack[top], stack[top + 1]), stack[top + 2])
      case .round: stack[top] = stack[top].rounded(.toNearestOrAwayFromZero)
      case .floor: stack[top] = stack[top].rounded(.down)
      case .ceil: stack[top] = stack[top].rounded(.up)
      case .absolute: stack[top] = Swift.abs(stack[top])
      case .power:
        top -= 1
        stack[top] = Foundation.pow(stack[top], stack[top + 1])
        if !stack[top].isFinite {
          failedAt = pc
          return nil
        }
      case .squareRoot:
        if stack[top] < 0 {
          failedAt = pc
          return nil
        }
        stack[top] = stack[top].squareRoot()
      case .jump(let target):
        pc = target
        continue
      case .jumpIfFalse(let target):
        top -= 1
        if stack[top + 1] == 0 {
          pc = target
          continue
        }
      case .jumpIfFalseElsePop(let target):
        if stack[top] == 0 {
          pc = target
          continue
        }
        top -= 1
      case .jumpIfTrueElsePop(let target):
        if stack[top] != 0 {
          pc = target
          continue
        }
        top -= 1
      }
      pc += 1
    }
    return stack[0]
  }
}
