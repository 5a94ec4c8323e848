/// A located problem found in a rule pack, scenario, event stream, formula or command line.
///
/// Structure first, text last: the fields carry the facts; ``rendered(excerpt:)`` prints them as
/// `file:line:col: error: message` followed by the source line and a caret.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Sendable, Equatable {
    case error, warning, note
  }

  /// The severity.
  public var severity: Severity
  /// The file name as the user gave it, or nil when the problem has no file.
  public var file: String?
  /// The position inside the file, or nil when the problem concerns the whole file.
  public var position: SourcePosition?
  /// A single lowercase phrase with no final period; a second idea follows a semicolon.
  public var message: String
  /// Further lines printed after the excerpt, such as "note: defined here".
  public var notes: [String]
  /// The source line the position points into, when known.
  public var sourceLine: String?
  /// Whether the problem is that an input could not be read at all (missing, a directory, no
  /// permission), rather than that its content is invalid: the CLI exits 66 for these, not 65.
  public var isUnreadable = false
  /// Whether the problem is a name the input does not define (an unknown variable, category,
  /// species): when another file of the input could not be read, the name may be defined there.
  public var isUnknownName = false

  /// Creates a diagnostic.
  public init(
    _ severity: Severity = .error, file: String? = nil, position: SourcePosition? = nil,
    message: String, notes: [String] = [], sourceLine: String? = nil
  ) {
    self.severity = severity
    self.file = file
    self.position = position
    self.message = message
    self.notes = notes
    self.sourceLine = sourceLine
  }

  /// Creates a diagnostic at a byte offset of a source file, capturing its source line.
  public init(
    _ severity: Severity = .error, in source: SourceFile, offset: Int, message: String,
    notes: [String] = []
  ) {
    let position = source.position(of: offset)
    self.init(
      severity, file: source.name, position: position, message: message, notes: notes,
      sourceLine: source.lineText(position.line))
  }

  /// The first line only: `file:line:col: error: message`.
  public var headline: String {
    var prefix = ""
    if let file {
      prefix = file
      if let position { prefix += ":\(position.line):\(position.column)" }
      prefix += ": "
    }
    return "\(prefix)\(severity.rawValue): \(message)"
  }

  public var description: String { rendered() }

  /// Renders the headline, the source line with a caret under the column, and the notes.
  public func rendered(excerpt: Bool = true) -> String {
    var lines = [headline]
    if excerpt, let sourceLine, let position {
      lines += Self.excerpt(line: sourceLine, number: position.line, column: position.column)
    }
    lines += notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }

  /// The widest excerpt printed; longer lines are cut around the caret.
  static let excerptWidth = 100

  static func excerpt(line: String, number: Int, column: Int) -> [String] {
    var scalars = Array(line.unicodeScalars)
    var caretIndex = max(0, column - 1)
    var lead = ""
    if scalars.count > excerptWidth {
      let start = max(0, min(caretIndex - excerptWidth / 2, scalars.count - excerptWidth))
      let end = min(scalars.count, start + excerptWidth)
      lead = start > 0 ? "…" : ""
      let trail = end < scalars.count
      scalars = Array(scalars[start..<end])
      caretIndex -= start
      if trail { scalars.append("…") }
    }
    let gutter = String(number)
    let pad = String(repeating: " ", count: gutter.count)
    var text = lead
    text.unicodeScalars.append(contentsOf: scalars)
    var caret = lead.isEmpty ? "" : " "
    for scalar in scalars.prefix(caretIndex) {
      caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
    }
    return [" \(gutter) | \(text)", " \(pad) | \(caret)^"]
  }
}

extension Diagnostic {
  /// An input that could not be read: a missing file, a directory, no permission.
  public static func unreadable(_ path: String, _ message: String) -> Diagnostic {
    var diagnostic = Diagnostic(file: path, message: message)
    diagnostic.isUnreadable = true
    return diagnostic
  }
}

/// One or more diagnostics thrown together, such as every problem found in a rule pack.
public struct DiagnosticError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The diagnostics, in the order they were found.
  public var diagnostics: [Diagnostic]

  /// Creates an error from diagnostics.
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  /// Creates an error from one diagnostic.
  public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }

  public var description: String { diagnostics.map { $0.rendered() }.joined(separator: "\n") }

  /// Whether every error is an input that could not be read (see ``Diagnostic/isUnreadable``);
  /// notes and warnings beside them do not count.
  public var isUnreadableInput: Bool {
    let errors = diagnostics.filter { $0.severity == .error }
    return !errors.isEmpty && errors.allSatisfy(\.isUnreadable)
  }
}
