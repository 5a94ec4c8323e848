import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// Snapshots of form 3 refer to their player's log for the kept events' lines rather than hold
/// them again: they are a fraction of the lines' size, read back exact (from the process that
/// wrote them and from a fresh one), a reference to a line that is not the event's is reported
/// as damage, and the form-2 snapshots of a schema-4 store still read and continue exactly.
@Suite struct StoreSnapshotReferenceTests {
  static let players = ["ana", "bo", "\u{212B}", "\u{00C5}"]
  static let events = StoreFixture.traffic(players: players, days: 40, seed: 9)

  /// A store of the events, every player's snapshot written.
  static func store(_ events: [Event], at path: String) throws -> SQLiteStore {
    let store = try SQLiteStore(path: path)
    try StoreFixture.award(events, to: store, batch: 97)
    try store.saveSnapshots(minimum: 1)
    return store
  }

  /// A player's snapshot's size, the size of the same snapshot holding its kept events' lines,
  /// and the lines' bytes.
  static func sizes(_ path: String, _ player: String) throws -> (snapshot: Int, holding: Int, lines: Int) {
    let snapshot = try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = CAST('\(player)' AS BLOB)")
    let store = try SQLiteStore(path: path, access: .readOnly)
    let state = try #require(try store.load(player: StoreFixture.id(player)))
    let holding = PlayerSnapshot.encode(state, pack: try store.storedPack(digest: state.pack.digest))
    return (snapshot.count, holding.count, state.history.kept.reduce(0) { $0 + $1.line.utf8.count })
  }

