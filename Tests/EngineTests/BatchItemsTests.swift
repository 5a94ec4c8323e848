import Testing

@testable import Engine

/// A batch read in place (``BatchItems``) reads each element's own event and line, and the window
/// read in place (``KeptEvents/firstDay``, ``KeptEvents/day(at:)``) its own days after its front
/// was dropped.
@Suite struct BatchItemsTests {
  @Test func pointersReadEachElementsEventAndLine() throws {
    let engine = try Fixture.engine("mini")
    let events: [Event] = [
      .nutrition(id: "a-long-event-id-past-the-inline-string-size", day: Fixture.day(0), intakeKcal: 2000),
      Fixture.workout("w", Fixture.day(1), "strength", minutes: 45),
      .dayClosed(id: "c", day: Fixture.day(2)),
    ]
    let batch = try events.enumerated().map { offset, event in
      (event: try engine.resolve(event), line: "line \(offset) of a batch, longer than an inline string")
    }
    var read: [(String, Int, String)] = []
    batch.withUnsafeBufferPointer { buffer in
      let items = BatchItems(buffer)
      for index in buffer.indices {
        read.append((items.event(index).pointee.id, items.event(index).pointee.day.number, items.line(index).pointee))
      }
    }
    #expect(read.map(\.0) == ["a-long-event-id-past-the-inline-string-size", "w", "c"])
    #expect(read.map(\.1) == [Fixture.day(0).number, Fixture.day(1).number, Fixture.day(2).number])
    #expect(
      read.map(\.2) == [
        "line 0 of a batch, longer than an inline string", "line 1 of a batch, longer than an inline string",
        "line 2 of a batch, longer than an inline string",
      ])
  }

  @Test func windowDaysReadInPlaceAfterItsFrontIsDropped() throws {
    let engine = try Fixture.engine("mini")
    // 1,100 kept events on days 0, 0, 1, 1, …: dropping 1,030 of them moves the storage's front
    // (at 1,024 dropped and half the storage).
    var kept = KeptEvents()
    for seq in 0..<1100 {
      let resolved = try engine.resolve(.dayClosed(id: "c\(seq)", day: Fixture.day(seq / 2)))
      kept.append(KeptEvent(resolved, line: "", seq: seq))
    }
    #expect(kept.firstDay == Fixture.day(0))
    kept.removeFirst(1000)
    #expect(kept.firstDay == Fixture.day(500))
    #expect(kept.day(at: 1) == Fixture.day(500))
    #expect(kept.day(at: 2) == Fixture.day(501))
    kept.removeFirst(30)
    #expect(kept.count == 70)
    #expect(kept.firstDay == Fixture.day(515))
    #expect(kept.day(at: 69) == Fixture.day(549))
    kept.removeFirst(70)
    #expect(kept.firstDay == nil)
  }
}
