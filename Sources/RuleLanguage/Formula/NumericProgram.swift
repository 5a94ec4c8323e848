import Foundation

/// The executable form of a typed rule formula: stack bytecode over Doubles.
///
/// Instructions are flat 24-byte records with a one-byte opcode, so dispatch is a jump table.
/// Variables are slot loads, constants immediates; common pairs are single instructions
/// (`slot × constant`, `+ slot`, `≥ constant`, `cond ? a : b` with constant branches); `&&`,
/// `||` and `?:` are jumps. Evaluation allocates nothing. Every arithmetic step that yields a
/// non-finite number fails, like the reference ``Evaluator``, so both agree on every input.
final class NumericProgram: @unchecked Sendable {
  enum Opcode: UInt8 {
    case push, load
    case add, subtract, multiply, divide, remainder, negate
    case addConstant, subtractConstant, multiplyConstant, divideConstant
    case addSlot, subtractSlot, multiplySlot
    case loadMultiplyConstant, loadDivideConstant, loadAddConstant
    case less, lessEqual, greater, greaterEqual, equal, notEqual, not
    case lessConstant, lessEqualConstant, greaterConstant, greaterEqualConstant, equalConstant, notEqualConstant
    case selectConstants
    case minimum, maximum, clamp, round, floor, ceil, absolute, power, squareRoot
    case jump, jumpIfFalse, jumpIfFalseElsePop, jumpIfTrueElsePop
    /// `top += slot × x` and `top += slot ÷ x`: one term of a sum of scaled facts.
    case addSlotMultiplyConstant, addSlotDivideConstant
    /// `push x + slot × y` and `push x + slot ÷ y`: a sum's constant and its first scaled term.
    case pushAddSlotMultiplyConstant, pushAddSlotDivideConstant
    /// `top ×= (slot ⋚ z ? x : y)`: a factor chosen by a comparison of a fact with a constant.
    case multiplySelect
  }

  /// The comparison of ``Opcode/multiplySelect``.
  enum Comparison: UInt8 {
    case less, lessEqual, greater, greaterEqual, equal, notEqual

    @inline(__always)
    func holds(_ a: Double, _ b: Double) -> Bool {
      switch self {
      case .less: return a < b
      case .lessEqual: return a <= b
      case .greater: return a > b
      case .greaterEqual: return a >= b
      case .equal: return a == b
      case .notEqual: return a != b
      }
    }
  }

  struct Instruction {
    var opcode: Opcode
    var comparison: Comparison = .less
    /// A slot or a jump target.
    var index: Int32 = 0
    var x: Double = 0
    var y: Double = 0
    var z: Double = 0
  }

  let code: UnsafeMutableBufferPointer<Instruction>
  /// For each instruction, the node it came from (for failure messages), and for fused
  /// instructions whose second step can fail too, the node of that step.
  private let origins: [Node]
  private let secondOrigins: [Node?]
  let stackSize: Int
  /// Whether every instruction propagates non-finite values (see ``run(_:count:_:stack:propagates:failedAt:)``).
  let propagates: Bool

  init(_ root: Node) {
    var builder = Builder()
    builder.emit(root)
    code = UnsafeMutableBufferPointer.allocate(capacity: max(1, builder.code.count))
    _ = code.initialize(from: builder.code)
    origins = builder.origins
    secondOrigins = builder.secondOrigins
    stackSize = max(1, builder.maximumDepth)
    propagates = builder.code.allSatisfy { Self.propagates($0.opcode) }
  }

  deinit {
    code.deallocate()
  }

  var count: Int { origins.count }

  /// The failure message for an instruction index (negative: the second step of instruction
  /// `−index − 1`).
  func failure(at index: Int) -> FormulaFailure {
    if index < 0, let node = secondOrigins[-index - 1] {
      return FormulaFailure(offset: node.offset, message: "'\(node.display)' is not a finite number")
    }
    let index = index < 0 ? -index - 1 : index
    let node = origins[index]
    switch code[index].opcode {
    case .divide, .divideConstant, .loadDivideConstant:
      return FormulaFailure(offset: node.offset, message: "division by zero in '\(node.display)'")
    case .remainder:
      return FormulaFailure(offset: node.offset, message: "remainder of a division by zero in '\(node.display)'")
    case .squareRoot:
      return FormulaFailure(offset: node.offset, message: "square root of a negative number in '\(node.display)'")
    case .clamp:
      return FormulaFailure(
        offset: node.offset, message: "clamp's lower bound is above its upper bound in '\(node.display)'")
    default: return FormulaFailure(offset: node.offset, message: "'\(node.display)' is not a finite number")
    }
  }

