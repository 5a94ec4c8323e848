/// What an import did with the rows it could not take as they were: each note has the line of
/// the file and a reason, and the totals count everything, so nothing is dropped silently.
package struct ImportReport: Sendable {
  /// A row (or session) not imported as written.
  package struct Note: Sendable, Equatable, CustomStringConvertible {
    /// What happened to it.
    package enum Kind: String, Sendable {
      /// Not imported.
      case skipped
      /// Imported after repairing its layout (an unquoted delimiter in a name).
      case recovered
      /// Imported with a value moved into the event's range (a duration of 0 or over a day).
      case clamped
      /// Imported without one of its values (an RPE outside 1–10).
      case ignored
      /// Imported with a value the export lacks worked out from others (a day's energy from its
      /// macros).
      case estimated
    }

    /// The line in the file (0: the file as a whole).
    package var line: Int
    package var kind: Kind
    package var message: String
    /// Whether the note is about one row (a workout skipped as a whole is about none: its rows
    /// have notes of their own).
    package var isRow: Bool

    package init(line: Int, _ kind: Kind, _ message: String, isRow: Bool = true) {
      self.line = line
      self.kind = kind
      self.message = message
      self.isRow = isRow
    }

    /// `12: skipped: 0 reps` (the command prefixes the file name).
    package var description: String { "\(line): \(kind.rawValue): \(message)" }
  }

  /// The notes, in the order of the file.
  package private(set) var notes: [Note] = []
  /// Rows read (data rows of a CSV, `Workout` and dietary `Record` elements of Apple Health).
  package var rows = 0
  /// Rows imported as sets.
  package var sets = 0
  /// Rows merged into their workout without being a set (cardio and timed entries).
  package var merged = 0
  package var workouts = 0
  /// Σ reps × weight of working and drop sets, as the events carry them.
  package var volumeKg = 0.0
  package var nutritionDays = 0
  /// Workouts whose duration the export did not log and was estimated.
  package var estimatedDurations = 0
  /// A note about the whole file (the weight unit assumed).
  package var assumptions: [String] = []

  package init() {}

  /// Rows not imported.
  package var skippedRows: Int { notes.filter { $0.kind == .skipped && $0.isRow }.count }

  package mutating func note(_ line: Int, _ kind: Note.Kind, _ message: String, row: Bool = true) {
    notes.append(Note(line: line, kind, message, isRow: row))
  }

  /// Notes in line order (the order rows were reported in is the order sessions were built).
  package mutating func sortNotes() {
    notes = notes.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
  }
}
