import Engine
import RuleLanguage

/// Why a ledger operation failed. Every case leaves the saved state as it was.
public enum LedgerError: Error, Sendable {
  /// Another process holds the state's lock (and waiting was not requested).
  case locked(String)
  /// Another process holds a store's write lock, and waiting was not requested or lasted past
  /// the wait.
  case busy(Diagnostic)
  /// The state cannot be read: not a regular file (a directory, a FIFO), a symbolic link loop,
  /// no permission.
  case unreadable(Diagnostic)
  /// Writing failed (no space, permission denied).
  case io(Diagnostic)
  /// The saved state is damaged, edited into values no events produce, or not a FitQuest state.
  case corrupt(Diagnostic)

  /// Diagnostics to print.
  public var diagnostics: [Diagnostic] {
    switch self {
    case .locked(let path):
      return [Diagnostic(file: path, message: "the state is locked by another process applying events to it")]
    case .busy(let diagnostic), .unreadable(let diagnostic), .io(let diagnostic), .corrupt(let diagnostic):
      return [diagnostic]
    }
  }
}
