import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Store
import Testing

/// A batch that inserts a rule pack's row and is rolled back leaves no trace of that row in the
/// store's memory: SQLite gives the row's id to the next pack inserted, and events of the first
/// pack logged later under the stale id would replay under the other pack.
@Suite struct StoreRollbackPackTests {
  static func engine(_ override: String) throws -> Engine {
    Engine(pack: try RulePackLoader.load(directory: Paths.rules, overrides: [try JSONOverride(parsing: override)]))
  }

  @Test func aRolledBackPackRowIsForgotten() throws {
    let (directory, path) = StoreFixture.storePath("rollback-pack")
    defer { try? FileManager.default.removeItem(at: directory) }
    // Without retractions and repeated events: each one applies.
    var seen: Set<String> = []
    let events = StoreFixture.traffic(players: ["ana", "bo"], days: 6, seed: 5).filter {
      if case .retraction = $0.kind { return false }
      return seen.insert("\($0.player ?? "")/\($0.id)").inserted
    }
    let ana = events.filter { $0.player == "ana" }
    let bo = events.filter { $0.player == "bo" }
    let steeper = try Self.engine("pack.constants.levelBase=120")
    let flatter = try Self.engine("pack.constants.levelBase=130")
    let store = try SQLiteStore(path: path)
    try StoreFixture.award(Array(ana.prefix(4)) + Array(bo.prefix(4)), to: store, batch: 100)
    // ana's next events under the steeper pack insert its row; bo's log row then fails (an
    // injected error, as a full disk would), and the batch rolls back.
    try StoreFixture.sql(
      path,
      "CREATE TRIGGER fail_bo BEFORE INSERT ON log WHEN NEW.player = CAST('bo' AS BLOB) BEGIN SELECT RAISE(ABORT, 'injected'); END"
    )
    let failing = LedgerRun(store: store, engine: steeper)
    for event in Array(ana[4..<8]) + Array(bo[4..<8]) { try failing.add(event) }
    #expect(throws: LedgerError.self) { try failing.commit { _ in } }
    try StoreFixture.sql(path, "DROP TRIGGER fail_bo")
    // Another pack takes the next row id: bo's events under the flatter pack.
    try StoreFixture.award(Array(bo[4..<8]), to: store, batch: 100, engine: flatter)
    // ana's events under the steeper pack again: logged under the steeper pack's own row.
    try StoreFixture.award(Array(ana[4..<8]), to: store, batch: 100, engine: steeper)
    let reader = try SQLiteStore(path: path, access: .readOnly)
    let anaState = try #require(try reader.load(player: StoreFixture.id("ana")))
    #expect(anaState.pack.digest == steeper.pack.digest)
    #expect(anaState.appliedCount == 8)
    let boState = try #require(try reader.load(player: StoreFixture.id("bo")))
    #expect(boState.pack.digest == flatter.pack.digest)
    let (count, problems) = try reader.check()
    #expect(count == 2)
    #expect(problems.isEmpty, "\(problems)")
  }
}
