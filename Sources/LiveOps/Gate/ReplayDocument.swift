import RuleLanguage

/// A replay as `fitquest replay --format json` wrote it, read back (by `check --replay` and
/// `report --replay`): the players and the summary, checked for the shape the replay writes.
public struct ReplayDocument: Sendable {
  /// The file it was read from.
  public var path: String
  /// Every player object, in the order written (id byte order).
  public var players: [JSONValue]
  /// The summary object.
  public var summary: JSONValue

  /// Reads a replay file.
  /// - Throws: a located error for a file that is not JSON or not a replay's output (exit 65),
  ///   or an unreadable one (exit 66).
  public static func load(path: String) throws(DiagnosticError) -> ReplayDocument {
    let source = try FileSystem.read(path)
    let root = try JSONReader.parse(source)
    func fail(_ value: JSONValue, _ message: String) -> DiagnosticError {
      DiagnosticError(Diagnostic(in: source, offset: value.offset, message: message))
    }
    let hint = "; write it with 'fitquest replay --format json'"
    guard root.members != nil else {
      throw fail(root, "a replay is a JSON object with \"players\" and \"summary\"\(hint)")
    }
    guard let players = root["players"]?.elements else { throw fail(root, "a replay needs a \"players\" list\(hint)") }
    guard let summary = root["summary"], summary.members != nil else {
      throw fail(root, "a replay needs a \"summary\" object\(hint)")
    }
    for name in ImpactSummary.metricNames {
      guard let value = Self.value(name, in: summary) else { throw fail(summary, "the summary lacks '\(name)'\(hint)") }
      guard value.number != nil || value.kind == .null else {
        throw fail(value, "'summary.\(name)' must be a number or null")
      }
    }
    for player in players where player["player"]?.string == nil {
      throw fail(player, "each player of a replay is an object with a \"player\" id")
    }
    return ReplayDocument(path: path, players: players, summary: summary)
  }

  /// A metric of the summary by its name (`demoted.share`); nil when it is null.
  public func metric(_ name: String) -> Double? {
    Self.value(name, in: summary)?.number
  }

  /// The summary value at a dotted name.
  static func value(_ name: String, in summary: JSONValue) -> JSONValue? {
    var current: JSONValue? = summary
    for part in name.split(separator: ".") { current = current?[String(part)] }
    return current
  }
}
