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

  /// Events are grouped by player as they are queued: each player once, in the order of its
  /// first event, with its positions; ids equal as Swift strings but not as bytes stay apart.
  @Test func eventsAreGroupedByTheBytesOfTheirPlayersAsTheyAreQueued() throws {
    let engine = try Fixture.engine("mini")
    let event = try engine.resolve(Fixture.workout("w", Fixture.day(0), "strength", minutes: 30))
    let angstrom = try #require(PlayerID("\u{212B}"))
    let ring = try #require(PlayerID("\u{00C5}"))
    let ana = try #require(PlayerID("ana"))
    var queue = LedgerRun.Queued()
    var firsts: [Bool] = []
    for player in [angstrom, ring, angstrom, angstrom, ana, ring] {
      firsts.append(queue.append(event, line: "{}", player: player, fingerprint: Fingerprint("w")))
    }
    #expect(firsts == [true, true, false, false, true, false])
    #expect(queue.players == [angstrom, ring, ana])
    #expect(queue.positions == [[0, 2, 3], [1, 5], [4]])
    #expect(queue.owners == [0, 1, 0, 0, 2, 1])
    queue.removeAll()
    #expect(queue.players.isEmpty && queue.positions.isEmpty && queue.owners.isEmpty)
    let first = queue.append(event, line: "{}", player: ring, fingerprint: Fingerprint("w"))
    #expect(first)
  }

  /// Taken whole (to be destroyed on another thread, ``Disposal``), a queue leaves an empty one
  /// with the room it had.
  @Test func aTakenQueueLeavesAnEmptyOneWithItsRoom() throws {
    let engine = try Fixture.engine("mini")
    let event = try engine.resolve(Fixture.workout("w", Fixture.day(0), "strength", minutes: 30))
    var queue = LedgerRun.Queued()
    for index in 0..<600 { queue.append(event, line: "{\(index)}", player: nil, fingerprint: Fingerprint("w\(index)")) }
    let room = queue.events.capacity
    let taken = queue.takeAll()
    #expect(taken.count == 600 && taken.events[599].line == "{599}" && taken.positions == [Array(0..<600)])
    #expect(queue.isEmpty && queue.players.isEmpty && queue.positions.isEmpty && queue.owners.isEmpty)
    #expect(queue.events.capacity >= room)
  }
}
