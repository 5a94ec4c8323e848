import RuleLanguage

/// A rule that cannot work as intended, found by `fitquest lint`: a located warning with the
/// reason and a fix (as notes), and the class of problem it belongs to.
public struct LintWarning: Sendable, Equatable {
  /// The classes of problems lint finds (docs/balancing.md lists them with examples).
  public enum Check: String, Sendable, CaseIterable {
    /// A threshold, condition or quest goal the facts can never reach.
    case unreachable
    /// A level gate that even the daily XP cap cannot reach within the horizon.
    case tooSlow = "too-slow"
    /// A species no evolution path can lead to.
    case unreachableSpecies = "unreachable-species"
    /// A formula whose value never changes (a condition always true, a factor always 1).
    case constant
    /// Tiers or stages whose order defeats their purpose.
    case tierOrder = "tier-order"
    /// An XP cap every workout hits, or one another cap makes useless.
    case cap
    /// A reward that always unlocks the next milestone in the same event.
    case rewardCycle = "reward-cycle"
    /// Evidence from runs: a rule that never fired in any run.
    case neverFired = "never-fired"
    /// Evidence from runs: a milestone every run reaches on day 1.
    case dayOne = "day-one"
  }

  /// The class of problem.
  public var check: Check
  /// The warning: where, what (ending with the class in brackets), then the reason and the fix.
  public var diagnostic: Diagnostic

  /// Creates a warning at a byte offset of a file.
  init(_ check: Check, in source: SourceFile?, offset: Int?, _ message: String, reason: String, fix: String) {
    self.check = check
    let text = "\(message) [\(check.rawValue)]"
    let notes = [reason, "fix: \(fix)"]
    if let source, let offset {
      diagnostic = Diagnostic(.warning, in: source, offset: offset, message: text, notes: notes)
    } else {
      diagnostic = Diagnostic(.warning, file: source?.name, message: text, notes: notes)
    }
  }

  /// Creates a warning at the start of a formula.
  init(_ check: Check, at formula: Formula, _ message: String, reason: String, fix: String) {
    self.init(check, in: formula.origin.source, offset: formula.startOffset, message, reason: reason, fix: fix)
  }
}

/// Collects warnings, locating values by their `--set` path.
struct LintLog {
  let documents: PackDocuments
  private(set) var warnings: [LintWarning] = []

  init(_ documents: PackDocuments) { self.documents = documents }

  /// A warning at the value a `--set` path names (the file's start when it cannot be found).
  mutating func warn(_ check: LintWarning.Check, at path: String, _ message: String, reason: String, fix: String) {
    if let (source, offset) = documents.location(of: path) {
      warnings.append(LintWarning(check, in: source, offset: offset, message, reason: reason, fix: fix))
    } else {
      let stem = String(path.prefix { $0 != "." && $0 != "[" })
      warnings.append(
        LintWarning(check, in: documents.file(stem)?.source, offset: nil, message, reason: reason, fix: fix))
    }
  }

  /// A warning at the start of a formula.
  mutating func warn(_ check: LintWarning.Check, at formula: Formula, _ message: String, reason: String, fix: String) {
    warnings.append(LintWarning(check, at: formula, message, reason: reason, fix: fix))
  }
}
