import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// `fitquest award --store`: many players in one SQLite store behave exactly as one
/// single-player ledger each, under re-sends, SIGKILL, concurrent writers and partitions.
@Suite(.serialized) struct StoreCommandTests {
  static let players = ["ana", "bo", "chen", "dara"]
  static let today = ["--today", "2030-01-01"]

  /// Each player's events (the first 120 of a shipped scenario, its own seed), in its own order.
  static let perPlayer: [String: [String]] = {
    let scenarios = ["beginner-3x", "consistent-5x-lifter", "cardio-runner", "dieter"]
    var streams: [String: [String]] = [:]
    for (index, player) in players.enumerated() {
      let result = try? CommandRunner.fitquest([
        "simulate", "--format", "events", "--seed", "\(index + 11)", "scenarios/\(scenarios[index]).json",
      ])
      streams[player] = (result?.stdout ?? "").split(separator: "\n").prefix(120).map { named(String($0), player) }
    }
    return streams
  }()

  /// An event line with `"player": id` as its first key.
  static func named(_ line: String, _ player: String) -> String {
    "{\"player\":\"\(player)\"," + line.dropFirst()
  }

  /// The players' events interleaved at random (each player's order kept), with some lines
  /// sent twice, some late (a player's event moved after later ones) and one retraction each.
  static func mixed(seed: UInt64) -> [String] {
    var random = TestRandom(seed: seed)
    var queues = players.map { player -> [String] in
      var lines = perPlayer[player] ?? []
      // One late event: moved ten places later.
      if lines.count > 40 {
        let late = lines.remove(at: 20)
        lines.insert(late, at: 30)
      }
      // Withdraw the player's fifth event, dated like the last one.
      if lines.count > 5, let id = Self.field("id", lines[4]), let date = Self.field("date", lines[lines.count - 1]) {
        lines.append(
          "{\"player\":\"\(player)\",\"type\":\"retraction\",\"id\":\"r-\(player)\",\"date\":\"\(date)\",\"of\":\"\(id)\"}"
        )
      }
      return lines
    }
    var mixed: [String] = []
    while queues.contains(where: { !$0.isEmpty }) {
      let choice = Int.random(in: 0..<queues.count, using: &random)
      guard !queues[choice].isEmpty else { continue }
      let line = queues[choice].removeFirst()
      mixed.append(line)
      if Int.random(in: 0..<25, using: &random) == 0 { mixed.append(line) }
    }
    return mixed
  }

