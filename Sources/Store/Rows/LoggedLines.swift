import Engine
import RuleLanguage

/// Lines of a player's log whose positions the store knows (those it appended or read back
/// while the player is cached), in the order logged: a snapshot refers to the log for a kept
/// event whose line is among them (``references(for:)``) instead of holding the line again.
///
/// Positions are trusted only while the player is cached: a batch rolled back, or another
/// process's commit to the player, removes the player (and these) from the cache. A reference
/// is made only to a line whose bytes equal the kept event's, and carries a check of them.
///
/// Reading a player back reads its log from the first row a snapshot refers to: references go
/// only to the lines of the newest ``maximumRows`` rows known, so that a player whose window
/// spans many small batches is read from a few rows (older kept lines are held, as in form 2).
struct LoggedLines: Sendable {
  /// Log positions (the player's applied events before each), ascending.
  private(set) var positions: [Int] = []
  private(set) var lines: [String] = []
  /// Where the log rows known start, ascending: those of the lines, and rows read between them.
  private(set) var rows: [Int] = []

  /// The most rows a snapshot's references reach back (a read reads them all, and the rows
  /// logged after the snapshot).
  static let maximumRows = 16

  var count: Int { positions.count }

  /// Appends a log row's lines, logged from `position` on (one position each); lines that do
  /// not follow the last known one replace what was known.
  mutating func append(_ logged: some Sequence<String>, from position: Int) {
    if let last = positions.last, position <= last { self = LoggedLines() }
    noteRow(at: position)
    // No `reserveCapacity` here: reserving the exact count each call reallocated (and copied) both
    // arrays at every log row; appending grows them geometrically.
    var next = position
    for line in logged {
      positions.append(next)
      lines.append(line)
      next += 1
    }
  }

  /// Appends one line of a row read back (the row's start noted with ``noteRow(at:)``).
  mutating func append(_ line: String, at position: Int) {
    if let last = positions.last, position <= last { self = LoggedLines() }
    positions.append(position)
    lines.append(line)
  }

  /// Notes where a known log row starts.
  mutating func noteRow(at start: Int) {
    if let last = rows.last, start <= last { return }
    rows.append(start)
  }

  /// For each kept event, the log position of a known line with the same bytes (nil: none).
  /// Kept events are logged in their arrival order; they are matched from the newest back, and
  /// the search stops at the first not found among the lines left (those before the last match,
  /// from the newest ``maximumRows`` rows): on every path that fills these lines (rows appended,
  /// rows read back after a snapshot, pruning), it was logged before them, and so were all
  /// older ones. Matched from the oldest on, every kept event older than those rows scanned all
  /// the lines known: about 8.5 comparisons a kept event at the end of a run of 1,000 players ×
  /// 30 days whose batches were committed in many parts. (An applied event's line holds its id,
  /// unique among the player's applied events, so a line matches one kept event at most. A
  /// kept event missing among newer known lines, which no path makes, would leave the older
  /// ones held rather than referred to: a larger snapshot, read back the same.)
  func references(for kept: KeptEvents) -> [Int?] {
    var found = [Int?](repeating: nil, count: kept.count)
    guard !positions.isEmpty else { return found }
    // The lines of the newest rows only.
    let oldest = rows.count > Self.maximumRows ? rows[rows.count - Self.maximumRows] : Int.min
    let first = positions.firstIndex { $0 >= oldest } ?? positions.count
    kept.withEvents { events in
      let base = events.startIndex
      // Newest arrival first. Kept events are in replay (date) order; unless some came late,
      // that is their arrival order too, and the reversed indices are the order without a sort.
      let newer = { (a: Int, b: Int) in events[a].seq > events[b].seq }
      let inArrivalOrder = zip(events.indices.dropFirst(), events.indices).allSatisfy(newer)
      let order = inArrivalOrder ? Array(events.indices.reversed()) : events.indices.sorted(by: newer)
      var end = lines.count
      for index in order {
        var candidate = end - 1
        while candidate >= first, !lines[candidate].hasSameBytes(as: events[index].line) { candidate -= 1 }
        guard candidate >= first else { break }
        found[index - base] = positions[candidate]
        end = candidate
      }
    }
    return found
  }

  /// How many more lines than kept events a player's known lines may hold before they are
  /// pruned (``prune(keepingLinesOf:)``).
  static let slack = 32

  /// Keeps only the lines of kept events (dropping those of events that left the window or
  /// were withdrawn).
  mutating func prune(keepingLinesOf kept: KeptEvents) {
    let wanted = Set(references(for: kept).compactMap { $0 })
    var pruned = LoggedLines()
    for index in positions.indices where wanted.contains(positions[index]) {
      pruned.positions.append(positions[index])
      pruned.lines.append(lines[index])
    }
    // The rows from the one holding the first line kept on.
    if let first = pruned.positions.first {
      let start = rows.last { $0 <= first } ?? first
      pruned.rows = rows.filter { $0 >= start }
    }
    self = pruned
  }

  /// The check a reference carries of its line: the low 32 bits of its ``RowChecksum``.
  static func check(_ line: String) -> UInt32 {
    var checksum = RowChecksum()
    if line.utf8.withContiguousStorageIfAvailable({ checksum.add(UnsafeRawBufferPointer($0)) }) == nil {
      checksum.add(Array(line.utf8))
    }
    return UInt32(truncatingIfNeeded: checksum.value)
  }
}
