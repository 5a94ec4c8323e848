/// A typed formula's bytecode as a plain value, for hot loops: running it touches no reference
/// counts. Valid as long as its ``Formula`` lives.
package struct CompiledProgram: @unchecked Sendable {
  let code: UnsafePointer<NumericProgram.Instruction>?
  /// The operand stack it needs, in Doubles.
  package let stackSize: Int
  let constant: Double
  /// Its shape when a caller can run it without the interpreter.
  package let shape: Shape

  /// A program so simple that a caller computes it in place, without a call into this module
  /// (which cannot be inlined into another): the same result as ``run(slots:stack:capacity:)``
  /// (a constant, a slot, or a slot compared with a constant never fail; a scaled slot fails
  /// when its product is not finite, which the caller leaves to `run` to report).
  package enum Shape: Sendable, Equatable {
    case other
    case constant(Double)
    case slot(Int)
    case scaled(slot: Int, by: Double)
    case compared(slot: Int, SlotComparison, Double)
  }

  /// Runs the program on slots with an operand stack of `capacity` Doubles; nil when a step
  /// fails (or the stack is too small): evaluate the ``Formula`` for the located error.
  package func run(slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>, capacity: Int) -> Double? {
    guard let code else { return constant }
    guard stackSize <= capacity else { return nil }
    var failedAt = 0
    return NumericProgram.run(code, slots, stack: stack, failedAt: &failedAt)
  }
}

/// How a slot is compared with a constant (or, in ``NumericProgram``'s `multiplySelect`, a
/// fact with a bound).
package enum SlotComparison: UInt8, Sendable {
  case less, lessEqual, greater, greaterEqual, equal, notEqual

  /// Whether the comparison holds (false for NaN, but `notEqual`, as the operators).
  @inline(__always)
  package func holds(_ a: Double, _ b: Double) -> Bool {
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