  static func field(_ name: String, _ line: String) -> String? {
    guard let range = line.range(of: "\"\(name)\":\"") else { return nil }
    let rest = line[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  func write(_ lines: [String], _ url: URL) throws {
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  func award(_ work: URL, _ arguments: [String]) throws -> CommandResult {
    try CommandRunner.fitquest(["award", "--rules", Paths.rules] + Self.today + arguments, in: work)
  }

  /// Every player's state in a store.
  func states(_ path: URL) throws -> [String: PlayerState] {
    let store = try SQLiteStore(path: path.path, access: .existing)
    var states: [String: PlayerState] = [:]
    for player in try store.players() { states[player.text] = try store.load(player: player) }
    return states
  }

  /// The state a single-player ledger holds after each player's events alone, in the order the
  /// mixed stream delivers them.
  func singlePlayerStates(_ lines: [String], _ work: URL) throws -> [String: PlayerState] {
    var states: [String: PlayerState] = [:]
    for player in Self.players {
      let own = lines.filter { $0.hasPrefix("{\"player\":\"\(player)\"") }
      try write(own, work.appendingPathComponent("\(player).ndjson"))
      let result = try award(work, ["--state", "\(player).json", "--allow-late", "\(player).ndjson"])
      #expect(result.status == 0, "\(result.stderr)")
      states[player] = try Ledger(
        store: FileStore(path: work.appendingPathComponent("\(player).json").path),
        engine: Engine(rulesDirectory: Paths.rules)
      ).state
    }
    return states
  }

  @Test func everyPlayerEqualsItsOwnSinglePlayerLedgerAndResendingChangesNothing() throws {
    let work = Paths.temporaryDirectory("store-equal")
    defer { try? FileManager.default.removeItem(at: work) }
    for seed: UInt64 in [1, 2, 3] {
      let lines = Self.mixed(seed: seed)
      #expect(lines.count > 150)
      try write(lines, work.appendingPathComponent("all.ndjson"))
      let store = "store-\(seed).sqlite"
      // Small batches, so that players' events cross transactions.
      let first = try award(
        work, ["--store", store, "--allow-late", "--commit-every", "\(7 * Int(seed) + 3)", "all.ndjson"])
      #expect(first.status == 0, "\(first.stderr)")
      let expected = try singlePlayerStates(lines, work)
      let actual = try states(work.appendingPathComponent(store))
      #expect(actual.keys.sorted() == Self.players)
      for player in Self.players {
        #expect(actual[player] == expected[player], "player \(player), seed \(seed)")
        #expect((actual[player]?.live.progress.xp ?? 0) > 0)
      }
      let again = try award(work, ["--store", store, "--allow-late", "all.ndjson"])
      #expect(again.status == 0)
      #expect(!again.stdout.split(separator: "\n").contains { !$0.contains("\"type\":\"skipped\"") })
      #expect(try states(work.appendingPathComponent(store)) == actual)
    }
  }

  @Test func killedAtManyMomentsThenRerunEqualsAnUninterruptedRun() throws {
    let work = Paths.temporaryDirectory("store-kill")
    defer { try? FileManager.default.removeItem(at: work) }
    let lines = Self.mixed(seed: 9)
    try write(lines, work.appendingPathComponent("all.ndjson"))
    #expect(try award(work, ["--store", "reference.sqlite", "--allow-late", "all.ndjson"]).status == 0)
    let reference = try states(work.appendingPathComponent("reference.sqlite"))
    var random = TestRandom(seed: 4)
    for attempt in 0..<12 {
      let store = "killed-\(attempt).sqlite"
      // Every other run keeps no player between batches and snapshots every second event, so
      // kills land in snapshot writes and evictions too, and commits in parts.
      let churn = attempt % 2 == 1 ? ["--cache-mb", "0", "--snapshot-every", "2", "--max-lock-ms", "1"] : []
      let process = try ChildProcess(
        Paths.fitquest,
        ["award", "--rules", Paths.rules] + Self.today + [
          "--store", store, "--allow-late", "--commit-every", "5", "all.ndjson",
        ] + churn, in: work)
      usleep(UInt32(Int.random(in: 20_000...400_000, using: &random)))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let rerun = try award(work, ["--store", store, "--allow-late", "all.ndjson"])
      #expect(rerun.status == 0, "\(rerun.stderr)")
      #expect(try states(work.appendingPathComponent(store)) == reference, "killed run \(attempt)")
      let check = try CommandRunner.fitquest(["players", "--store", store, "check"], in: work)
      #expect(check.status == 0, "\(check.stderr)")
    }
  }

  @Test func checkNamesADamagedPlayerAndTheOthersStayUsable() throws {
    let work = Paths.temporaryDirectory("store-check")
    defer { try? FileManager.default.removeItem(at: work) }
    try write(Self.mixed(seed: 2), work.appendingPathComponent("all.ndjson"))
    #expect(
      try award(work, ["--store", "s.sqlite", "--allow-late", "--snapshot-every", "1000", "all.ndjson"]).status == 0)
    let clean = try CommandRunner.fitquest(["players", "--store", "s.sqlite", "check"], in: work)
    #expect(clean.status == 0)
    #expect(clean.stderr == "checked 4 player(s) of s.sqlite: no problems\n")
    // One byte of bo's log changed, as a failing disk would.
    let store = try SQLiteStore(path: work.file("s.sqlite"), access: .readOnly)
    let bo = try #require(PlayerID("bo"))
    #expect(try store.history(of: bo).count > 10)
    let damage = try SQLiteDatabase(
      path: work.file("s.sqlite"), access: .readWrite(create: false), waitMilliseconds: 1000)
    try damage.execute(
      "UPDATE log SET lines = CAST(replace(CAST(lines AS TEXT), '\"date\"', '\"dat3\"') AS BLOB) WHERE player = CAST('bo' AS BLOB)"
    )
    let damaged = try CommandRunner.fitquest(["players", "--store", "s.sqlite", "check"], in: work)
    #expect(damaged.status == 65)
    #expect(
      damaged.stderr.hasPrefix("s.sqlite: error: player 'bo': its log row at event 0 does not match its checksum\n"),
      "\(damaged.stderr)")
    #expect(damaged.stderr.hasSuffix("checked 4 player(s) of s.sqlite: 1 problem(s)\n"))
    let list = try CommandRunner.fitquest(["players", "--store", "s.sqlite", "list"], in: work)
    #expect(list.status == 65)
    #expect(list.stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["ana", "chen", "dara"])
    #expect(
      list.stderr.contains(
        "s.sqlite: error: player 'bo' is damaged: its log row at event 0 does not match its checksum"))
    let bosEvents = Self.mixed(seed: 2).filter { $0.hasPrefix("{\"player\":\"bo\"") }
    try write(bosEvents, work.appendingPathComponent("bo.ndjson"))
    let again = try award(work, ["--store", "s.sqlite", "--allow-late", "bo.ndjson"])
    #expect(again.status == 65, "never applied again")
    #expect(again.stderr.contains("player 'bo' is damaged"))
  }

