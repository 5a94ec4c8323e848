import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import LiveOps
import Store
import Testing

/// `fitquest migrate` in the library: `recompute` gives exactly the store a fresh start with the
/// new pack gives (and both continue alike), `never-demote` never lowers a level, a second run
/// changes nothing.
@Suite struct PlayerMigrationTests {
  /// A live store of 6 players filled with the default pack, and a fresh one filled with the
  /// steeper curve from the same events.
  static func stores(_ directory: URL, events: [Event]) throws -> (
    live: SQLiteStore, fresh: SQLiteStore, candidate: Engine
  ) {
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let live = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("live.sqlite").path, events, engine: try LiveOpsFixture.engine(), batch: 97)
    let fresh = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("fresh.sqlite").path, events, engine: candidate, batch: 250)
    return (live, fresh, candidate)
  }

  static func migrate(_ store: SQLiteStore, _ engine: Engine, _ policy: MigrationPolicy, threads: Int = 2) throws -> (
    StoreMigration.Counts, [String]
  ) {
    var lines: [String] = []
    let counts = try StoreMigration.run(store: store, players: nil, engine: engine, policy: policy, threads: threads) {
      outcome in
      #expect(outcome.problem == nil, "\(outcome.player): \(outcome.problem ?? "")")
      if let line = StoreMigration.line(outcome, pack: PackStamp(engine.pack), policy: policy) { lines.append(line) }
    }
    return (counts, lines)
  }

  /// The parts of a state a player and a store's later batches see.
  static func same(_ a: PlayerState?, _ b: PlayerState?) -> Bool {
    guard let a, let b else { return false }
    return a.progress == b.progress && a.appliedCount == b.appliedCount && a.latestDay == b.latestDay
      && a.pack.digest == b.pack.digest
      && a.history.windowDays == b.history.windowDays && a.history.kept.count == b.history.kept.count
  }

  @Test func recomputeGivesExactlyAStoreBuiltWithTheNewPack() throws {
    let directory = Paths.temporaryDirectory("migrate")
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = try LiveOpsStoreFixture.traffic(players: 6, days: 70)
    let cut = events.count * 6 / 7
    let (live, fresh, candidate) = try Self.stores(directory, events: Array(events[..<cut]))
    let (counts, lines) = try Self.migrate(live, candidate, .recompute)
    #expect(counts.migrated == 6 && counts.failed == 0)
    // The steeper curve lowers levels: the lines say so (one per player whose progress moved).
    #expect(lines.count == counts.changed && counts.changed > 0)
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("{\"type\":\"migration\",\"player\":\"p") && $0.contains("\"policy\":\"recompute\"")
      })
    let reopened = try SQLiteStore(path: live.path, access: .existing)
    for player in try reopened.players() {
      #expect(
        Self.same(try reopened.load(player: player), try fresh.load(player: player, engine: candidate)),
        "player \(player)")
      #expect(
        try reopened.ruleMigration(of: player)
          == RuleMigrationRecord(
            digest: candidate.pack.digest, policy: "recompute",
            at: try #require(try reopened.load(player: player)).appliedCount))
    }
    // The players are on the new pack now: a replay of it against their own pack moves no one.
    #expect(try LiveOpsStoreFixture.replay(reopened, candidate: candidate).summary.unchanged == 6)
    // Both continue alike under the new pack (late events placed in the same kept window).
    try LiveOpsStoreFixture.award(Array(events[cut...]), to: reopened, engine: candidate)
    try LiveOpsStoreFixture.award(Array(events[cut...]), to: fresh, engine: candidate)
    for player in try reopened.players() {
      #expect(
        Self.same(
          try reopened.load(player: player, engine: candidate), try fresh.load(player: player, engine: candidate)),
        "player \(player)")
    }
  }

  @Test func neverDemoteNeverLowersALevelAndASecondRunChangesNothing() throws {
    let directory = Paths.temporaryDirectory("migrate")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (live, fresh, candidate) = try Self.stores(
      directory, events: try LiveOpsStoreFixture.traffic(players: 6, days: 60))
    var before: [PlayerID: PlayerState] = [:]
    for player in try live.players() { before[player] = try live.load(player: player) }
    let (counts, _) = try Self.migrate(live, candidate, .neverDemote)
    #expect(counts.migrated == 6)
    var wouldDrop = 0
    for player in try live.players() {
      let old = try #require(before[player])
      let migrated = try #require(try live.load(player: player, engine: candidate))
      let recomputed = try #require(try fresh.load(player: player, engine: candidate))
      #expect(migrated.progress.level >= old.progress.level, "player \(player)")
      #expect(migrated.progress.xp >= old.progress.xp, "player \(player)")
      #expect(migrated.progress.level >= recomputed.progress.level)
      if recomputed.progress.level < old.progress.level { wouldDrop += 1 }
    }
    #expect(wouldDrop > 0, "the steeper curve must demote someone for the test to mean anything")
    let snapshots = try Self.rows(live.path)
    let (again, lines) = try Self.migrate(live, candidate, .neverDemote, threads: 1)
    #expect(again.migrated == 0 && again.alreadyDone == 6 && lines.isEmpty)
    #expect(try Self.rows(live.path) == snapshots)
  }

  /// Every player's row and the commit counter, as stored.
  static func rows(_ path: String) throws -> [[UInt8]] {
    let database = try SQLiteDatabase(path: path, access: .readOnly, waitMilliseconds: 1000)
    let rows = try database.prepare(
      "SELECT id || snapshot FROM players UNION ALL SELECT CAST(generation AS BLOB) FROM fitquest_head")
    var result: [[UInt8]] = []
    while try rows.step() { result.append(rows.blob(0)) }
    return result
  }
}
