import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Testing

/// `fitquest award` under SIGKILL, concurrent writers, a full disk and an unwritable directory.
@Suite(.serialized) struct LedgerDurabilityTests {
  /// A year of a five-day lifter (947 events, 19 saves at --commit-every 50), made once by the
  /// scenario generator.
  static let stream: [String] = {
    let result = try? CommandRunner.fitquest(
      ["simulate", "--format", "events", "--set", "scenario.duration.months=12", "scenarios/consistent-5x-lifter.json"])
    return (result?.stdout ?? "").split(separator: "\n").map(String.init)
  }()

  /// The stream runs two years from 2026-01-05: "today" is after its end.
  static let today = ["--today", "2030-01-01"]

  func write(_ lines: some Sequence<String>, to url: URL) throws {
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  /// A workspace holding the first 100 events' state ("the old state") and `count` events in
  /// events.ndjson; returns the old state's files (the state file, its journal and its ids).
  func workspaceWithOldState(_ work: URL, events count: Int) throws -> [String: Data] {
    try write(Self.stream.prefix(100), to: work.appendingPathComponent("first.ndjson"))
    try write(Self.stream.prefix(count), to: work.appendingPathComponent("events.ndjson"))
    #expect(try award(work, events: "first.ndjson").status == 0)
    return try stateFiles(work)
  }

  /// The bytes of `state.json` and the files beside it (not the lock).
  func stateFiles(_ work: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: work.path)
    where name.hasPrefix("state.json") && !name.hasSuffix(".lock") {
      files[name] = try Data(contentsOf: work.appendingPathComponent(name))
    }
    return files
  }

  /// The state the files of a workspace hold, as the store reads it.
  func loaded(_ work: URL, _ engine: Engine) throws -> PlayerState {
    try Ledger(store: FileStore(path: work.appendingPathComponent("state.json").path), engine: engine).state
  }

  func award(_ work: URL, _ extra: [String] = [], events: String = "events.ndjson") throws -> CommandResult {
    try CommandRunner.fitquest(
      ["award", "--state", "state.json", "--rules", Paths.rules] + Self.today + extra + [events], in: work)
  }

  /// Starts an award without waiting; its output is discarded.
  func start(_ work: URL, _ extra: [String], events: String = "events.ndjson") throws -> ChildProcess {
    try ChildProcess(
      Paths.fitquest, ["award", "--state", "state.json", "--rules", Paths.rules] + Self.today + extra + [events],
      in: work)
  }

  /// The states of applying the first `count` events in order, for each of `counts`, in this
  /// process (one pass over the stream for all of them).
  func statesAfter(_ counts: Set<Int>, engine: Engine) throws -> [Int: PlayerProgress] {
    var state = engine.newProgress()
    var states: [Int: PlayerProgress] = [:]
    if counts.contains(0) { states[0] = state }
    let decoder = EventDecoder(pack: engine.pack)
    for (index, line) in Self.stream.prefix(counts.max() ?? 0).enumerated() {
      _ = try engine.apply(
        try decoder.decode(line: Array(line.utf8), file: "events", lineNumber: index + 1), to: &state)
      if counts.contains(index + 1) { states[index + 1] = state }
    }
    return states
  }

  @Test func killedAtAnyMomentTheStateIsConsistentAndARerunFinishesExactly() throws {
    #expect(Self.stream.count > 900)
    let engine = try Engine(rulesDirectory: Paths.rules)
    // The reference: an uninterrupted run, after a first run of 100 events (the "old" state).
    let reference = Paths.temporaryDirectory("crash-reference")
    defer { try? FileManager.default.removeItem(at: reference) }
    let oldState = try workspaceWithOldState(reference, events: Self.stream.count)
    let began = Date()
    #expect(try award(reference, ["--commit-every", "50"]).status == 0)
    let duration = Date().timeIntervalSince(began)
    let expected = try loaded(reference, engine)

    var sawOld = false
    var sawNewer = false
    var killed: [(attempt: Int, count: Int, progress: PlayerProgress)] = []
    // Twelve moments (each kill is followed by a rerun to the end: about one whole run each).
    let kills = 12
    for attempt in 0..<kills {
      let work = Paths.temporaryDirectory("crash")
      defer { try? FileManager.default.removeItem(at: work) }
      try FileManager.default.copyItem(
        at: reference.appendingPathComponent("events.ndjson"), to: work.appendingPathComponent("events.ndjson"))
      for (name, bytes) in oldState { try bytes.write(to: work.appendingPathComponent(name)) }
      // Moments spread over the whole run, from start-up to the last save.
      let process = try start(work, ["--commit-every", "50"])
      Thread.sleep(forTimeInterval: duration * (Double(attempt) + 0.5) / Double(kills))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      // The file is whole and consistent: the state of exactly its first N events (checked below).
      let ledger = try Ledger(store: FileStore(path: work.appendingPathComponent("state.json").path), engine: engine)
      #expect(ledger.state.appliedCount >= 100 && ledger.state.appliedCount <= Self.stream.count)
      killed.append((attempt, ledger.state.appliedCount, ledger.state.progress))
      if ledger.state.appliedCount == 100 { sawOld = true } else { sawNewer = true }

      // Running the same command again ends exactly where the uninterrupted run did.
      #expect(try award(work, ["--commit-every", "50"]).status == 0)
      #expect(try loaded(work, engine) == expected, "attempt \(attempt)")
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains(".tmp-") }
      #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
    let states = try statesAfter(Set(killed.map(\.count)), engine: engine)
    for (attempt, count, progress) in killed {
      #expect(progress == states[count], "attempt \(attempt): \(count) events")
    }
    // The kills landed both before the first save and after some saves.
    #expect(sawOld && sawNewer)
  }

