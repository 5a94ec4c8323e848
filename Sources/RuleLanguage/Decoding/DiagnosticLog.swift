/// Collects diagnostics while a document is read, so that one pass reports every problem.
public final class DiagnosticLog {
  /// The diagnostics reported so far, in order.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Creates an empty log.
  public init() {}

  /// Whether any error was reported.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Records a diagnostic.
  public func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// Records every diagnostic of an error.
  public func report(_ error: DiagnosticError) {
    diagnostics += error.diagnostics
  }

  /// Throws the collected errors, if any.
  public func throwIfErrors() throws(DiagnosticError) {
    if hasErrors { throw DiagnosticError(diagnostics) }
  }
}
