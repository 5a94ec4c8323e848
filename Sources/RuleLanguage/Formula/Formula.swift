/// A compiled formula: checked once, then evaluated any number of times without re-parsing.
///
/// Typed rule formulas (compiled against a ``FormulaScope``) evaluate on a slot array through a
/// ``NumericProgram``; data formulas evaluate against a ``Value`` (JsonLogic `var`).
// Unchecked: every stored property is immutable; `code` points into `program`'s buffer, which
// lives as long as this formula and is never written after compilation.
/// A compiled rule formula: typed, with its source for errors and traces; evaluates on a slot array (bytecode) or on JSON data (JsonLogic semantics). Immutable and shareable across threads.
public final class Formula: @unchecked Sendable, CustomStringConvertible {
  /// The formula as written (text, or compact JsonLogic).
  public let source: String
  /// The type of the result.
  public let type: FormulaType
  /// Where the formula was written.
  public let origin: FormulaOrigin
  let root: Node
  let program: NumericProgram?
  /// The program's code and stack size, read without reference counting.
  fileprivate let code: UnsafePointer<NumericProgram.Instruction>?
  fileprivate let codeCount: Int
  fileprivate let stackSize: Int
  fileprivate let constant: Double
  /// The slots the formula reads, ascending.
  public let slots: [Int]

  init(source: String, root: Node, origin: FormulaOrigin, typed: Bool) {
    self.source = source
    self.root = root
    self.type = root.type
    self.origin = origin
    let program = typed && !root.isLiteral ? NumericProgram(root) : nil
    self.program = program
    self.code = program.map { UnsafePointer($0.code.baseAddress.unsafelyUnwrapped) }
    self.codeCount = program?.count ?? 0
    self.stackSize = program?.stackSize ?? 1
    self.constant = root.numeric
    var used = Set<Int>()
    root.collectSlots(into: &used)
    self.slots = used.sorted()
  }

  public var description: String { source }

  /// The value when the formula is a constant (after folding), else nil.
  public var constantValue: Value? { root.literalValue }

  /// The slot read when the whole formula is one variable, else nil.
  public var singleSlot: Int? {
    if case .slot(let slot) = root.kind { return slot }
    return nil
  }

  /// The slot value of a constant typed formula (true/false as 1/0), else nil.
  public var constantNumber: Double? { root.isLiteral ? root.numeric : nil }

  /// Evaluates against data, with JsonLogic semantics.
  public func evaluate(data: Value = .null) throws(FormulaFailure) -> Value {
    var evaluator = Evaluator(slots: nil)
    return try evaluator.evaluate(root, data: data)
  }

  /// The bytecode instructions of a typed formula (0 for a constant): the cost of one evaluation.
  public var instructionCount: Int { codeCount }

  /// The operand stack a typed formula needs, in Doubles.
  public var stackDepth: Int { stackSize }

  /// Evaluates a typed formula on a slot array (true/false come back as 1/0).
  @inline(__always)
  public func evaluate(slots: UnsafePointer<Double>) throws(FormulaFailure) -> Double {
    guard code != nil else { return constant }
    let result = withUnsafeTemporaryAllocation(of: Double.self, capacity: stackSize) { stack in
      Result { () throws(FormulaFailure) -> Double in
        try evaluate(slots: slots, stack: stack.baseAddress.unsafelyUnwrapped)
      }
    }
    return try result.get()
  }

  /// Evaluates a typed formula with a caller-provided operand stack of `capacity` Doubles: the
  /// fastest path, with no allocation at all. A stack smaller than ``stackDepth`` is refused,
  /// never overrun.
  @inline(__always)
  package func evaluate(slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>, capacity: Int)
    throws(FormulaFailure) -> Double
  {
    guard stackSize <= capacity else {
      throw FormulaFailure(
        offset: 0, message: "the formula needs an operand stack of \(stackSize); only \(capacity) were given")
    }
    return try evaluate(slots: slots, stack: stack)
  }

  @inline(__always)
  func evaluate(slots: UnsafePointer<Double>, stack: UnsafeMutablePointer<Double>) throws(FormulaFailure) -> Double {
    guard let code else { return constant }
    var failedAt = 0
    if let value = NumericProgram.run(code, slots, stack: stack, failedAt: &failedAt) {
      return value
    }
    throw program?.failure(at: failedAt) ?? FormulaFailure(offset: 0, message: "the formula failed")
  }

  /// Evaluates a typed formula on a slot array.
  public func evaluate(slots: [Double]) throws(FormulaFailure) -> Double {
    let padded = slots.isEmpty ? [0] : slots
    let result = padded.withUnsafeBufferPointer { buffer in
      Result { () throws(FormulaFailure) -> Double in
        try evaluate(slots: buffer.baseAddress.unsafelyUnwrapped)
      }
    }
    return try result.get()
  }

  /// Evaluates with the reference evaluator and records every sub-formula's value.
  public func traced(data: Value = .null, slots: [Double]? = nil) -> (
    result: Result<Value, FormulaFailure>, trace: [TraceEntry]
  ) {
    func run(_ pointer: UnsafePointer<Double>?) -> (Result<Value, FormulaFailure>, [TraceEntry]) {
      var evaluator = Evaluator(slots: pointer, tracing: true)
      do {
        let value = try evaluator.evaluate(root, data: data)
        return (.success(value), evaluator.trace ?? [])
      } catch {
        return (.failure(error), evaluator.trace ?? [])
      }
    }
    guard let slots else { return run(nil) }
    return slots.withUnsafeBufferPointer { run($0.baseAddress) }
  }

  /// A located diagnostic for a failure of this formula.
  public func diagnostic(for failure: FormulaFailure) -> Diagnostic {
    origin.diagnostic(at: failure.offset, message: failure.message)
  }

  /// A condition of the form `variable >= constant` (or `>`, or mirrored), which can be
  /// checked in O(1) on a value that never decreases.
  public struct Threshold: Sendable, Equatable {
    /// The slot compared.
    public var slot: Int
    /// The constant.
    public var bound: Double
    /// Whether reaching the bound exactly satisfies the condition (`>=`).
    public var inclusive: Bool

    /// Creates a threshold.
    public init(slot: Int, bound: Double, inclusive: Bool) {
      self.slot = slot
      self.bound = bound
      self.inclusive = inclusive
    }

    /// Whether a value satisfies the threshold.
    @inline(__always)
    public func isMet(by value: Double) -> Bool { inclusive ? value >= bound : value > bound }
  }

  /// The threshold form of the formula, when it has one.
  public var threshold: Threshold? {
    guard case .operation(let operation) = root.kind, root.arguments.count == 2 else { return nil }
    let left = root.arguments[0]
    let right = root.arguments[1]
    switch (operation, left.kind, right.kind) {
    case (.greaterEqual, .slot(let slot), .literal): return Threshold(slot: slot, bound: right.numeric, inclusive: true)
    case (.greater, .slot(let slot), .literal): return Threshold(slot: slot, bound: right.numeric, inclusive: false)
    case (.lessEqual, .literal, .slot(let slot)): return Threshold(slot: slot, bound: left.numeric, inclusive: true)
    case (.less, .literal, .slot(let slot)): return Threshold(slot: slot, bound: left.numeric, inclusive: false)
    default: return nil
    }
  }
}

extension Formula {
  /// The bytecode as a plain value (see ``CompiledProgram``).
  package var compiledProgram: CompiledProgram {
    CompiledProgram(code: code, stackSize: stackSize, constant: constant, shape: program?.shape ?? .constant(constant))
  }
}
