import Testing

@testable import Engine

/// A window's kept events reclaim their storage's front once half of it is dropped; with a sink
/// (``KeptEvents/droppedInto``) the dropped events are set aside in it, not destroyed, and the
/// kept ones are moved to a new storage (``Disposal`` destroys the old one on another thread).
@Suite struct KeptEventsDroppedTests {
  /// `count` events, ten a day, numbered from 0, each with its resolved form.
  static func kept(_ count: Int) throws -> KeptEvents {
    let engine = try Fixture.engine("mini")
    return KeptEvents(
      try (0..<count).map { number in
        let event = try engine.resolve(Fixture.workout("e\(number)", Fixture.day(number / 10), "strength", minutes: 30))
        return KeptEvent(event, line: "L\(number)", seq: number)
      })
  }

  @Test func reclaimingSetsTheDroppedEventsAsideWithPlaceholdersWhereTheKeptOnesWere() throws {
    var kept = try Self.kept(2_000)
    let sink = DroppedEvents()
    kept.droppedInto = sink
    // 1,000 dropped: fewer than 1,024, nothing reclaimed yet.
    kept.removeFirst(1_000)
    #expect(sink.storages.isEmpty)
    #expect(kept.count == 1_000 && kept[0].seq == 1_000)
    // 1,100 dropped, more than half of 2,000: reclaimed.
    kept.removeFirst(100)
    let (storages, events) = sink.take()
    #expect(storages.count == 1 && storages[0].count == 2_000 && events == 1_100)
    #expect(storages[0][..<1_100].map(\.seq) == Array(0..<1_100))
    #expect(storages[0][1_099].line == "L1099" && storages[0][1_099].resolved?.id == "e1099")
    #expect(storages[0][1_100...].allSatisfy { $0.id.isEmpty && $0.line.isEmpty && $0.resolved == nil })
    #expect(sink.take().storages.isEmpty)
    // The kept ones, moved, in order, with their resolved forms.
    #expect(kept.map(\.seq) == Array(1_100..<2_000))
    #expect(kept.map(\.line) == (1_100..<2_000).map { "L\($0)" })
    #expect(kept[0].resolved?.id == "e1100" && kept[899].resolved?.id == "e1999")
    kept.append(KeptEvent(id: "e2000", day: Fixture.day(200), isClosure: false, seq: 2_000, line: "L2000"))
    #expect(kept.count == 901 && kept[900].seq == 2_000)
  }

  @Test func aReplayedWindowKeepsItsSink() throws {
    // Placing an event among the kept ones (a late event's replay) makes a new window: it keeps
    // setting aside into the same sink.
    let sink = DroppedEvents()
    var kept = try Self.kept(10)
    kept.droppedInto = sink
    let merged = kept.merging([], removing: [3])
    #expect(merged.map(\.seq) == [0, 1, 2, 4, 5, 6, 7, 8, 9])
    #expect(merged.droppedInto === sink)
  }

  @Test func withoutASinkTheDroppedEventsGoInPlace() throws {
    var kept = try Self.kept(2_000)
    kept.removeFirst(1_100)
    #expect(kept.map(\.seq) == Array(1_100..<2_000))
    #expect(kept[0].resolved?.id == "e1100")
  }

  @Test func aCopyTakenBeforeReclaimingKeepsAllItsEvents() throws {
    var kept = try Self.kept(2_000)
    let copy = kept
    let sink = DroppedEvents()
    kept.droppedInto = sink
    kept.removeFirst(1_100)
    #expect(copy.map(\.seq) == Array(0..<2_000))
    #expect(copy.map(\.line) == (0..<2_000).map { "L\($0)" })
    #expect(copy[1_500].resolved?.id == "e1500")
    #expect(kept.map(\.seq) == Array(1_100..<2_000))
    #expect(sink.take().events == 1_100)
  }
}
