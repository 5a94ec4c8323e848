import RuleLanguage

extension Formula {
  /// Evaluates a formula of a small private scope (level curves, stats) on a few arguments.
  func evaluate(_ arguments: Double...) throws(FormulaFailure) -> Double {
    let result = withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, arguments.count)) { buffer in
      for index in arguments.indices { buffer[index] = arguments[index] }
      return Result { () throws(FormulaFailure) -> Double in
        try evaluate(slots: UnsafePointer(buffer.baseAddress.unsafelyUnwrapped))
      }
    }
    return try result.get()
  }

  /// Evaluates a two-argument formula (the one-rep-max estimate, once per set) with the
  /// arguments on the stack.
  func evaluate(_ first: Double, _ second: Double) throws(FormulaFailure) -> Double {
    var slots = (first, second)
    return try withUnsafeMutablePointer(to: &slots) {
      (pair: UnsafeMutablePointer<(Double, Double)>) throws(FormulaFailure) -> Double in
      try pair.withMemoryRebound(to: Double.self, capacity: 2) {
        (values: UnsafeMutablePointer<Double>) throws(FormulaFailure) -> Double in
        try evaluate(slots: UnsafePointer(values))
      }
    }
  }

  /// Evaluates a four-argument formula (a companion's stat, four per level-up) with the
  /// arguments on the stack (a variadic call would allocate its array).
  func evaluate(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) throws(FormulaFailure)
    -> Double
  {
    var slots = (first, second, third, fourth)
    return try withUnsafeMutablePointer(to: &slots) {
      (four: UnsafeMutablePointer<(Double, Double, Double, Double)>) throws(FormulaFailure) -> Double in
      try four.withMemoryRebound(to: Double.self, capacity: 4) {
        (values: UnsafeMutablePointer<Double>) throws(FormulaFailure) -> Double in
        try evaluate(slots: UnsafePointer(values))
      }
    }
  }
}

extension Engine {
  /// Runs a private-scope program (``EnginePlan/oneRepMax``…) on its arguments, a tuple of
  /// Doubles laid out as its slots, with the context's operand stack: no reference counts, no
  /// allocation. Nil when a step fails (evaluate the ``Formula`` then, for its located error).
  @inline(__always)
  func run<Arguments>(_ program: CompiledProgram, _ arguments: Arguments, _ context: borrowing EventContext) -> Double?
  {
    let stack = context.stack
    let capacity = context.stackCapacity
    return withUnsafePointer(to: arguments) { pointer in
      UnsafeRawPointer(pointer).withMemoryRebound(
        to: Double.self, capacity: MemoryLayout<Arguments>.size / MemoryLayout<Double>.stride
      ) { slots in
        program.run(slots: slots, stack: stack, capacity: capacity)
      }
    }
  }
}
