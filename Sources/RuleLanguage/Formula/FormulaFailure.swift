/// A formula that compiled but could not produce a value for these inputs, such as a division
/// by zero; `offset` locates the failing operation in the formula's origin.
public struct FormulaFailure: Error, Sendable, Equatable {
  /// The offset of the failing operation in the formula's origin.
  public var offset: Int
  /// What went wrong, as a lowercase phrase.
  public var message: String

  /// Creates a failure.
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}

/// One step of a traced evaluation: a sub-formula, its nesting depth, and its value.
public struct TraceEntry: Sendable, Equatable {
  /// Nesting depth below the root (0 for the whole formula).
  public var depth: Int
  /// The sub-formula as written.
  public var source: String
  /// Its value.
  public var value: Value
}
