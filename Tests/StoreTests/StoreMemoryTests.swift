import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// The memory bound of a run over a store: a batch whose players and events fill the store's
/// budget is committed early (``LedgerRun/isFull``), the store makes room for the next batch's
/// players by letting others go, and nothing of it changes a result.
@Suite struct StoreMemoryTests {
  /// A store of new players that only counts, with a fixed budget and a fixed size per player.
  final class CountingStore: BatchStore {
    let budget: Int
    let playerBytes: Int
    var lines: [String] = []
    var prepared: [(players: Int, eventBytes: Int)] = []

    init(budget: Int, playerBytes: Int) {
      self.budget = budget
      self.playerBytes = playerBytes
    }

    var keepsPlayersApart: Bool { true }
    func load(_ player: PlayerID?, engine: Engine) throws(LedgerError) -> PlayerState? { nil }
    func lock(for players: [PlayerID?]) throws(LedgerError) -> Set<PlayerID?> { [] }
    func record(_ change: consuming PlayerChange) throws(LedgerError) { lines += change.events.map(\.line) }
    func restore(_ player: PlayerID?, _ state: consuming PlayerState) {}
    func commit() throws(LedgerError) {}
    func rollback() {}
    var batchMemoryBudget: Int? { budget }
    func estimatedBytes(of player: PlayerID?) -> Int { playerBytes }
    func prepareBatch(players: [PlayerID?], eventBytes: Int) { prepared.append((players.count, eventBytes)) }
  }

  static func nutrition(_ index: Int, player: Int) throws -> Event {
    let start = try #require(Day(year: 2026, month: 3, day: 2))
    return .nutrition(id: "n-\(index)", day: start.adding(index / 40), player: "p\(player)", intakeKcal: 2000)
  }

  /// Four players of 50,000 bytes and 1,400 bytes per event beside its line: the batch is full at
  /// the first event where 4 × 50,000 + Σ (1,400 + line bytes) reaches 600,000 — never before
  /// 64 events.
  @Test func aBatchIsFullWhenItsPlayersAndEventsReachTheBudget() throws {
    let store = CountingStore(budget: 600_000, playerBytes: 50_000)
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    var added = 0
    while !run.isFull {
      try run.add(try Self.nutrition(added, player: added % 4))
      added += 1
      #expect(added < 1_000)
    }
    try run.commit { _ in }
    #expect(store.lines.count == added)
    let eventBytes = store.lines.map { 1_400 + $0.utf8.count }
    let total = 4 * 50_000 + eventBytes.reduce(0, +)
    #expect(added >= 64)
    #expect(total >= 600_000)
    #expect(added == 64 || total - eventBytes[added - 1] < 600_000)
    // The store was told the batch's players and what its events take before reading them.
    #expect(store.prepared.count == 1)
    #expect(store.prepared.first?.players == 4)
    #expect(store.prepared.first?.eventBytes == eventBytes.reduce(0, +))
    // The count starts again with the next batch.
    #expect(!run.isFull)
  }

  /// A budget below one player still lets a batch hold 64 events (one replay per batch for its
  /// late events, not one per event).
  @Test func aTinyBudgetStillHoldsTheMinimumBatch() throws {
    let store = CountingStore(budget: 1, playerBytes: 50_000)
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    for index in 0..<63 {
      try run.add(try Self.nutrition(index, player: 0))
      #expect(!run.isFull)
    }
    try run.add(try Self.nutrition(63, player: 0))
    #expect(run.isFull)
  }

  /// A store's budget is its memory less what the process takes anyway (48 MB), or half of a
  /// memory under 96 MB.
  @Test func theBudgetIsTheMemoryLessTheProcess() throws {
    let (directory, path) = StoreFixture.storePath("store-budget")
    defer { try? FileManager.default.removeItem(at: directory) }
    for (megabytes, budget) in [(1024, 976 << 20), (512, 464 << 20), (96, 48 << 20), (40, 20 << 20)] {
      let store = try SQLiteStore(path: path, options: SQLiteStore.Options(cacheBytes: megabytes << 20))
      #expect(store.batchMemoryBudget == budget)
    }
  }

  /// Sixty players through a memory that holds a few of them: batches end when full, the
  /// players held stay within the budget after each commit and while a batch is delivered, and
  /// every player equals its single-player ledger.
  @Test func playersPageThroughASmallMemoryExactly() throws {
    let players = (0..<60).map { "player-\($0)" }
    let events = StoreFixture.traffic(players: players, days: 12, seed: 11)
    let expected = try StoreFixture.alone(events, players: players)
    let (directory, path) = StoreFixture.storePath("store-memory")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(cacheBytes: 2 << 20, snapshotEvery: 64))
    let budget = try #require(store.batchMemoryBudget)
    #expect(budget == 1 << 20)
    let run = LedgerRun(store: store, engine: StoreFixture.engine)
    var batches: [Int] = []
    var overBudget = 0
    func commit() throws {
      batches.append(run.pending)
      let refusal = try run.commit { _ in if store.cache.bytes > budget { overBudget += 1 } }
      #expect(refusal == nil)
      #expect(store.cache.bytes <= budget)
    }
    for event in events {
      try run.add(event)
      if run.isFull { try commit() }
    }
    try commit()
    try store.saveSnapshots()
    #expect(overBudget == 0)
    // Full batches ended the run's stream into many (no batch size was given).
    #expect(batches.count > 4)
    #expect(batches.dropLast().allSatisfy { $0 >= 64 })
    let states = try StoreFixture.states(path)
    for player in players {
      #expect(states[Array(player.utf8)] == expected[Array(player.utf8)], "\(player)")
    }
  }
}