  /// Runs code with an operand stack of at least `stackSize` Doubles; on failure returns nil and
  /// sets `failedAt` to the instruction index. Touches no reference counts.
  ///
  /// A program whose every step carries a non-finite operand into a non-finite result
  /// (``propagates``) first runs without checking each step: a finite result proves no step
  /// failed. Only a non-finite result runs again, checked, to name the step that failed first.
  @inline(__always)
  static func run(
    _ code: UnsafePointer<Instruction>, count end: Int, _ slots: UnsafePointer<Double>,
    stack: UnsafeMutablePointer<Double>, propagates: Bool, failedAt: inout Int
  ) -> Double? {
    if propagates, let value = run(code, count: end, slots, stack: stack, checks: ResultOnly.self, failedAt: &failedAt),
      value.isFinite
    {
      return value
    }
    return run(code, count: end, slots, stack: stack, checks: EveryStep.self, failedAt: &failedAt)
  }

  /// Whether an opcode turns a non-finite operand into a non-finite result, given finite slots
  /// and constants (comparisons, selections, min/max, powers, jumps and divisions by computed
  /// values can hide one: `1 / inf` is 0).
  static func propagates(_ opcode: Opcode) -> Bool {
    switch opcode {
    case .push, .load, .loadMultiplyConstant, .loadDivideConstant, .loadAddConstant, .addConstant, .subtractConstant,
      .multiplyConstant, .divideConstant, .addSlot, .subtractSlot, .multiplySlot, .negate, .add, .subtract, .multiply,
      .round, .floor, .ceil, .absolute, .squareRoot, .addSlotMultiplyConstant, .addSlotDivideConstant, .multiplySelect,
      .pushAddSlotMultiplyConstant, .pushAddSlotDivideConstant:
      return true
    default:
      return false
    }
  }

