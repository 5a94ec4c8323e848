import Engine
import FitQuestTestSupport
import Foundation
import LiveOps
import Simulation
import Store
import Testing

/// `fitquest replay` on a real store: each player's outcome under the candidate is what a fresh
/// store built from the same events with the candidate holds; the base is the pack each player
/// is on; the output is in id byte order and the same on any number of threads.
@Suite struct StoreReplayTests {
  @Test func candidateSideEqualsAFreshStoreBuiltWithTheCandidate() throws {
    let directory = Paths.temporaryDirectory("replay")
    defer { try? FileManager.default.removeItem(at: directory) }
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let events = try LiveOpsStoreFixture.traffic(players: 6, days: 60)
    let live = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("live.sqlite").path, events, engine: base, batch: 97)
    let fresh = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("fresh.sqlite").path, events, engine: candidate, batch: 250)
    let (impacts, summary) = try LiveOpsStoreFixture.replay(live, candidate: candidate)
    #expect(impacts.map(\.player) == ["p0", "p1", "p2", "p3", "p4", "p5"])
    for impact in impacts {
      let id = LiveOpsStoreFixture.id(impact.player)
      let expected = try #require(try fresh.load(player: id, engine: candidate))
      let stored = try #require(try live.load(player: id, engine: base))
      #expect(impact.problem == nil)
      #expect(impact.candidate == ReplaySide(expected.progress, pack: candidate.pack), "player \(impact.player)")
      #expect(impact.base == ReplaySide(stored.progress, pack: base.pack), "player \(impact.player)")
      #expect(impact.events == stored.appliedCount)
    }
    // A steeper curve takes levels away from someone: the comparison is not trivially equal.
    #expect(summary.compared == 6)
    #expect(summary.levelDown > 0)
  }

  @Test func theOutputIsTheSameOnOneThreadAndOnTwo() throws {
    let directory = Paths.temporaryDirectory("replay")
    defer { try? FileManager.default.removeItem(at: directory) }
    let live = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("live.sqlite").path, try LiveOpsStoreFixture.traffic(players: 7, days: 30),
      engine: try LiveOpsFixture.engine())
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.generous)
    func json(threads: Int) throws -> String {
      var writer = ReplayWriter(format: .json)
      var text = writer.header()
      let summary = try StoreReplay.run(store: live, players: nil, candidate: candidate, base: nil, threads: threads) {
        text += writer.player($0)
      }
      return text + writer.footer(summary, rules: ReplayRules(base: nil, candidate: PackStamp(candidate.pack)))
    }
    let one = try json(threads: 1)
    #expect(one.contains("\"player\":\"p6\""))
    #expect(try json(threads: 2) == one)
  }

  @Test func eachPlayerIsComparedAgainstThePackItIsOn() throws {
    let directory = Paths.temporaryDirectory("replay")
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = try LiveOpsFixture.engine()
    let current = try LiveOpsFixture.engine(LiveOpsFixture.generous)
    // In date order: a rule change closes the window, so a late event after it would be refused.
    let events = try LiveOpsStoreFixture.traffic(players: 4, days: 40, inOrder: true)
    let half = events.count / 2
    let live = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("live.sqlite").path, Array(events[..<half]), engine: old)
    try LiveOpsStoreFixture.award(Array(events[half...]), to: live, engine: current)
    let fresh = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("fresh.sqlite").path, events, engine: current)
    // The players are on the generous pack now: replaying it against itself changes nothing,
    // and both sides are the whole history under it (not the stored state, half under the old).
    let (impacts, summary) = try LiveOpsStoreFixture.replay(live, candidate: current)
    #expect(summary.unchanged == 4)
    for impact in impacts {
      let expected = try #require(try fresh.load(player: LiveOpsStoreFixture.id(impact.player), engine: current))
      #expect(impact.base == ReplaySide(expected.progress, pack: current.pack))
    }
    // Against the old pack given as the base, the generous one gives XP.
    let (_, against) = try LiveOpsStoreFixture.replay(live, candidate: current, base: old)
    #expect(against.levelUp + against.unchanged == 4)
    #expect(against.xpDeltaSum > 0)
  }

  @Test func listedPlayersComeInByteOrderAndDamagedOrPartialHistoriesAreSkipped() throws {
    let directory = Paths.temporaryDirectory("replay")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("live.sqlite").path
    let base = try LiveOpsFixture.engine()
    try LiveOpsStoreFixture.store(path, try LiveOpsStoreFixture.traffic(players: 4, days: 30), engine: base)
    let database = try SQLiteDatabase(path: path, access: .readWrite(create: false), waitMilliseconds: 1000)
    try database.execute("UPDATE log SET checksum = checksum + 1 WHERE player = CAST('p1' AS BLOB) AND seq = 0")
    try database.execute("DELETE FROM log WHERE player = CAST('p2' AS BLOB) AND seq = 0")
    let store = try SQLiteStore(path: path, access: .readOnly)
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let listed = try LiveOpsStoreFixture.replay(
      store, candidate: candidate, players: ["p3", "p0", "p3"].map(LiveOpsStoreFixture.id))
    #expect(listed.impacts.map(\.player) == ["p0", "p3"])
    let (impacts, summary) = try LiveOpsStoreFixture.replay(store, candidate: candidate, threads: 2)
    #expect(impacts.map(\.player) == ["p0", "p1", "p2", "p3"])
    #expect(impacts[1].problem?.message.contains("does not match its checksum") == true)
    #expect(impacts[2].problem?.message.contains("imported with part of its history") == true)
    #expect(impacts[0].isCompared && impacts[3].isCompared)
    #expect(summary.skipped == 2 && summary.compared == 2)
  }
}