  @Test func snapshotsReferToTheLogAndReadBackExact() throws {
    let (directory, path) = StoreFixture.storePath("snapshot-references")
    defer { try? FileManager.default.removeItem(at: directory) }
    let half = Self.events.count / 2
    _ = try Self.store(Array(Self.events[..<half]), at: path)
    let expected = try StoreFixture.alone(Self.events, players: Self.players)
    for player in ["ana", "bo"] {
      let sizes = try Self.sizes(path, player)
      // Some 40 kept events of over 100 bytes each, each referred to in at most 12 bytes (a tag,
      // a position and a check) where holding it takes its bytes and 2 or 3 more.
      #expect(sizes.lines > 4_000)
      #expect(sizes.holding - sizes.snapshot >= sizes.lines * 9 / 10, "\(player): \(sizes)")
      #expect(
        try StoreFixture.blob(path, "SELECT substr(snapshot, 1, 1) FROM players WHERE id = CAST('\(player)' AS BLOB)")
          == [3])
    }
    // A second process reads the players (their snapshots' lines from the log), applies the
    // rest, and writes snapshots that still refer to the log.
    _ = try Self.store(Array(Self.events[half...]), at: path)
    #expect(try StoreFixture.states(path) == expected)
    let sizes = try Self.sizes(path, "ana")
    #expect(sizes.holding - sizes.snapshot >= sizes.lines * 9 / 10, "\(sizes)")
    #expect(try SQLiteStore(path: path).check().problems.isEmpty)
  }

  /// Snapshots written with the player's lines known at given positions: right, they read back
  /// the state; one position off, the load names the player and the event.
  @Test func aReferenceToAnotherLineIsDamage() throws {
    let (directory, path) = StoreFixture.storePath("snapshot-reference-damage")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try Self.store(Self.events, at: path)
    let player = StoreFixture.id("bo")
    let state = try #require(try store.load(player: player))
    let history = try store.history(of: player)
    #expect(history.count == state.appliedCount)
    func write(_ logged: LoggedLines) throws -> [UInt8] {
      let bytes = PlayerSnapshot.encode(state, pack: nil, logged: logged)
      try store.writing("test") { () throws(SQLiteError) in
        try store.writePlayerRow(player, at: state.appliedCount, snapshot: bytes, isNew: false)
      }
      return bytes
    }
    var right = LoggedLines()
    right.append(history, from: 0)
    let referring = try write(right)
    #expect(try SQLiteStore(path: path, access: .readOnly).load(player: player) == state)
    var off = LoggedLines()
    off.append(history.dropFirst(), from: 0)
    let wrong = try write(off)
    #expect(wrong != referring)
    do {
      _ = try SQLiteStore(path: path, access: .readOnly).load(player: player)
      Issue.record("a snapshot referring to other lines loaded")
    } catch {
      guard case .corrupt(let diagnostic) = error else { throw error }
      #expect(
        diagnostic.message.hasPrefix("player 'bo' is damaged: its snapshot's kept event"), "\(diagnostic.message)")
      #expect(diagnostic.message.contains("does not match its logged event"))
    }
    // The other players are untouched.
    #expect(try SQLiteStore(path: path, access: .readOnly).load(player: StoreFixture.id("ana")) != nil)
  }

  /// A player's window spread over many small batches (a row each): its snapshot refers only to
  /// the lines of its newest 16 rows, so reading it back reads at most those rows (older kept
  /// lines are held in the snapshot).
  @Test func referencesReachBackAtMostSixteenRows() throws {
    let (directory, path) = StoreFixture.storePath("snapshot-reference-rows")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: path)
    try StoreFixture.award(Self.events, to: store, batch: 5)
    try store.saveSnapshots(minimum: 1)
    let player = StoreFixture.id("ana")
    let state = try #require(try store.load(player: player))
    let history = try store.history(of: player)
    let snapshot = try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = CAST('ana' AS BLOB)")
    var referred: [Int] = []
    let decoded = try PlayerSnapshot.decode(
      snapshot, pack: { (digest: String) throws(SQLiteError) in try store.storedPack(digest: digest) },
      logged: { (positions: [Int]) throws(SQLiteError) -> [String] in
        referred = positions
        return positions.map { history[$0] }
      })
    #expect(decoded.history.kept == state.history.kept)
    let first = try #require(referred.first)
    let list = try StoreFixture.blob(
      path, "SELECT group_concat(seq, ',') FROM (SELECT seq FROM log WHERE player = CAST('ana' AS BLOB) ORDER BY seq)")
    let rows = String(decoding: list, as: UTF8.self).split(separator: ",").compactMap { Int($0) }
    // Its log is many rows; the references reach into at most 16 of them, and some of its kept
    // events are held.
    #expect(rows.count > 40)
    let start = try #require(rows.last { $0 <= first })
    let read = rows.filter { $0 >= start && $0 < state.appliedCount }.count
    #expect(read <= 16 && read >= 8, "\(read)")
    #expect(referred.count >= 8 && referred.count < state.history.kept.count, "\(referred.count)")
  }

  @Test func aSchemaFourStoreReadsAndContinuesExactly() throws {
    let fixture = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/store-schema-4")
    let parts = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/store-schema-2")
    let engine = try Engine(rulesDirectory: fixture.appendingPathComponent("rules").path)
    let players = ["ana", "bo", "chen", "dara"]
    func events(_ name: String) throws -> [Event] {
      try String(contentsOf: parts.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map {
        try Event(jsonLine: String($0))
      }
    }
    let (directory, path) = StoreFixture.storePath("store-schema-4")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("players.sqlite").path, toPath: path)
    #expect(
      try StoreFixture.blob(path, "SELECT group_concat(hex(substr(snapshot, 1, 1)), ',') FROM players")
        == Array("02,02,02,02".utf8))
    let first = try events("part-1.ndjson")
    let second = try events("part-2.ndjson")
    let store = try SQLiteStore(path: path, access: .existing)
    #expect(try StoreFixture.states(path) == (try StoreFixture.alone(first, players: players, engine: engine)))
    try StoreFixture.award(second, to: store, batch: 50_000, engine: engine)
    try store.saveSnapshots(minimum: 1)
    #expect(try StoreFixture.states(path) == (try StoreFixture.alone(first + second, players: players, engine: engine)))
    #expect(
      try StoreFixture.blob(path, "SELECT group_concat(hex(substr(snapshot, 1, 1)), ',') FROM players")
        == Array("03,03,03,03".utf8))
  }
}
