import Engine
import Testing

@testable import Store

/// `LoggedLines.references(for:)` on hand-made logs: which kept events a snapshot refers to the
/// log for, and at which positions. The expected positions are worked out from the rows below,
/// not from the code.
@Suite struct LoggedLinesReferenceTests {
  /// The line of the event logged at `position` (unique, as an applied event's line is: it holds
  /// the event's id).
  static func line(_ position: Int) -> String {
    "{\"id\":\"w\(position)\",\"type\":\"workout\",\"date\":\"2026-01-\(10 + position % 20)\"}"
  }

  /// 20 rows of 2 lines each: positions 0–39. The newest 16 rows start at row 4, position 8.
  static func log() -> LoggedLines {
    var logged = LoggedLines()
    for row in 0..<20 { logged.append([line(2 * row), line(2 * row + 1)], from: 2 * row) }
    return logged
  }

  /// Kept events for the given log positions, arrival number `100 + position`, placed by day
  /// (so their order is not their arrival order: every third event is a day older).
  static func kept(_ positions: [Int]) -> KeptEvents {
    var events = positions.map { position in
      KeptEvent(
        id: "w\(position)", day: Day(1_000 + position - (position % 3 == 0 ? 5 : 0)), isClosure: false,
        seq: 100 + position, line: line(position))
    }
    events.sort { ($0.day.number, $0.seq) < ($1.day.number, $1.seq) }
    return KeptEvents(events)
  }

  /// The position each kept event's line has in the log, or nil; positions before 8 (the rows
  /// before the newest 16) are never referred to.
  static func expected(_ kept: KeptEvents, known: Range<Int>) -> [Int?] {
    kept.withEvents { events in
      events.map { event in
        let position = event.seq - 100
        return known.contains(position) ? position : nil
      }
    }
  }

  @Test func keptEventsOfTheNewestSixteenRowsAreReferred() {
    let kept = Self.kept(Array(4..<40))
    let found = Self.log().references(for: kept)
    #expect(found == Self.expected(kept, known: 8..<40))
    // 32 of the 36 kept events refer to the log; the 4 of rows 2 and 3 are held.
    #expect(found.compactMap { $0 }.count == 32)
  }

  /// Kept events whose lines the log holds only in part: those newer than what is known (none
  /// here), those of older rows (held), and a window that starts within the known rows.
  @Test func aWindowWithinTheKnownRows() {
    let kept = Self.kept(Array(20..<40))
    #expect(Self.log().references(for: kept) == Self.expected(kept, known: 20..<40))
    let none = Self.kept(Array(0..<8))
    #expect(Self.log().references(for: none) == [Int?](repeating: nil, count: 8))
    #expect(LoggedLines().references(for: kept) == [Int?](repeating: nil, count: 20))
  }

  /// Logged lines that are not kept (a retraction's line, an event that left the window) lie
  /// between kept ones: the search passes over them and still finds every kept line.
  @Test func linesNotKeptBetweenKeptOnesArePassedOver() {
    let kept = Self.kept(Array(stride(from: 9, to: 40, by: 3)))
    // Positions 9, 12, …, 39: all in the newest 16 rows (from position 8).
    #expect(Self.log().references(for: kept) == Self.expected(kept, known: 8..<40))
    #expect(Self.log().references(for: kept).allSatisfy { $0 != nil })
  }

  /// A kept event's line that differs from the logged line at its position by one byte is not
  /// referred to, nor is any older one (the search stops at the first line not found: older
  /// events were logged before it); the newer ones are.
  @Test func aLineThatDiffersIsHeld() {
    var events: [KeptEvent] = (30..<40).map {
      KeptEvent(id: "w\($0)", day: Day(1_000 + $0), isClosure: false, seq: 100 + $0, line: Self.line($0))
    }
    let changed = Self.line(35).replacingOccurrences(of: "workout", with: "workouT")
    events[5] = KeptEvent(id: "w35", day: Day(1_035), isClosure: false, seq: 135, line: changed)
    let found = Self.log().references(for: KeptEvents(events))
    #expect(found == [nil, nil, nil, nil, nil, nil, 36, 37, 38, 39])
  }
}
