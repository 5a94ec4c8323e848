import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Store
import Testing

/// A store written by FitQuest before the event log (schema 2, the committed fixture of four
/// players) migrates keeping every player exactly, and continues exactly: after the events that
/// follow, each player equals a single-player ledger fed all its events.
@Suite struct StoreMigrationTests {
  static let fixture = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/store-schema-2")
  static let players = ["ana", "bo", "chen", "dara"]
  /// The rules the fixture was written with.
  static let engine: Engine = {
    do { return try Engine(rulesDirectory: fixture.appendingPathComponent("rules").path) } catch {
      preconditionFailure("\(error)")
    }
  }()

  /// The events of an NDJSON file of the fixture.
  static func events(_ name: String) throws -> [Event] {
    try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map {
      try Event(jsonLine: String($0))
    }
  }

  @Test func aSchemaTwoStoreMigratesAndContinuesExactly() throws {
    let (directory, path) = StoreFixture.storePath("store-schema-2")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("players.sqlite").path, toPath: path)
    let store = try SQLiteStore(path: path, access: .existing)
    #expect(try store.players().map(\.text) == Self.players)
    for player in Self.players {
      let saved = try PlayerState(data: Data(contentsOf: Self.fixture.appendingPathComponent("\(player).json")))
      let migrated = try #require(try store.load(player: StoreFixture.id(player)))
      // The kept events' lines are stored in their canonical form now; everything else as saved.
      #expect(migrated.progress == saved.progress)
      #expect(migrated.appliedCount == saved.appliedCount && migrated.appliedIDCount == saved.appliedIDCount)
      #expect(
        migrated.history.kept.map(\.line) == saved.history.kept.map { (try? Event(jsonLine: $0.line))?.jsonLine ?? "" })
      #expect(migrated.history.kept.map(\.seq) == saved.history.kept.map(\.seq))
    }
    #expect(try store.check().problems.isEmpty)
    let first = try Self.events("part-1.ndjson")
    let second = try Self.events("part-2.ndjson")
    try StoreFixture.award(second, to: store, batch: 50_000, engine: Self.engine)
    let expected = try StoreFixture.alone(first + second, players: Self.players, engine: Self.engine)
    #expect(try StoreFixture.states(path) == expected)
    // The history is whole: part 1 from schema 2, then part 2.
    #expect(try store.history(of: StoreFixture.id("dara")).count == 45 + 26)
  }

  @Test func aDamagedSchemaTwoPlayerIsMarkedAndTheOthersMigrate() throws {
    let (directory, path) = StoreFixture.storePath("store-schema-2-damaged")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("players.sqlite").path, toPath: path)
    // Schema 2 kept no checksums: this edit once trapped the store (a negative count of ids).
    try StoreFixture.sql(path, "UPDATE players SET ids = -1 WHERE id = 'bo'")
    let store = try SQLiteStore(path: path, access: .existing)
    #expect(try store.players().map(\.text) == Self.players)
    do {
      _ = try store.load(player: StoreFixture.id("bo"))
      Issue.record("a damaged player loaded")
    } catch {
      guard case .corrupt(let diagnostic) = error else { throw error }
      #expect(diagnostic.message.hasPrefix("player 'bo' is damaged: its schema-2 rows could not be migrated"))
    }
    #expect(try store.load(player: StoreFixture.id("ana")) != nil)
    #expect(try store.check().problems.map(\.player) == [StoreFixture.id("bo")])
  }
}
