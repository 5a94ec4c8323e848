import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Store
import Testing

/// Commits finished on another thread (`SQLiteStore.commitsAside`, `award --store`'s way): a
/// commit that fails there is rolled back, thrown by the store's next use (and every later one),
/// and loses nothing committed before it; the same events sent again end as if nothing failed.
@Suite struct StoreCommitAsideTests {
  static let players = ["ana", "bo", "\u{E9}", "e\u{301}"]
  static let events = StoreFixture.traffic(players: players, days: 30, seed: 11)
  static let expected: [[UInt8]: PlayerState] = (try? StoreFixture.alone(events, players: players)) ?? [:]
  static let batch = 40

  /// A new store at `path` (its schema written) whose every commit after the second fails while
  /// it writes its log rows (on the commit's thread), as a full disk would; opened with commits
  /// aside.
  func storeFailingThirdCommit(_ path: String) throws -> SQLiteStore {
    _ = try SQLiteStore(path: path)
    try StoreFixture.sql(
      path,
      """
      CREATE TRIGGER fail_third BEFORE INSERT ON log WHEN (SELECT generation FROM fitquest_head) >= 2
      BEGIN SELECT RAISE(ABORT, 'injected: the disk is full'); END
      """)
    let store = try SQLiteStore(path: path)
    store.commitsAside = true
    return store
  }

  @Test func aCommitThatFailsOnItsThreadIsThrownAndLosesNothingCommitted() throws {
    #expect(Self.events.count > 6 * Self.batch)
    let (directory, path) = StoreFixture.storePath("commit-aside")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try storeFailingThirdCommit(path)
    #expect(throws: LedgerError.self) {
      try StoreFixture.award(Self.events, to: store, batch: Self.batch)
    }
    // The failure stays: the store refuses every later batch rather than build on lost events.
    #expect(throws: LedgerError.self) { try store.finishCommits() }
    #expect(throws: LedgerError.self) { _ = try store.lock(for: [PlayerID("ana")].compactMap { $0 }) }
    // Its readers too: each waits for a commit in flight before it uses the connection.
    #expect(throws: LedgerError.self) { _ = try store.players() }
    #expect(throws: LedgerError.self) { _ = try store.namedPacks() }
    // Exactly the first two batches were saved: their events, no more, no fewer.
    let saved = try StoreFixture.states(path)
    #expect(saved.values.map(\.appliedCount).reduce(0, +) == 2 * Self.batch)
    // Sent again without the fault: each player as its own ledger (nothing lost, nothing twice).
    try StoreFixture.sql(path, "DROP TRIGGER fail_third")
    let again = try SQLiteStore(path: path)
    again.commitsAside = true
    try StoreFixture.award(Self.events, to: again, batch: Self.batch)
    #expect(try StoreFixture.states(path) == Self.expected)
  }

  @Test func theMessageSaysTheBatchWasNotSaved() throws {
    let (directory, path) = StoreFixture.storePath("commit-aside-message")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try storeFailingThirdCommit(path)
    do {
      try StoreFixture.award(Self.events, to: store, batch: Self.batch)
      Issue.record("the failed commit was not reported")
    } catch let error as LedgerError {
      let message = error.diagnostics.first?.message ?? ""
      #expect(message.contains("cannot commit; nothing of the batch being committed was saved"))
      #expect(message.contains("injected: the disk is full"))
    }
  }
}
