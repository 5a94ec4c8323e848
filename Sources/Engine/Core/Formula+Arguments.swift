import RuleLanguage

extension Formula {
  /// Evaluates a formula of a small private scope (level curves, stats, one-rep max) on a few
  /// arguments, without allocating.
  func evaluate(_ arguments: Double...) throws(FormulaFailure) -> Double {
    let result = withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, arguments.count)) { buffer in
      for (index, argument) in arguments.enumerated() { buffer[index] = argument }
      return Result { () throws(FormulaFailure) -> Double in
        try evaluate(slots: UnsafePointer(buffer.baseAddress.unsafelyUnwrapped))
      }
    }
    return try result.get()
  }
}
