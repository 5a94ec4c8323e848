import RuleLanguage

/// Why the engine refused an event, or could not finish applying it.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The event is dated before the open day, or on a day already closed.
  case outOfOrder(day: Day, openDay: Day, isClosed: Bool)
  /// The event names something the pack or the state does not have, or breaks a range.
  case invalidEvent(message: String)
  /// A rule formula failed for this event (division by zero…); the diagnostic points into the pack.
  case formulaFailed(diagnostic: Diagnostic)
  /// A total would leave the exactly representable range.
  case overflow(what: String)
  /// The event is dated before the earliest day the player's history can still replay.
  case beforeWindow(day: Day, windowStart: Day)
  /// The state was built by a rule pack of another name.
  case packMismatch(saved: String, current: String)
  /// A retraction names an event that cannot be withdrawn.
  case cannotRetract(id: String, reason: String)
  /// A saved state holds values its rule pack cannot have produced (edited by hand, damaged).
  case invalidState(message: String)

  /// A lowercase phrase.
  public var message: String {
    switch self {
    case .outOfOrder(let day, let open, let closed):
      return closed && day == open
        ? "event dated \(day.iso) arrives after that day was closed"
        : "event dated \(day.iso) arrives after events of \(open.iso); events must be applied in date order"
    case .invalidEvent(let message): return message
    case .formulaFailed(let diagnostic): return "a rule formula failed: \(diagnostic.message)"
    case .overflow(let what): return "\(what) would exceed the largest exact value (2^53)"
    case .beforeWindow(let day, let start):
      return
        "event dated \(day.iso) is before the replay window, which starts on \(start.iso); it cannot be placed in date order"
    case .packMismatch(let saved, let current):
      return "the player was built by rule pack '\(saved)', not '\(current)'; use the pack it was built with"
    case .cannotRetract(let id, let reason): return "cannot withdraw event '\(id)': \(reason)"
    case .invalidState(let message): return "the saved state makes no sense under its rules: \(message)"
    }
  }

  /// Extra lines: the rule location of a failed formula.
  public var notes: [String] {
    if case .formulaFailed(let diagnostic) = self { return ["the formula is at \(diagnostic.headline)"] }
    return []
  }

  public var description: String { message }
}
