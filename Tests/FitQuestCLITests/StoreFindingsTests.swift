import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// The findings of issue 21 against `award --store` and `players`, each reproduced as the issue
/// describes it (they failed before the fix): player ids that are equal as Unicode but not as
/// bytes, NUL in ids, paths SQLite treats specially, the import race, waiting and busy stores,
/// read-only stores, the rule-change warning, imports checked against the rules, empty files.
@Suite(.serialized) struct StoreFindingsTests {
  /// "Å" as the Ångström sign and as the letter, "é" decomposed and composed: equal as Swift
  /// strings, different bytes.
  static let lookalikes = ["\u{212B}", "\u{00C5}", "e\u{301}", "\u{E9}"]
  static let today = ["--today", "2030-01-01"]

  /// The same first 24 events of a shipped scenario for every player, same ids, so a player
  /// merged with another would find its events "already applied".
  static let events: [String] = {
    let result = try? CommandRunner.fitquest([
      "simulate", "--format", "events", "--seed", "5", "scenarios/beginner-3x.json",
    ])
    return (result?.stdout ?? "").split(separator: "\n").prefix(24).map(String.init)
  }()

  static func named(_ line: String, _ player: String) -> String {
    "{\"player\":\"\(player)\"," + line.dropFirst()
  }

  /// Every player's events, interleaved one by one.
  static var interleaved: [String] {
    var lines: [String] = []
    for line in events {
      for player in lookalikes { lines.append(named(line, player)) }
    }
    return lines
  }