  @inline(__always)
  private static func run<Checks: StepChecks>(
    _ code: UnsafePointer<Instruction>, count end: Int, _ slots: UnsafePointer<Double>,
    stack: UnsafeMutablePointer<Double>, checks: Checks.Type, failedAt: inout Int
  ) -> Double? {
    var top = -1
    var pc = 0
    while pc < end {
      let instruction = code + pc
      switch instruction.pointee.opcode {
      case .push:
        top += 1
        stack[top] = instruction.pointee.x
      case .load:
        top += 1
        stack[top] = slots[Int(instruction.pointee.index)]
      case .loadMultiplyConstant:
        top += 1
        stack[top] = slots[Int(instruction.pointee.index)] * instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .loadDivideConstant:
        top += 1
        stack[top] = slots[Int(instruction.pointee.index)] / instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .loadAddConstant:
        top += 1
        stack[top] = slots[Int(instruction.pointee.index)] + instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .addConstant:
        stack[top] += instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .subtractConstant:
        stack[top] -= instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .multiplyConstant:
        stack[top] *= instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .divideConstant:
        stack[top] /= instruction.pointee.x
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .addSlot:
        stack[top] += slots[Int(instruction.pointee.index)]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .subtractSlot:
        stack[top] -= slots[Int(instruction.pointee.index)]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .multiplySlot:
        stack[top] *= slots[Int(instruction.pointee.index)]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .negate: stack[top] = -stack[top]
      case .add:
        top -= 1
        stack[top] += stack[top + 1]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .subtract:
        top -= 1
        stack[top] -= stack[top + 1]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .multiply:
        top -= 1
        stack[top] *= stack[top + 1]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .divide:
        top -= 1
        if stack[top + 1] == 0 { return fail(pc, &failedAt) }
        stack[top] /= stack[top + 1]
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .remainder:
        top -= 1
        if stack[top + 1] == 0 { return fail(pc, &failedAt) }
        stack[top] = stack[top].truncatingRemainder(dividingBy: stack[top + 1])
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
      case .lessConstant: stack[top] = stack[top] < instruction.pointee.x ? 1 : 0
      case .lessEqualConstant: stack[top] = stack[top] <= instruction.pointee.x ? 1 : 0
      case .greaterConstant: stack[top] = stack[top] > instruction.pointee.x ? 1 : 0
      case .greaterEqualConstant: stack[top] = stack[top] >= instruction.pointee.x ? 1 : 0
      case .equalConstant: stack[top] = stack[top] == instruction.pointee.x ? 1 : 0
      case .notEqualConstant: stack[top] = stack[top] != instruction.pointee.x ? 1 : 0
      case .selectConstants: stack[top] = stack[top] != 0 ? instruction.pointee.x : instruction.pointee.y
      case .not: stack[top] = stack[top] == 0 ? 1 : 0
      case .minimum:
        top -= 1
        stack[top] = Swift.min(stack[top], stack[top + 1])
      case .maximum:
        top -= 1
        stack[top] = Swift.max(stack[top], stack[top + 1])
      case .clamp:
        top -= 2
        if stack[top + 1] > stack[top + 2] { return fail(pc, &failedAt) }
        stack[top] = Swift.min(Swift.max(stack[top], stack[top + 1]), stack[top + 2])
      case .round: stack[top] = stack[top].rounded(.toNearestOrAwayFromZero)
      case .floor: stack[top] = stack[top].rounded(.down)
      case .ceil: stack[top] = stack[top].rounded(.up)
      case .absolute: stack[top] = Swift.abs(stack[top])
      case .power:
        top -= 1
        stack[top] = Foundation.pow(stack[top], stack[top + 1])
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .squareRoot:
        if Checks.enabled && stack[top] < 0 { return fail(pc, &failedAt) }
        stack[top] = stack[top].squareRoot()
      case .addSlotMultiplyConstant:
        let term = slots[Int(instruction.pointee.index)] * instruction.pointee.x
        if Checks.enabled && !term.isFinite { return fail(pc, &failedAt) }
        stack[top] += term
        if Checks.enabled && !stack[top].isFinite { return fail(-pc - 1, &failedAt) }
      case .addSlotDivideConstant:
        let term = slots[Int(instruction.pointee.index)] / instruction.pointee.x
        if Checks.enabled && !term.isFinite { return fail(pc, &failedAt) }
        stack[top] += term
        if Checks.enabled && !stack[top].isFinite { return fail(-pc - 1, &failedAt) }
      case .pushAddSlotMultiplyConstant:
        let term = slots[Int(instruction.pointee.index)] * instruction.pointee.y
        if Checks.enabled && !term.isFinite { return fail(pc, &failedAt) }
        top += 1
        stack[top] = instruction.pointee.x + term
        if Checks.enabled && !stack[top].isFinite { return fail(-pc - 1, &failedAt) }
      case .pushAddSlotDivideConstant:
        let term = slots[Int(instruction.pointee.index)] / instruction.pointee.y
        if Checks.enabled && !term.isFinite { return fail(pc, &failedAt) }
        top += 1
        stack[top] = instruction.pointee.x + term
        if Checks.enabled && !stack[top].isFinite { return fail(-pc - 1, &failedAt) }
      case .multiplySelect:
        stack[top] *=
          instruction.pointee.comparison.holds(slots[Int(instruction.pointee.index)], instruction.pointee.z)
          ? instruction.pointee.x : instruction.pointee.y
        if Checks.enabled && !stack[top].isFinite { return fail(pc, &failedAt) }
      case .jump:
        pc = Int(instruction.pointee.index)
        continue
      case .jumpIfFalse:
        top -= 1
        if stack[top + 1] == 0 {
          pc = Int(instruction.pointee.index)
          continue
        }
      case .jumpIfFalseElsePop:
        if stack[top] == 0 {
          pc = Int(instruction.pointee.index)
          continue
        }
        top -= 1
      case .jumpIfTrueElsePop:
        if stack[top] != 0 {
          pc = Int(instruction.pointee.index)
          continue
        }
        top -= 1
      }
      pc += 1
    }
    return stack[0]
  }

  @inline(__always)
  private static func fail(_ pc: Int, _ failedAt: inout Int) -> Double? {
    failedAt = pc
    return nil
  }
}

/// Whether a run checks each step's result (to name the failing step) or only the final one.
protocol StepChecks { static var enabled: Bool { get } }
enum EveryStep: StepChecks { static var enabled: Bool { true } }
enum ResultOnly: StepChecks { static var enabled: Bool { false } }