  @Test func twoConcurrentProcessesApplyEachEventOnce() throws {
    let work = Paths.temporaryDirectory("store-concurrent")
    defer { try? FileManager.default.removeItem(at: work) }
    let lines = Self.mixed(seed: 5)
    try write(lines, work.appendingPathComponent("all.ndjson"))
    #expect(try award(work, ["--store", "reference.sqlite", "--allow-late", "all.ndjson"]).status == 0)
    var results: [ChildProcess] = []
    for _ in 0..<2 {
      // A loaded test machine can keep one writer busy for long: wait as long as it takes.
      let process = try ChildProcess(
        Paths.fitquest,
        ["award", "--rules", Paths.rules] + Self.today + [
          "--store", "shared.sqlite", "--allow-late", "--commit-every", "9", "--wait-ms", "600000", "all.ndjson",
        ], in: work, capturesErrors: true)
      results.append(process)
    }
    for process in results {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(String(decoding: process.errors, as: UTF8.self))")
    }
    #expect(
      try states(work.appendingPathComponent("shared.sqlite"))
        == states(work.appendingPathComponent("reference.sqlite")))
  }

  @Test func partitionsTogetherEqualOneStore() throws {
    let work = Paths.temporaryDirectory("store-partitions")
    defer { try? FileManager.default.removeItem(at: work) }
    try write(Self.mixed(seed: 6), work.appendingPathComponent("all.ndjson"))
    #expect(try award(work, ["--store", "one.sqlite", "--allow-late", "all.ndjson"]).status == 0)
    var union: [String: PlayerState] = [:]
    for index in 0..<3 {
      let result = try award(
        work, ["--store", "part-\(index).sqlite", "--partition", "\(index)/3", "--allow-late", "all.ndjson"])
      #expect(result.status == 0, "\(result.stderr)")
      for (player, state) in try states(work.appendingPathComponent("part-\(index).sqlite")) {
        #expect(union[player] == nil, "\(player) in two partitions")
        #expect(Partition(index: index, count: 3)?.owns(player) == true)
        union[player] = state
      }
    }
    #expect(union == (try states(work.appendingPathComponent("one.sqlite"))))
  }

  @Test func theHashOfPartitionsIsTheDocumentedFNV1a() {
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c (the published test vector); mod 7 = 4.
    #expect(Partition.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Partition(index: Int(0xaf63_dc4c_8601_ec8c % 7 as UInt64), count: 7)?.owns("a") == true)
    #expect(Partition.hash("") == 0xcbf2_9ce4_8422_2325)
  }

  @Test func eventsWithoutAPlayerAndBadStoresAreClearErrors() throws {
    let work = Paths.temporaryDirectory("store-bad")
    defer { try? FileManager.default.removeItem(at: work) }
    let line = (Self.perPlayer["ana"]?.first ?? "").replacingOccurrences(of: "\"player\":\"ana\",", with: "")
    try write([line], work.appendingPathComponent("anonymous.ndjson"))
    let anonymous = try award(work, ["--store", "s.sqlite", "anonymous.ndjson"])
    #expect(anonymous.status == 65)
    #expect(anonymous.stderr.contains("anonymous.ndjson:1:1: error: an event needs \"player\" with --store"))

    try write(Array((Self.perPlayer["ana"] ?? []).prefix(3)), work.appendingPathComponent("ana.ndjson"))
    try Data(repeating: 0x41, count: 8192).write(to: work.appendingPathComponent("garbage.sqlite"))
    let garbage = try award(work, ["--store", "garbage.sqlite", "ana.ndjson"])
    #expect(garbage.status == 65)
    #expect(garbage.stderr.contains("garbage.sqlite: error: not a FitQuest store"))

    let foreign = work.appendingPathComponent("foreign.sqlite")
    _ = try SQLiteStore(path: foreign.path)  // a store, then damaged in the middle
    let valid = try award(work, ["--store", "foreign.sqlite", "ana.ndjson"])
    #expect(valid.status == 0)
    var bytes = try Data(contentsOf: foreign)
    for offset in stride(from: 100, to: min(bytes.count, 16_384 * 3), by: 7) { bytes[offset] = 0xFF }
    try bytes.write(to: foreign)
    try? FileManager.default.removeItem(at: work.appendingPathComponent("foreign.sqlite-wal"))
    let damaged = try award(work, ["--store", "foreign.sqlite", "ana.ndjson"])
    #expect([65, 66].contains(damaged.status), "\(damaged.status) \(damaged.stderr)")
    #expect(damaged.stderr.contains("foreign.sqlite"))

    try FileManager.default.createDirectory(
      at: work.appendingPathComponent("dir.sqlite"), withIntermediateDirectories: true)
    #expect(try award(work, ["--store", "dir.sqlite", "ana.ndjson"]).status == 66)
    let missing = try CommandRunner.fitquest(["players", "--store", "none.sqlite", "list"], in: work)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("no such store"))
  }

  @Test func playersListShowExportAndImport() throws {
    let work = Paths.temporaryDirectory("store-players")
    defer { try? FileManager.default.removeItem(at: work) }
    let ana = Array((Self.perPlayer["ana"] ?? []).prefix(12))
    try write(ana, work.appendingPathComponent("ana.ndjson"))
    #expect(try award(work, ["--store", "s.sqlite", "ana.ndjson"]).status == 0)
    #expect(try award(work, ["--state", "solo.json", "ana.ndjson"]).status == 0)

    let list = try CommandRunner.fitquest(["players", "--store", "s.sqlite", "list", "--format", "json"], in: work)
    #expect(list.status == 0)
    #expect(list.stdout.contains("\"ana\""))
    // show --format json is the state a single-player ledger holds.
    let show = try CommandRunner.fitquest(
      ["players", "--store", "s.sqlite", "show", "ana", "--format", "json"], in: work)
    #expect(show.status == 0)
    let shown = try PlayerState(data: Data(show.stdout.utf8))
    let solo = try Ledger(
      store: FileStore(path: work.appendingPathComponent("solo.json").path), engine: Engine(rulesDirectory: Paths.rules)
    ).state
    #expect(shown == solo)
    let unknown = try CommandRunner.fitquest(["players", "--store", "s.sqlite", "show", "nobody"], in: work)
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("nobody"))

    // The CSV export: one row per set of each workout, in the order applied.
    let csv = try CommandRunner.fitquest(
      ["players", "--store", "s.sqlite", "export", "ana", "--rules", Paths.rules], in: work)
    #expect(csv.status == 0)
    let workouts = ana.filter { $0.contains("\"type\":\"workout\"") }
    #expect(!workouts.isEmpty)
    for workout in workouts {
      guard let id = Self.field("id", workout) else { continue }
      #expect(csv.stdout.contains(",\(id),"), "workout \(id) missing from the export")
    }

    // import: the single-player file becomes a player of the store, then refuses a second time.
    let imported = try CommandRunner.fitquest(
      ["players", "--store", "s.sqlite", "import", "solo.json", "--player", "solo", "--rules", Paths.rules], in: work)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try states(work.appendingPathComponent("s.sqlite"))["solo"] == solo)
    let twice = try CommandRunner.fitquest(
      ["players", "--store", "s.sqlite", "import", "solo.json", "--player", "solo", "--rules", Paths.rules], in: work)
    #expect(twice.status == 65)
  }

  @Test func aSchemaOneStoreIsMigratedKeepingEveryPlayer() throws {
    let work = Paths.temporaryDirectory("store-migrate")
    defer { try? FileManager.default.removeItem(at: work) }
    let fixtures = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/store-schema-1")
    let store = work.appendingPathComponent("players.sqlite")
    try FileManager.default.copyItem(at: fixtures.appendingPathComponent("players.sqlite"), to: store)
    let list = try CommandRunner.fitquest(["players", "--store", store.path, "list"], in: work)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdout == "ana\tlevel 3\t507 XP\t3 events\nbo\tlevel 2\t163 XP\t3 events\nchen\tlevel 1\t115 XP\t1 event\n")
    let expected = try PlayerState(data: Data(contentsOf: fixtures.appendingPathComponent("ana.json")))
    let ana = try #require(PlayerID("ana"))
    #expect(
      try SQLiteStore(path: store.path, access: .existing).load(player: ana)?.canonicalized == expected.canonicalized)
    // Opened again: already of the current schema, nothing to migrate.
    #expect(
      try SQLiteStore(path: store.path, access: .readOnly).load(player: ana)?.canonicalized == expected.canonicalized)
  }
}