  @Test func concurrentWritersApplyEveryEventExactlyOnce() throws {
    // Three files dealt from the stream a day at a time (so each holds days older than the
    // others' and most events arrive late), the third repeating a tenth of the first's days;
    // three processes at once on one state file. (Whole days, because events of one day are
    // applied in arrival order: a companion chosen after the day's first workout is not the
    // same story as one chosen before it.)
    var random = TestRandom(seed: 7)
    var files: [[String]] = [[], [], []]
    var day = ""
    var index = 0
    var repeated = false
    for line in Self.stream {
      let date = line.range(of: #""date":""#).map { String(line[$0.upperBound...].prefix(10)) } ?? ""
      if date != day {
        day = date
        index = Int(random.next() % 3)
        repeated = index == 0 && random.next() % 10 == 0
      }
      files[index].append(line)
      if repeated { files[2].append(line) }
    }
    #expect(files.allSatisfy { $0.count > 250 })
    let work = Paths.temporaryDirectory("concurrent")
    defer { try? FileManager.default.removeItem(at: work) }
    for (index, lines) in files.enumerated() {
      try write(lines, to: work.appendingPathComponent("part\(index).ndjson"))
    }
    let window = ["--window", "3650", "--commit-every", "100"]
    let processes = try (0..<3).map { try start(work, window, events: "part\($0).ndjson") }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })

    // The same events in one file, in date order, in one run.
    let single = Paths.temporaryDirectory("concurrent-reference")
    defer { try? FileManager.default.removeItem(at: single) }
    try write(Self.stream, to: single.appendingPathComponent("events.ndjson"))
    #expect(try award(single, window).status == 0)
    let engine = try Engine(rulesDirectory: Paths.rules)
    let together = try Ledger(store: FileStore(path: work.appendingPathComponent("state.json").path), engine: engine)
    let alone = try Ledger(store: FileStore(path: single.appendingPathComponent("state.json").path), engine: engine)
    #expect(together.state.appliedCount == Self.stream.count)
    #expect(together.state.progress == alone.state.progress)
  }

  @Test func aFullDiskFailsClearlyAndKeepsTheOldState() throws {
    let work = Paths.temporaryDirectory("full-disk")
    defer { try? FileManager.default.removeItem(at: work) }
    let old = try workspaceWithOldState(work, events: Self.stream.count)
    // A file-size limit below the new state's size: writing it fails as on a full disk.
    let command = "ulimit -f 60 && exec \"$0\" award --state state.json --rules \"$1\" events.ndjson"
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command, Paths.fitquest.path, Paths.rules], in: work)
    #expect(result.status == 74)
    #expect(
      result.stderr.contains(
        "error: cannot write: the file would exceed the size limit (ulimit -f); the previous state is intact"))
    let engine = try Engine(rulesDirectory: Paths.rules)
    #expect(try Data(contentsOf: work.appendingPathComponent("state.json")) == old["state.json"])
    #expect(try loaded(work, engine).appliedCount == 100)
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains(".tmp-") }.isEmpty)
    // With room again, the same command completes.
    #expect(try award(work).status == 0)
  }

  @Test func anUnwritableDirectoryFailsClearlyAndKeepsTheOldState() throws {
    let work = Paths.temporaryDirectory("read-only")
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.path)
      try? FileManager.default.removeItem(at: work)
    }
    let old = try workspaceWithOldState(work, events: 200)
    // The lock file may be shared; the directory takes no new file.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o666], ofItemAtPath: work.appendingPathComponent("state.json.lock").path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: work.path)
    let result = try CommandRunner.fitquestUnprivileged(
      ["award", "--state", "state.json", "--rules", Paths.rules] + Self.today + ["events.ndjson"], in: work)
    #expect(result.status == 74)
    #expect(
      result.stderr.contains(
        "state.json.journal.1: error: cannot open: permission denied; the previous state is intact"))
    #expect(try stateFiles(work) == old)
  }
}
