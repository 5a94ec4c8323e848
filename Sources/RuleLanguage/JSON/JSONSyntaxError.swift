/// A syntax error found by ``JSONReader``, at a byte offset of its input.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// The byte offset where the problem was found.
  public var offset: Int
  /// What was expected or what is wrong, as a lowercase phrase.
  public var message: String

  /// Creates a syntax error.
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// Returns the error as a located diagnostic in a source file.
  public func diagnostic(in source: SourceFile) -> Diagnostic {
    Diagnostic(in: source, offset: offset, message: message)
  }
}