  func write(_ lines: [String], _ url: URL) throws {
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  func award(_ work: URL, _ arguments: [String]) throws -> CommandResult {
    try CommandRunner.fitquest(["award", "--rules", Paths.rules] + Self.today + arguments, in: work)
  }

  func players(_ work: URL, _ arguments: [String]) throws -> CommandResult {
    try CommandRunner.fitquest(["players", "--rules", Paths.rules] + arguments, in: work)
  }

  /// A player's state as `players show --format json` prints it, or nil when absent.
  func shown(_ work: URL, _ store: String, _ player: String) throws -> PlayerState? {
    let result = try players(work, ["--store", store, "show", player, "--format", "json"])
    guard result.status == 0 else { return nil }
    return try PlayerState(data: Data(result.stdout.utf8))
  }

  /// The state a single-player ledger reaches on `lines`.
  func alone(_ work: URL, _ lines: [String], _ name: String) throws -> PlayerState {
    try write(lines, work.appendingPathComponent("\(name).ndjson"))
    let result = try award(work, ["--state", "\(name).json", "\(name).ndjson"])
    #expect(result.status == 0, "\(result.stderr)")
    return try Ledger(store: FileStore(path: work.file("\(name).json")), engine: Engine(rulesDirectory: Paths.rules))
      .state
  }

  @Test func playersEqualAsUnicodeButNotAsBytesStayApartWhateverTheBatchSize() throws {
    let work = Paths.temporaryDirectory("store-lookalikes")
    defer { try? FileManager.default.removeItem(at: work) }
    try write(Self.interleaved, work.appendingPathComponent("all.ndjson"))
    let expected = try alone(work, Self.events, "solo")
    for batch in [1, 3, 50_000] {
      let store = "s-\(batch).sqlite"
      let result = try award(work, ["--store", store, "--commit-every", "\(batch)", "all.ndjson"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        !result.stdout.contains("\"type\":\"skipped\""), "batch \(batch): a player's events were taken for another's")
      let list = try players(work, ["--store", store, "list", "--format", "json"])
      // Compared as bytes (Swift's == would call the lookalikes equal), in byte order:
      // 65 CC 81 < C3 85 < C3 A9 < E2 84 AB.
      #expect(Array(list.stdout.utf8) == Array("[\"e\u{301}\",\"\u{00C5}\",\"\u{E9}\",\"\u{212B}\"]\n".utf8))
      for player in Self.lookalikes {
        let state = try #require(try shown(work, store, player), "batch \(batch)")
        #expect(state.progress == expected.progress, "batch \(batch), player \(Array(player.utf8))")
        #expect(state.appliedCount == Self.events.count)
      }
    }
  }

  @Test func partitionsOfLookalikePlayersTogetherEqualOneStore() throws {
    let work = Paths.temporaryDirectory("store-lookalike-parts")
    defer { try? FileManager.default.removeItem(at: work) }
    try write(Self.interleaved, work.appendingPathComponent("all.ndjson"))
    #expect(try award(work, ["--store", "one.sqlite", "--commit-every", "5", "all.ndjson"]).status == 0)
    for count in [2, 3] {
      var owners: [[UInt8]: Int] = [:]  // by bytes: a String key would merge the lookalikes
      for index in 0..<count {
        let store = "part-\(index)-of-\(count).sqlite"
        let result = try award(
          work, ["--store", store, "--partition", "\(index)/\(count)", "--commit-every", "5", "all.ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        for player in Self.lookalikes where try shown(work, store, player) != nil {
          #expect(owners[Array(player.utf8)] == nil)
          owners[Array(player.utf8)] = index
          #expect(try shown(work, store, player) == (try shown(work, "one.sqlite", player)))
        }
      }
      #expect(owners.count == Self.lookalikes.count, "every player in exactly one of \(count) partitions")
    }
  }

  @Test(arguments: [
    (#""player":"ana\u0000evil""#, 11, "'player' must not contain NUL (\\u0000)"),
    (#""player":"\u0000x""#, 11, "'player' must not contain NUL (\\u0000)"),
    (#""player":"ana","id":"w\u0000""#, 22, "'id' must not contain NUL (\\u0000)"),
  ])
  func nulInAnIdIsRefusedAtItsLine(field: String, column: Int, message: String) throws {
    let work = Paths.temporaryDirectory("store-nul")
    defer { try? FileManager.default.removeItem(at: work) }
    let rest = field.contains("\"id\"") ? "" : #","id":"w1""#
    let line =
      "{\(field)\(rest),\"type\":\"workout\",\"date\":\"2026-01-05\",\"category\":\"cardio\",\"durationMin\":30}"
    try write([Self.named(Self.events[0], "ana"), line], work.appendingPathComponent("e.ndjson"))
    for target in [["--store", "s.sqlite"], ["--state", "s.json"]] {
      let result = try award(work, target + ["e.ndjson"])
      #expect(result.status == 65)
      #expect(result.stderr.hasPrefix("e.ndjson:2:\(column): error: \(message)\n"), "\(result.stderr)")
    }
    // Only "ana" was stored: no player "ana" with the other's events, no empty id.
    #expect(try players(work, ["--store", "s.sqlite", "list", "--format", "json"]).stdout == "[\"ana\"]\n")
    #expect(try shown(work, "s.sqlite", "ana")?.appliedCount == 1)
  }

  @Test(arguments: ["", ":memory:", "file:s.sqlite?mode=memory", "file:real.sqlite", "FILE:x.sqlite"])
  func pathsSQLiteTreatsSpeciallyAreRefused(path: String) throws {
    let work = Paths.temporaryDirectory("store-special")
    defer { try? FileManager.default.removeItem(at: work) }
    try write([Self.named(Self.events[0], "ana")], work.appendingPathComponent("e.ndjson"))
    let result = try award(work, ["--store", path, "e.ndjson"])
    #expect(result.status == 66, "\(path): \(result.stderr)")
    #expect(result.stderr.contains("error: "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["e.ndjson"], "nothing created")
    let list = try players(work, ["--store", path, "list"])
    #expect(list.status == 66)
  }

  @Test func importChecksAndWritesInOneTransaction() throws {
    let work = Paths.temporaryDirectory("store-import-race")
    defer { try? FileManager.default.removeItem(at: work) }
    try write([Self.named(Self.events[0], "x")], work.appendingPathComponent("x.ndjson"))
    _ = try alone(work, Array(Self.events.prefix(5)), "solo")
    #expect(try award(work, ["--store", "s.sqlite", "x.ndjson"]).status == 0)
    // A writer holds the store while the import starts; it then adds player "y".
    try write([Self.named(Self.events[0], "y")], work.appendingPathComponent("y.ndjson"))
    // The writer has read "y" (a new player) and holds the write lock when the import starts.
    let engine = try Engine(rulesDirectory: Paths.rules)
    let holder = try SQLiteStore(path: work.file("s.sqlite"))
    let y = try #require(PlayerID("y"))
    #expect(try holder.load(y, engine: engine) == nil)
    #expect(try holder.lock(for: [y]).isEmpty)
    let process = try ChildProcess(
      Paths.fitquest,
      ["players", "--rules", Paths.rules, "--store", "s.sqlite", "import", "solo.json", "--player", "y"], in: work,
      capturesErrors: true)
    usleep(700_000)
    var state = engine.newPlayer()
    let event = Event(id: "c1", day: try #require(Day(iso: "2026-01-05")), kind: .dayClosed)
    try engine.apply(event, to: &state)
    try holder.record(
      PlayerChange(player: y, events: [AppliedEvent(id: "c1", day: event.day, line: event.jsonLine)], state: state))
    try holder.commit()
    process.waitUntilExit()
    let stderr = String(decoding: process.errors, as: UTF8.self)
    #expect(process.terminationStatus == 65, "\(stderr)")
    #expect(stderr.contains("already has a player 'y'"))
    #expect(try shown(work, "s.sqlite", "y")?.appliedCount == 1, "the writer's player is kept")
    let rerun = try award(work, ["--store", "s.sqlite", "x.ndjson"])
    #expect(rerun.status == 0, "the store stays usable: \(rerun.stderr)")
  }

  @Test func aBusyStoreIsExit75WithNoWaitAndAfterTheWait() throws {
    let work = Paths.temporaryDirectory("store-busy")
    defer { try? FileManager.default.removeItem(at: work) }
    try write([Self.named(Self.events[0], "ana")], work.appendingPathComponent("e.ndjson"))
    #expect(try award(work, ["--store", "s.sqlite", "e.ndjson"]).status == 0)
    try write([Self.named(Self.events[1], "ana")], work.appendingPathComponent("f.ndjson"))
    let holder = try SQLiteStore(path: work.file("s.sqlite"))
    _ = try holder.lock(for: [])
    defer { holder.rollback() }
    let noWait = try award(work, ["--store", "s.sqlite", "--no-wait", "f.ndjson"])
    #expect(noWait.status == 75, "\(noWait.stderr)")
    #expect(noWait.stderr.contains("s.sqlite: error: the store is locked by another process"))
    #expect(noWait.stderr.contains("note: run again when it is done, or omit --no-wait to wait for it"))
    let waited = try award(work, ["--store", "s.sqlite", "--wait-ms", "300", "f.ndjson"])
    #expect(waited.status == 75, "\(waited.stderr)")
    // It did wait: the note says so instead of suggesting to omit a flag not given.
    #expect(waited.stderr.contains("note: it held the lock for longer than the wait (300 ms)"), "\(waited.stderr)")
    #expect(!waited.stderr.contains("--no-wait"), "\(waited.stderr)")
    #expect(try shown(work, "s.sqlite", "ana")?.appliedCount == 1, "nothing of the refused runs saved")
  }

  @Test func aReadOnlyStoreCanBeListedShownExportedAndChecked() throws {
    let work = Paths.temporaryDirectory("store-readonly")
    defer {
      chmod(work.path, 0o755)
      try? FileManager.default.removeItem(at: work)
    }
    try write(Array(Self.interleaved.prefix(8)), work.appendingPathComponent("e.ndjson"))
    #expect(try award(work, ["--store", "s.sqlite", "e.ndjson"]).status == 0)
    chmod(work.file("s.sqlite"), 0o444)
    chmod(work.path, 0o555)
    for arguments in [["list"], ["show", "\u{E9}"], ["export", "\u{E9}"], ["check"]] {
      let result = try CommandRunner.fitquestUnprivileged(
        ["players", "--rules", Paths.rules, "--store", "s.sqlite"] + arguments, in: work)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(!result.stdout.isEmpty || arguments == ["check"])
    }
  }

  @Test func aRuleChangeIsAWarningWithAStoreAsWithAStateFile() throws {
    let work = Paths.temporaryDirectory("store-rule-change")
    defer { try? FileManager.default.removeItem(at: work) }
    try write(Array(Self.interleaved.prefix(8)), work.appendingPathComponent("e.ndjson"))
    try write(Array(Self.interleaved.dropFirst(8).prefix(4)), work.appendingPathComponent("f.ndjson"))
    #expect(try award(work, ["--store", "s.sqlite", "e.ndjson"]).status == 0)
    let changed = try award(work, ["--store", "s.sqlite", "--set", "xp.caps.perWorkout=400", "f.ndjson"])
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(
      changed.stderr.contains("warning: player '\u{212B}': the state was saved with rule pack 'default'"),
      "\(changed.stderr)")
  }

  @Test func importIsCheckedAgainstTheRules() throws {
    let work = Paths.temporaryDirectory("store-import-rules")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try alone(work, Array(Self.events.prefix(5)), "solo")
    #expect(try award(work, ["--store", "s.sqlite", "--allow-late", "/dev/null"]).status == 0)
    let other = Paths.repository.appendingPathComponent("Tests/EngineTests/Fixtures/mini").path
    let refused = try CommandRunner.fitquest(
      ["players", "--rules", other, "--store", "s.sqlite", "import", "solo.json", "--player", "solo"], in: work)
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(refused.stderr.contains("rule pack"))
    #expect(try players(work, ["--store", "s.sqlite", "list", "--format", "json"]).stdout == "[]\n")
    // The same pack with one file edited: another digest, the same name.
    let edited = work.appendingPathComponent("edited")
    try FileManager.default.copyItem(atPath: Paths.rules, toPath: edited.path)
    let xp = edited.appendingPathComponent("xp.json")
    try (String(contentsOf: xp, encoding: .utf8) + "\n").write(to: xp, atomically: true, encoding: .utf8)
    let changed = try CommandRunner.fitquest(
      ["players", "--rules", edited.path, "--store", "s.sqlite", "import", "solo.json", "--player", "solo"], in: work)
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stderr.contains("warning: "), "a state of other rules is imported with the rule-change warning")
  }

  @Test(arguments: [
    ["import", "solo.json", "--player", ""], ["import", "solo.json", "--player", String(repeating: "p", count: 201)],
    ["show", ""], ["export", String(repeating: "é", count: 101)],
  ])
  func playerIdsOnTheCommandLineAreChecked(arguments: [String]) throws {
    let work = Paths.temporaryDirectory("store-cli-ids")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try alone(work, Array(Self.events.prefix(2)), "solo")
    #expect(try award(work, ["--store", "s.sqlite", "/dev/null"]).status == 0)
    let result = try players(work, ["--store", "s.sqlite"] + arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("error: a player id is 1 to 200 bytes of UTF-8 without NUL"), "\(result.stderr)")
    #expect(try players(work, ["--store", "s.sqlite", "list", "--format", "json"]).stdout == "[]\n")
  }

  @Test func aPlayerIdThatIsNotUTF8OnTheCommandLineIsRefused() throws {
    let work = Paths.temporaryDirectory("store-cli-utf8")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try alone(work, Array(Self.events.prefix(2)), "solo")
    #expect(try award(work, ["--store", "s.sqlite", "/dev/null"]).status == 0)
    // A shell passes the byte 0xFF as it is; Foundation's Process cannot, so a script does.
    let script = "\"$0\" players --rules \"$1\" --store s.sqlite import solo.json --player \"$(printf 'a\\377b')\""
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, Paths.fitquest.path, Paths.rules], in: work)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("a player id is 1 to 200 bytes of UTF-8 without NUL"))
    #expect(try players(work, ["--store", "s.sqlite", "list", "--format", "json"]).stdout == "[]\n")
  }

  @Test func listingAnEmptyFileWritesNothingIntoIt() throws {
    let work = Paths.temporaryDirectory("store-empty")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = FileManager.default.createFile(atPath: work.file("empty.sqlite"), contents: Data())
    let result = try players(work, ["--store", "empty.sqlite", "list"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("empty.sqlite: error: not a FitQuest store (an empty file)"))
    let size = try FileManager.default.attributesOfItem(atPath: work.file("empty.sqlite"))[.size] as? Int
    #expect(size == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["empty.sqlite"])
  }
}
