import Engine
import FitQuestTestSupport
import Foundation
import LiveOps
import Store
import Testing

/// `fitquest replay` reads a player's stored progress as its base side instead of replaying the
/// base when the store made that progress under the base pack from the whole log: the output is
/// byte for byte the one of replaying every base, whatever the players' histories — late events,
/// retractions, a pack change midway, migrations — and the shortcut is taken exactly for the
/// players it is sure for.
@Suite struct StoredBaseReplayTests {
  static let playerCount = 8

  /// A store of 8 players filled with the default pack in two halves: among p0–p4 the
  /// disordered ones (late events, retractions) are drawn by `seed`, the others come in date
  /// order; p5 is migrated to the steeper pack between the halves and continues under it; p6
  /// moves to the generous pack for the second half; p7 is migrated to the steeper pack at the
  /// end. Returns the store and the players whose stored progress may stand for their base.
  static func store(_ path: String, seed: UInt64, streams: [[Event]], disordered: [[Event]]) throws -> (
    SQLiteStore, Set<String>
  ) {
    var random = TestRandom(seed: seed)
    let late = Set((0..<5).filter { _ in random.next() % 2 == 0 })
    let histories = (0..<playerCount).map { late.contains($0) ? disordered[$0] : streams[$0] }
    let old = try LiveOpsFixture.engine()
    let steeper = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let generous = try LiveOpsFixture.engine(LiveOpsFixture.generous)
    func interleaved(_ part: (Int, [Event]) -> ArraySlice<Event>) -> [Event] {
      let parts = histories.enumerated().map { part($0.offset, $0.element) }
      var events: [Event] = []
      for position in 0..<(parts.map(\.count).max() ?? 0) {
        for part in parts where position < part.count { events.append(part[part.startIndex + position]) }
      }
      return events
    }
    // A snapshot every 16 events of a player: most lag behind its log.
    let store = try LiveOpsStoreFixture.store(
      path, interleaved { $1[..<($1.count / 2)] }, engine: old, options: SQLiteStore.Options(snapshotEvery: 16))
    func migrate(_ player: String) throws {
      _ = try StoreMigration.run(
        store: store, players: [LiveOpsStoreFixture.id(player)], engine: steeper, policy: .neverDemote, threads: 1
      ) { #expect($0.migrated, "\($0.player): \($0.problem ?? "")") }
    }
    try migrate("p5")
    let second = interleaved { $1[($1.count / 2)...] }
    try LiveOpsStoreFixture.award(second.filter { !["p5", "p6"].contains($0.player) }, to: store, engine: old)
    try LiveOpsStoreFixture.award(second.filter { $0.player == "p5" }, to: store, engine: steeper)
    try LiveOpsStoreFixture.award(second.filter { $0.player == "p6" }, to: store, engine: generous)
    try migrate("p7")
    return (store, Set((0..<5).filter { !late.contains($0) }.map { "p\($0)" }))
  }

  /// The replay's whole JSON output, and the players whose base side was read from the store.
  static func replay(_ store: SQLiteStore, candidate: Engine, base: Engine?, threads: Int, readsStoredBase: Bool)
    throws -> (json: String, stored: Set<String>, summary: ImpactSummary)
  {
    var writer = ReplayWriter(format: .json)
    var text = writer.header()
    var stored: Set<String> = []
    let summary = try StoreReplay.run(
      store: store, players: nil, candidate: candidate, base: base, threads: threads, readsStoredBase: readsStoredBase
    ) { impact in
      if impact.isBaseStored { stored.insert(impact.player) }
      text += writer.player(impact)
    }
    let rules = ReplayRules(base: base.map { PackStamp($0.pack) }, candidate: PackStamp(candidate.pack))
    return (text + writer.footer(summary, rules: rules), stored, summary)
  }

  @Test(arguments: [UInt64(3), 8])
  func readingTheStoredBaseGivesTheSameOutputAsReplayingIt(seed: UInt64) throws {
    let directory = Paths.temporaryDirectory("stored-base")
    defer { try? FileManager.default.removeItem(at: directory) }
    let streams = try (0..<Self.playerCount).map { try LiveOpsFixture.events(player: $0, days: 40) }
    let disordered = streams.enumerated().map { LiveOpsFixture.disordered($0.element, seed: UInt64($0.offset)) }
    let (store, eligible) = try Self.store(
      directory.appendingPathComponent("live.sqlite").path, seed: seed, streams: streams, disordered: disordered)
    let candidate = try LiveOpsFixture.engine(["pack.constants.levelBase=120"])
    // First with the snapshots the batches left (one every 16 events of a player: most lag
    // behind the log, and the base applies the rest to them), then with every snapshot saved,
    // as a run of `award --store` leaves most of them.
    for isSaved in [false, true] {
      if isSaved { try store.saveSnapshots() }
      for base in [nil, try LiveOpsFixture.engine()] {
        let full = try Self.replay(store, candidate: candidate, base: base, threads: 1, readsStoredBase: false)
        #expect(full.stored.isEmpty)
        // Every player is compared, and the flatter curve moves some of them.
        #expect(full.summary.compared == Self.playerCount)
        #expect(full.summary.levelUp > 0 && full.summary.unchanged < Self.playerCount)
        for threads in [1, 2] {
          let fast = try Self.replay(store, candidate: candidate, base: base, threads: threads, readsStoredBase: true)
          #expect(fast.json == full.json, "seed \(seed), base \(base == nil ? "own" : "given"), \(threads) threads")
          // Only players applied in date order under one pack, never migrated: every one of
          // them, whether its snapshot covers its log or lags behind it.
          // With lagging snapshots too: the base applies the events after the snapshot to it.
          #expect(fast.stored == eligible, "seed \(seed): \(fast.stored) of \(eligible)")
        }
      }
    }
  }

  @Test func theLeanReadGivesTheSideOfTheWholeStateAndOnlyForTheLoggedCount() throws {
    let directory = Paths.temporaryDirectory("stored-base")
    defer { try? FileManager.default.removeItem(at: directory) }
    let engine = try LiveOpsFixture.engine()
    let store = try LiveOpsStoreFixture.store(
      directory.appendingPathComponent("live.sqlite").path, try LiveOpsStoreFixture.traffic(players: 3, days: 60),
      engine: engine)
    try store.saveSnapshots()
    let reader = try SQLiteStore(path: store.path, access: .readOnly)
    for name in ["p0", "p1", "p2"] {
      let id = LiveOpsStoreFixture.id(name)
      let whole = try #require(try reader.load(player: id, engine: engine))
      let exact = try #require(
        try reader.storedProgress(player: id, upTo: whole.appliedCount, mechanics: ReplaySide.mechanics))
      #expect(exact.at == whole.appliedCount)
      let lean = exact.stored
      #expect(lean.packChanges == 0 && lean.pack.digest == engine.pack.digest)
      // The sections a side does not read are left as a new player's: records are not decoded.
      #expect(!whole.progress.records.isEmpty && lean.progress.records.isEmpty)
      #expect(ReplaySide(lean.progress, pack: engine.pack) == ReplaySide(whole.progress, pack: engine.pack))
      #expect(ReplaySide(whole.progress, pack: engine.pack).achievements > 0)
      // Up to a log that goes on past the snapshot: the whole progress, and where it stands.
      let part = try #require(
        try reader.storedProgress(player: id, upTo: whole.appliedCount + 5, mechanics: ReplaySide.mechanics))
      #expect(part.at == whole.appliedCount && part.stored.progress == whole.progress)
      // A snapshot past the logged count is not this log's.
      #expect(
        try reader.storedProgress(player: id, upTo: whole.appliedCount - 1, mechanics: ReplaySide.mechanics) == nil)
    }
    #expect(try reader.storedProgress(player: LiveOpsStoreFixture.id("nobody"), upTo: 0, mechanics: []) == nil)
  }
}
