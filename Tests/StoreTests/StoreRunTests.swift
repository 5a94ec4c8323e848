import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Store
import Testing

/// The store through the library's ``LedgerRun``: every player equals a single-player ledger fed
/// its own events, whatever the batches, the cache, the snapshots, the parts a commit is cut
/// into, another writer in between, or rules that changed while events were logged.
@Suite struct StoreRunTests {
  static let players = ["ana", "bo", "\u{212B}", "\u{00C5}", "e\u{301}", "\u{E9}"]
  static let events = StoreFixture.traffic(players: players, days: 40, seed: 7)
  static let expected: [[UInt8]: PlayerState] = (try? StoreFixture.alone(events, players: players)) ?? [:]

  struct Setting: Sendable, CustomTestStringConvertible {
    var batch: Int
    var cacheBytes: Int
    var snapshotEvery: Int
    var maxLock: Int?
    /// Commits finish on another thread (`award --store`'s way).
    var aside = false
    var testDescription: String {
      "batch \(batch), cache \(cacheBytes), snapshot every \(snapshotEvery), lock \(maxLock.map(String.init) ?? "-")"
        + (aside ? ", commits aside" : "")
    }
  }

  @Test(arguments: [
    Setting(batch: 50_000, cacheBytes: 512 << 20, snapshotEvery: 256),
    Setting(batch: 7, cacheBytes: 512 << 20, snapshotEvery: 256),
    // No player kept between batches: each leaves with a snapshot of its log so far.
    Setting(batch: 13, cacheBytes: 0, snapshotEvery: 1_000_000),
    Setting(batch: 40, cacheBytes: 0, snapshotEvery: 3),
    // Commits cut into parts of a few dozen events.
    Setting(batch: 500, cacheBytes: 512 << 20, snapshotEvery: 5, maxLock: 1),
    // A cache a little short of the players: they shed their day snapshots and resolved events
    // (rebuilt when late events and retractions need them), and some leave.
    Setting(batch: 31, cacheBytes: 300_000, snapshotEvery: 1_000_000),
    Setting(batch: 17, cacheBytes: 120_000, snapshotEvery: 50),
    // Commits finishing on another thread while the next batch is read and applied: with
    // snapshots in the batch's transaction, in parts, and with a cache over its budget (those
    // commit here, then evict).
    Setting(batch: 7, cacheBytes: 512 << 20, snapshotEvery: 5, aside: true),
    Setting(batch: 500, cacheBytes: 512 << 20, snapshotEvery: 5, maxLock: 1, aside: true),
    Setting(batch: 40, cacheBytes: 0, snapshotEvery: 3, aside: true),
    Setting(batch: 17, cacheBytes: 120_000, snapshotEvery: 50, aside: true),
  ])
  func everyPlayerEqualsItsSinglePlayerLedger(_ setting: Setting) throws {
    #expect(Self.events.count > 400)
    #expect(Self.expected.count == Self.players.count)
    let (directory, path) = StoreFixture.storePath("store-run")
    defer { try? FileManager.default.removeItem(at: directory) }
    let options = SQLiteStore.Options(cacheBytes: setting.cacheBytes, snapshotEvery: setting.snapshotEvery)
    let store = try SQLiteStore(path: path, options: options)
    store.commitsAside = setting.aside
    try StoreFixture.award(Self.events, to: store, batch: setting.batch, maxLock: setting.maxLock)
    let states = try StoreFixture.states(path)
    #expect(states.count == Self.players.count)
    for player in Self.players {
      let state = try #require(states[Array(player.utf8)])
      #expect(state == Self.expected[Array(player.utf8)], "\(Array(player.utf8))")
      #expect(state.appliedCount > 50)
    }
    // Sent again: every event is a duplicate, nothing changes.
    try StoreFixture.award(Self.events, to: try SQLiteStore(path: path, options: options), batch: setting.batch)
    #expect(try StoreFixture.states(path) == states)
  }

  @Test(arguments: [false, true])
  func twoWritersTakingTurnsApplyEachEventOnce(aside: Bool) throws {
    let (directory, path) = StoreFixture.storePath("store-two")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try SQLiteStore(path: path)
    let second = try SQLiteStore(path: path)
    // Commits aside: each writer's commit may still be finishing when the other takes the lock.
    first.commitsAside = aside
    second.commitsAside = aside
    let one = LedgerRun(store: first, engine: StoreFixture.engine)
    let two = LedgerRun(store: second, engine: StoreFixture.engine)
    // Both read every event; their batches alternate, each holding players the other changed.
    var delivered: [[EventOutcome]] = [[], []]
    for start in stride(from: 0, to: Self.events.count, by: 23) {
      for (index, run) in [one, two].enumerated() {
        for event in Self.events[start..<min(Self.events.count, start + 23)] { try run.add(event) }
        try run.commit { items in delivered[index] += items.map(\.outcome) }
      }
    }
    try one.finishCommits()
    try two.finishCommits()
    #expect(try StoreFixture.states(path) == Self.expected)
    // Each event took effect once: applied by one writer, a duplicate for the other.
    let changed = zip(delivered[0], delivered[1]).filter { $0.changedPlayer == $1.changedPlayer && $0.changedPlayer }
    #expect(changed.isEmpty)
  }

  @Test func eventsLoggedUnderOtherRulesReplayUnderThem() throws {
    let (directory, path) = StoreFixture.storePath("store-rules")
    defer { try? FileManager.default.removeItem(at: directory) }
    let half = Self.events.count / 2
    // No snapshot: the first half stays in the log, applied under the shipped rules.
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(snapshotEvery: 1_000_000))
    try StoreFixture.award(Array(Self.events[..<half]), to: store, batch: 50)
    let changed = Engine(
      pack: try RulePackLoader.load(
        directory: Paths.rules, overrides: [try JSONOverride(parsing: "xp.caps.perWorkout=150")]))
    #expect(changed.pack.digest != StoreFixture.engine.pack.digest)
    // A single-player ledger did the same, then took the rest under the changed rules.
    var warnings: [String] = []
    let reloaded = try SQLiteStore(path: path)
    let run = LedgerRun(store: reloaded, engine: changed)
    run.onWarning = { _, warning in warnings.append(warning) }
    for event in Self.events[half...] { try run.add(event) }
    try run.commit { _ in }
    #expect(warnings.count == Self.players.count)
    let states = try StoreFixture.states(path)
    for player in Self.players {
      let directory = Paths.temporaryDirectory("alone")
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = FileStore(path: directory.appendingPathComponent("state.json").path)
      let isOwn = { (event: Event) in event.player.map { Array($0.utf8) } == Array(player.utf8) }
      let own = Self.events.filter(isOwn)
      let split = Self.events[..<half].filter(isOwn).count
      try StoreFixture.award(Array(own[..<split]), to: file, batch: 10_000)
      try StoreFixture.award(Array(own[split...]), to: FileStore(path: file.path), batch: 10_000, engine: changed)
      #expect(
        states[Array(player.utf8)] == (try FileStore(path: file.path).load(nil, engine: changed)),
        "\(Array(player.utf8))")
    }
  }
}
