import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// `players show` of a player with events logged after its snapshot (schema 4): the summary its
/// last `log` row holds is read without compiling a rule pack, equals the replayed player's, is
/// refused when damaged, and `players check` catches one that lies; a schema-3 store migrates
/// and reads its old rows (no summary) by replaying them.
@Suite struct StoreLogSummaryTests {
  static let players = ["ana", "bo", "\u{00C5}", "A\u{030A}"]
  static let events = StoreFixture.traffic(players: players, days: 10, seed: 11)
  static let ana = StoreFixture.id("ana")

  /// A store of the players without any snapshot: every player's whole log is its tail.
  func tailStore(_ label: String) throws -> (URL, String) {
    let (directory, path) = StoreFixture.storePath(label)
    let store = try SQLiteStore(path: path, options: SQLiteStore.Options(snapshotEvery: 1_000_000))
    try StoreFixture.award(Self.events, to: store, batch: 13)
    return (directory, path)
  }

  /// The first event number of a player's last log row.
  func lastSeq(_ path: String, _ player: String) throws -> Int64 {
    let database = try SQLiteDatabase(path: path, access: .readOnly, waitMilliseconds: 1000)
    let row = try database.prepare(
      "SELECT seq FROM log WHERE player = CAST('\(player)' AS BLOB) ORDER BY seq DESC LIMIT 1")
    guard try row.step() else { return -1 }
    defer { row.reset() }
    return row.int(0)
  }

  @Test func aTailSummaryEqualsTheReplayAndNeedsNoRulePack() throws {
    let (directory, path) = try tailStore("log-summary")
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try SQLiteStore(path: path, access: .readOnly)
    var expected: [PlayerID: PlayerSummary] = [:]
    for player in try before.players() {
      let whole = try #require(try before.load(player: player))
      let summary = try #require(try before.summary(of: player))
      #expect(summary == PlayerSummary(whole), "\(player)")
      #expect(summary.appliedCount > 0 && summary.workouts > 0, "\(player)")
      expected[player] = summary
    }
    #expect(expected.count == 4)
    // Without the store's packs, replaying the tail is impossible: the summary is still read.
    try StoreFixture.sql(path, "DELETE FROM packs")
    let store = try SQLiteStore(path: path, access: .readOnly)
    for (player, summary) in expected { #expect(try store.summary(of: player) == summary, "\(player)") }
    #expect(throws: LedgerError.self) { try store.load(player: Self.ana) }
  }

  @Test func aDamagedSummaryIsRefusedWithThePlayer() throws {
    let (directory, path) = try tailStore("log-summary-damaged")
    defer { try? FileManager.default.removeItem(at: directory) }
    let seq = try lastSeq(path, "ana")
    // One byte of the figures changed (the level, right after the format byte).
    try StoreFixture.sql(
      path,
      "UPDATE log SET summary = substr(summary, 1, 1) || X'7F' || substr(summary, 3) WHERE player = CAST('ana' AS BLOB) AND seq = ?",
      [seq])
    let store = try SQLiteStore(path: path, access: .readOnly)
    do {
      _ = try store.summary(of: Self.ana)
      Issue.record("a damaged summary was read")
    } catch {
      guard case .corrupt(let diagnostic) = error else { throw error }
      #expect(
        diagnostic.message == "player 'ana' is damaged: the summary of its log row at event \(seq) is damaged",
        "\(diagnostic.message)")
    }
    #expect(try store.summary(of: StoreFixture.id("bo")) != nil)
  }

  /// A summary with a valid checksum but other figures (a writer's bug, an edit) is what `show`
  /// prints; `players check` compares it with the replay and reports the player.
  @Test func aLyingSummaryIsFoundByCheck() throws {
    let (directory, path) = try tailStore("log-summary-lying")
    defer { try? FileManager.default.removeItem(at: directory) }
    let seq = try lastSeq(path, "ana")
    var lie = try #require(try SQLiteStore(path: path, access: .readOnly).summary(of: Self.ana))
    lie.xp += 1
    try StoreFixture.sql(
      path, "UPDATE log SET summary = ? WHERE player = CAST('ana' AS BLOB) AND seq = ?",
      blob: LogSummary.encode(lie, player: Self.ana, seq: Int(seq)), [seq])
    let store = try SQLiteStore(path: path, access: .readOnly)
    #expect(try store.summary(of: Self.ana) == lie)
    let (count, problems) = try store.check()
    #expect(count == 4)
    #expect(problems.map(\.player) == [Self.ana])
    #expect(problems.map(\.message) == ["the summary of its last log row differs from its replayed state"])
  }

  /// A store of schema 3 (log rows without summaries) is migrated when opened for writing: its
  /// rows are replayed for a summary, and rows a later run appends carry one.
  @Test func aSchemaThreeStoreMigratesAndReplaysItsOldRows() throws {
    let (directory, path) = try tailStore("log-summary-schema-3")
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try #require(try SQLiteStore(path: path, access: .readOnly).summary(of: Self.ana))
    try StoreFixture.sql(path, "ALTER TABLE log DROP COLUMN summary")
    try StoreFixture.sql(path, "UPDATE fitquest_schema SET version = 3")
    #expect(throws: LedgerError.self) { try SQLiteStore(path: path, access: .readOnly) }
    let migrated = try SQLiteStore(path: path)
    #expect(try migrated.summary(of: Self.ana) == expected)
    #expect(try StoreFixture.blob(path, "SELECT summary FROM log WHERE player = CAST('ana' AS BLOB)").isEmpty)
    #expect(
      try StoreFixture.blob(path, "SELECT CAST(version AS BLOB) FROM fitquest_schema")
        == Array("\(SQLiteStore.schemaVersion)".utf8))
    // A later run's rows carry summaries again.
    var seen: Set<String> = []
    let more = StoreFixture.traffic(players: ["ana"], days: 3, seed: 12).compactMap { event -> Event? in
      if case .retraction = event.kind { return nil }
      guard seen.insert(event.id).inserted else { return nil }
      var event = event
      event.id = "later-" + event.id
      event.day = event.day.adding(20)
      return event
    }
    try StoreFixture.award(more, to: migrated, batch: 100)
    let store = try SQLiteStore(path: path, access: .readOnly)
    let whole = try #require(try store.load(player: Self.ana))
    #expect(try store.summary(of: Self.ana) == PlayerSummary(whole))
    #expect(whole.appliedCount == expected.appliedCount + more.count)
    try StoreFixture.sql(path, "DELETE FROM packs")
    #expect(try SQLiteStore(path: path, access: .readOnly).summary(of: Self.ana) == PlayerSummary(whole))
  }
}
