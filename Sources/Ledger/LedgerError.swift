import Engine
import RuleLanguage

/// Why a ledger operation failed.
public enum LedgerError: Error, Sendable {
  /// Another process holds the lock (and waiting was not requested).
  case locked(String)
  /// Reading or writing a file failed; the saved state is intact.
  case io(Diagnostic)
  /// The state file is not a valid FitQuest ledger.
  case corrupt(Diagnostic)
  /// An event line is invalid; events before it were applied and saved.
  case invalidEvent(Diagnostic)

  /// Diagnostics to print.
  public var diagnostics: [Diagnostic] {
    switch self {
    case .locked(let path):
      return [Diagnostic(file: path, message: "the state file is locked by another 'fitquest award'; try again or omit --no-wait")]
    case .io(let diagnostic), .corrupt(let diagnostic), .invalidEvent(let diagnostic): return [diagnostic]
    }
  }
}
