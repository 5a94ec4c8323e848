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
    /// The end of the code (after the last instruction, where jumps past it land): the result
    /// is the top of the stack.
    case end
  }

  /// The comparison of ``Opcode/multiplySelect``.
  typealias Comparison = SlotComparison

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

  init(_ root: Node) {
    var builder = Builder()
    builder.emit(root)
    // The code ends with `end`: the loop needs no bounds check per instruction.
    code = UnsafeMutableBufferPointer.allocate(capacity: builder.code.count + 1)
    _ = code.initialize(from: builder.code + [Instruction(opcode: .end)])
    origins = builder.origins
    secondOrigins = builder.secondOrigins
    stackSize = max(1, builder.maximumDepth)
  }

  deinit {
    code.deallocate()
  }

  /// The instructions, without the final `end`.
  var count: Int { origins.count }

  /// The program's shape when it is one that runs without the interpreter (see
  /// ``CompiledProgram/Shape``).
  var shape: CompiledProgram.Shape {
    let first = code[0]
    switch (count, first.opcode) {
    case (1, .load): return .slot(Int(first.index))
    case (1, .loadMultiplyConstant): return .scaled(slot: Int(first.index), by: first.x)
    case (2, .load):
      let comparison: SlotComparison
      switch code[1].opcode {
      case .lessConstant: comparison = .less
      case .lessEqualConstant: comparison = .lessEqual
      case .greaterConstant: comparison = .greater
      case .greaterEqualConstant: comparison = .greaterEqual
      case .equalConstant: comparison = .equal
      case .notEqualConstant: comparison = .notEqual
      default: return .other
      }
      return .compared(slot: Int(first.index), comparison, code[1].x)
    default: return .other
    }
  }

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

  /// Runs code (ending with `end`) with an operand stack of at least `stackSize` Doubles; on
  /// failure returns nil and sets `failedAt` to the instruction index. Touches no reference counts.
  ///
  /// The code first runs without checking each step. A step that fails yields a non-finite
  /// number (or is a division by zero, or a clamp whose bounds cross, which stop this run too),
  /// and every later step either carries it into its own result (arithmetic) or checks it, as an
  /// operand that could hide it (comparisons, selections, min/max, powers, jumps, and divisors:
  /// `1 / inf` is 0), stopping the run. So a finite result proves no step failed; otherwise the
  /// code runs again, checking each step, to name the step that failed first.
  @inline(__always)
  static func run(
    _ code: UnsafePointer<Instruction>, _ slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>,
    failedAt: inout Int
  ) -> Double? {
    if let value = run(code, slots, stack: stack, checks: ResultOnly.self, failedAt: &failedAt), value.isFinite {
      return value
    }
    return runChecked(code, slots, stack: stack, failedAt: &failedAt)
  }

  /// The checked run (see ``run(_:_:stack:failedAt:)``): only after the unchecked one stopped.
  @inline(never)
  private static func runChecked(
    _ code: UnsafePointer<Instruction>, _ slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>,
    failedAt: inout Int
  ) -> Double? {
    run(code, slots, stack: stack, checks: EveryStep.self, failedAt: &failedAt)
  }

  /// The interpreter. The top of the operand stack lives in `top` (a register), the values
  /// under it in `stack` below `rest`; a push first stores `top` (the first push stores a
  /// meaningless 0, so the stack holds at most `stackSize` Doubles). Pointers and wrapping
  /// arithmetic: no overflow checks per step; `end` stops the loop.
  @inline(__always)
  private static func run<Checks: StepChecks>(
    _ code: UnsafePointer<Instruction>, _ slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>,
    checks: Checks.Type, failedAt: inout Int
  ) -> Double? {
    var top = 0.0
    var rest = stack
    var pc = code
    while true {
      let instruction = pc
      switch instruction.pointee.opcode {
      case .end:
        return top
      case .push:
        rest.pointee = top
        rest += 1
        top = instruction.pointee.x
      case .load:
        rest.pointee = top
        rest += 1
        top = slots[Int(instruction.pointee.index)]
      case .loadMultiplyConstant:
        rest.pointee = top
        rest += 1
        top = slots[Int(instruction.pointee.index)] * instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .loadDivideConstant:
        rest.pointee = top
        rest += 1
        top = slots[Int(instruction.pointee.index)] / instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .loadAddConstant:
        rest.pointee = top
        rest += 1
        top = slots[Int(instruction.pointee.index)] + instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .addConstant:
        top += instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .subtractConstant:
        top -= instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .multiplyConstant:
        top *= instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .divideConstant:
        top /= instruction.pointee.x
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .addSlot:
        top += slots[Int(instruction.pointee.index)]
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .subtractSlot:
        top -= slots[Int(instruction.pointee.index)]
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .multiplySlot:
        top *= slots[Int(instruction.pointee.index)]
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .negate: top = -top
      case .add:
        rest -= 1
        top = rest.pointee + top
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .subtract:
        rest -= 1
        top = rest.pointee - top
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .multiply:
        rest -= 1
        top = rest.pointee * top
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .divide:
        rest -= 1
        if top == 0 { return fail(code, pc, &failedAt) }
        if Checks.hides(top) { return nil }
        top = rest.pointee / top
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .remainder:
        rest -= 1
        if top == 0 { return fail(code, pc, &failedAt) }
        if Checks.hides(top) { return nil }
        top = rest.pointee.truncatingRemainder(dividingBy: top)
      case .less:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee < top ? 1 : 0
      case .lessEqual:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee <= top ? 1 : 0
      case .greater:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee > top ? 1 : 0
      case .greaterEqual:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee >= top ? 1 : 0
      case .equal:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee == top ? 1 : 0
      case .notEqual:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = rest.pointee != top ? 1 : 0
      case .lessConstant:
        if Checks.hides(top) { return nil }
        top = top < instruction.pointee.x ? 1 : 0
      case .lessEqualConstant:
        if Checks.hides(top) { return nil }
        top = top <= instruction.pointee.x ? 1 : 0
      case .greaterConstant:
        if Checks.hides(top) { return nil }
        top = top > instruction.pointee.x ? 1 : 0
      case .greaterEqualConstant:
        if Checks.hides(top) { return nil }
        top = top >= instruction.pointee.x ? 1 : 0
      case .equalConstant:
        if Checks.hides(top) { return nil }
        top = top == instruction.pointee.x ? 1 : 0
      case .notEqualConstant:
        if Checks.hides(top) { return nil }
        top = top != instruction.pointee.x ? 1 : 0
      case .selectConstants:
        if Checks.hides(top) { return nil }
        top = top != 0 ? instruction.pointee.x : instruction.pointee.y
      case .not:
        if Checks.hides(top) { return nil }
        top = top == 0 ? 1 : 0
      case .minimum:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = Swift.min(rest.pointee, top)
      case .maximum:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = Swift.max(rest.pointee, top)
      case .clamp:
        // The value, its lower bound, then its upper bound (on top).
        rest -= 2
        if rest[1] > top { return fail(code, pc, &failedAt) }
        if Checks.hides(rest[0], rest[1]) || Checks.hides(top) { return nil }
        top = Swift.min(Swift.max(rest[0], rest[1]), top)
      case .round: top = top.rounded(.toNearestOrAwayFromZero)
      case .floor: top = top.rounded(.down)
      case .ceil: top = top.rounded(.up)
      case .absolute: top = Swift.abs(top)
      case .power:
        rest -= 1
        if Checks.hides(rest.pointee, top) { return nil }
        top = Foundation.pow(rest.pointee, top)
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .squareRoot:
        if Checks.enabled && top < 0 { return fail(code, pc, &failedAt) }
        top = top.squareRoot()
      case .addSlotMultiplyConstant:
        let term = slots[Int(instruction.pointee.index)] * instruction.pointee.x
        if Checks.enabled && !term.isFinite { return fail(code, pc, &failedAt) }
        top += term
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt, second: true) }
      case .addSlotDivideConstant:
        let term = slots[Int(instruction.pointee.index)] / instruction.pointee.x
        if Checks.enabled && !term.isFinite { return fail(code, pc, &failedAt) }
        top += term
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt, second: true) }
      case .pushAddSlotMultiplyConstant:
        let term = slots[Int(instruction.pointee.index)] * instruction.pointee.y
        if Checks.enabled && !term.isFinite { return fail(code, pc, &failedAt) }
        rest.pointee = top
        rest += 1
        top = instruction.pointee.x + term
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt, second: true) }
      case .pushAddSlotDivideConstant:
        let term = slots[Int(instruction.pointee.index)] / instruction.pointee.y
        if Checks.enabled && !term.isFinite { return fail(code, pc, &failedAt) }
        rest.pointee = top
        rest += 1
        top = instruction.pointee.x + term
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt, second: true) }
      case .multiplySelect:
        top *=
          instruction.pointee.comparison.holds(slots[Int(instruction.pointee.index)], instruction.pointee.z)
          ? instruction.pointee.x : instruction.pointee.y
        if Checks.enabled && !top.isFinite { return fail(code, pc, &failedAt) }
      case .jump:
        pc = code + Int(instruction.pointee.index)
        continue
      case .jumpIfFalse:
        if Checks.hides(top) { return nil }
        let condition = top
        rest -= 1
        top = rest.pointee
        if condition == 0 {
          pc = code + Int(instruction.pointee.index)
          continue
        }
      case .jumpIfFalseElsePop:
        if Checks.hides(top) { return nil }
        if top == 0 {
          pc = code + Int(instruction.pointee.index)
          continue
        }
        rest -= 1
        top = rest.pointee
      case .jumpIfTrueElsePop:
        if Checks.hides(top) { return nil }
        if top != 0 {
          pc = code + Int(instruction.pointee.index)
          continue
        }
        rest -= 1
        top = rest.pointee
      }
      pc += 1
    }
  }

  /// Records the failing instruction (`second`: its second step, as `−index − 1`).
  @inline(__always)
  private static func fail(
    _ code: UnsafePointer<Instruction>, _ pc: UnsafePointer<Instruction>, _ failedAt: inout Int, second: Bool = false
  ) -> Double? {
    let index = pc - code
    failedAt = second ? -index - 1 : index
    return nil
  }
}

/// Whether a run checks each step's result (to name the failing step) or only the final one and
/// the operands that could hide a failure.
protocol StepChecks { static var enabled: Bool { get } }
enum EveryStep: StepChecks { static var enabled: Bool { true } }
enum ResultOnly: StepChecks { static var enabled: Bool { false } }

extension StepChecks {
  /// In an unchecked run: whether an operand a step could hide is not finite (the run stops).
  @inline(__always)
  static func hides(_ operand: Double) -> Bool { !enabled && !operand.isFinite }

  @inline(__always)
  static func hides(_ first: Double, _ second: Double) -> Bool {
    !enabled && !(first.isFinite && second.isFinite)
  }
}
