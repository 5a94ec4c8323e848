import Engine
import Testing

@testable import Ledger

/// A save journals the kept events that arrived since the last one, in arrival order, read in
/// place from the kept events (which are in replay order: a late event sits among earlier ones).
@Suite struct JournalBytesTests {
  /// Kept events in replay order with their arrival numbers: `(day, seq)` pairs.
  static func kept(_ events: [(day: Int, seq: Int)]) -> KeptEvents {
    KeptEvents(
      events.map { day, seq in
        KeptEvent(Fixture.workout("w\(seq)", Fixture.day(day)), line: "L\(seq)", seq: seq)
      })
  }

  @Test func onlyTheEventsSinceTheLastSaveInArrivalOrder() {
    // Day 3's event arrived last (seq 5) but replays before days 4 and 5 (seqs 3 and 4).
    let kept = Self.kept([(1, 0), (2, 1), (3, 5), (3, 2), (4, 3), (5, 4)])
    let new = FileStore.journalBytes(of: kept, from: 2)
    #expect(new.count == 4)
    #expect(String(decoding: new.bytes, as: UTF8.self) == "2\tL2\n3\tL3\n4\tL4\n5\tL5\n")
  }

  @Test func inOrderEventsAndTheWholeJournal() {
    let kept = Self.kept([(1, 7), (2, 8), (3, 9)])
    let all = FileStore.journalBytes(of: kept, from: .min)
    #expect(all.count == 3)
    #expect(String(decoding: all.bytes, as: UTF8.self) == "7\tL7\n8\tL8\n9\tL9\n")
    let none = FileStore.journalBytes(of: kept, from: 10)
    #expect(none.count == 0)
    #expect(none.bytes.isEmpty)
  }

  @Test func aWindowWhoseFrontWasDropped() {
    // The front of the kept events is dropped as the window moves: positions count from the new
    // front.
    var kept = Self.kept((0..<2_000).map { ($0, $0) })
    kept.removeFirst(1_500)
    let new = FileStore.journalBytes(of: kept, from: 1_998)
    #expect(new.count == 2)
    #expect(String(decoding: new.bytes, as: UTF8.self) == "1998\tL1998\n1999\tL1999\n")
  }
}
