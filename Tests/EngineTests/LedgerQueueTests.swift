import Engine
import Testing

@testable import Ledger

/// A run's queue keeps its room for the next batch only when the batch just committed filled at
/// least half of it: a batch ended early by memory does not keep a larger batch's room.
@Suite struct LedgerQueueTests {
  @Test func aBatchOfLessThanHalfItsRoomGivesTheRoomBack() throws {
    let engine = try Fixture.engine("mini")
    let event = try engine.resolve(Fixture.workout("w", Fixture.day(0), "strength", minutes: 30))
    var queue = LedgerRun.Queued()
    queue.events.reserveCapacity(1_024)
    let room = queue.events.capacity
    #expect(room >= 1_024)
    let half = (room + 1) / 2

    // Half of the room: kept for the next batch.
    for _ in 0..<half { queue.append(event, line: "{}", player: nil, fingerprint: Fingerprint("w")) }
    queue.removeAll()
    #expect(queue.isEmpty)
    #expect(queue.events.capacity == room)

    // One event fewer: the room goes.
    for _ in 0..<(half - 1) { queue.append(event, line: "{}", player: nil, fingerprint: Fingerprint("w")) }
    queue.removeAll()
    #expect(queue.isEmpty)
    #expect(queue.events.capacity == 0)
    #expect(queue.players.capacity == 0)
    #expect(queue.fingerprints.capacity == 0)
  }
}
