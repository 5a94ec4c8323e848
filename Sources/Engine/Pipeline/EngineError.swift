import RuleLanguage

/// Why the engine refused an event. The state is left unchanged when the event is rejected
/// before any phase ran (order, unknown names); see ``Engine/apply(_:to:awards:)``.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The event is dated before the open day, or on a day already closed.
  case outOfOrder(eventID: String, day: Day, openDay: Day, isClosed: Bool)
  /// The event names something the pack or the state does not have.
  case invalidEvent(eventID: String, message: String)
  /// A rule formula failed for this event (division by zero…); the diagnostic points into the pack.
  case formulaFailed(eventID: String, diagnostic: Diagnostic)
  /// A total would leave the exactly representable range.
  case overflow(eventID: String, what: String)

  /// The event concerned.
  public var eventID: String {
    switch self {
    case .outOfOrder(let id, _, _, _), .invalidEvent(let id, _), .formulaFailed(let id, _), .overflow(let id, _):
      return id
    }
  }

  /// A lowercase phrase for the event's diagnostic.
  public var message: String {
    switch self {
    case .outOfOrder(_, let day, let open, let closed):
      return closed && day == open
        ? "event dated \(day.iso) arrives after that day was closed"
        : "event dated \(day.iso) arrives after events of \(open.iso); events must be applied in date order (the ledger replays late events)"
    case .invalidEvent(_, let message): return message
    case .formulaFailed(_, let diagnostic): return "a rule formula failed: \(diagnostic.message)"
    case .overflow(_, let what): return "\(what) would exceed the largest exact value (2^53)"
    }
  }

  /// Extra lines: the rule location of a failed formula.
  public var notes: [String] {
    if case .formulaFailed(_, let diagnostic) = self { return ["the formula is at \(diagnostic.headline)"] }
    return []
  }

  public var description: String { "event '\(eventID)': \(message)" }
}
