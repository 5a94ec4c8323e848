import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@Suite struct AwardCommandTests {
  func award(_ arguments: [String], in directory: URL, stdin: String? = nil) throws -> CommandResult {
    try CommandRunner.fitquest(["award", "--rules", Paths.rules] + arguments, stdin: stdin, in: directory)
  }

  @Test func secondRunAwardsNothingAndLeavesTheStateUnchanged() throws {
    let work = try CLIFixture.workspace()
    let first = try award(["--state", "player.json", "events.ndjson"], in: work)
    #expect(first.status == 0)
    #expect(first.stdout.contains(#"{"type":"xp","event":"w-0001""#))
    #expect(first.stderr.contains("applied 5 event(s)"))
    let saved = try Data(contentsOf: URL(fileURLWithPath: work.file("player.json")))
    let second = try award(["--state", "player.json", "events.ndjson"], in: work)
    #expect(second.status == 0)
    #expect(
      second.stdout.split(separator: "\n").map(String.init) == [
        #"{"type":"skipped","event":"w-0001","date":"2026-01-05","reason":"already applied"}"#,
        #"{"type":"skipped","event":"n-0001","date":"2026-01-05","reason":"already applied"}"#,
        #"{"type":"skipped","event":"w-0002","date":"2026-01-07","reason":"already applied"}"#,
        #"{"type":"skipped","event":"n-0002","date":"2026-01-07","reason":"already applied"}"#,
        #"{"type":"skipped","event":"w-0003","date":"2026-01-09","reason":"already applied"}"#,
      ])
    #expect(try Data(contentsOf: URL(fileURLWithPath: work.file("player.json"))) == saved)
  }

  @Test func badLineKeepsTheEventsBeforeItAndExits65() throws {
    let work = try CLIFixture.workspace()
    var lines = try String(contentsOfFile: work.file("events.ndjson"), encoding: .utf8).split(separator: "\n").map(
      String.init)
    lines[2] = lines[2].replacingOccurrences(of: #""rpe":6"#, with: #""rpe":11"#)
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: work.file("events.ndjson"), atomically: true, encoding: .utf8)
    let result = try award(["--state", "player.json", "events.ndjson"], in: work)
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        """
        events.ndjson:3:96: error: 'rpe' must be between 1 and 10; found 11
         3 | …"date":"2026-01-07","category":"cardio","durationMin":40,"rpe":11,"activeKcal":410,"distanceKm":7.5}
           |                                                                 ^
        """))
    #expect(result.stderr.contains("note: 2 event(s) before line 3 were applied and saved"))
    // Fix the line and run again: the first two are skipped, the rest applied.
    lines[2] = lines[2].replacingOccurrences(of: #""rpe":11"#, with: #""rpe":6"#)
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: work.file("events.ndjson"), atomically: true, encoding: .utf8)
    let retry = try award(["--state", "player.json", "events.ndjson"], in: work)
    #expect(retry.status == 0)
    #expect(retry.stderr.contains("applied 3 event(s), 2 already applied"))
    // The end state is the one of a clean run.
    let clean = try CLIFixture.workspace()
    _ = try award(["--state", "player.json", "events.ndjson"], in: clean)
    let engine = try Engine(rulesDirectory: Paths.rules)
    #expect(
      try Ledger(store: FileStore(path: work.file("player.json")), engine: engine).state.progress
        == (try Ledger(store: FileStore(path: clean.file("player.json")), engine: engine).state.progress))
  }

  @Test func backDatedEventIsPlacedInDateOrder() throws {
    let work = try CLIFixture.workspace()
    _ = try award(["--state", "player.json", "events.ndjson"], in: work)
    let late = #"{"type":"workout","id":"w-0000","date":"2026-01-06","category":"flexibility","durationMin":30}"#
    let result = try award(["--state", "player.json", "-"], in: work, stdin: late + "\n")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains(#"{"type":"late","event":"w-0000","date":"2026-01-06"}"#))
    // Later awards moved (the nutrition target of the 6th now sees the workout): a correction.
    let correction = try Award(jsonLine: try #require(lines.last))
    guard let change = correction.payload(as: Correction.self) else { Issue.record("no correction: \(lines)"); return }
    #expect(change.reason == .late && change.replayed == 3 && change.xp.from < change.xp.to)
    // The same events applied in date order from scratch give the same state.
    let inOrder = try CLIFixture.workspace()
    var ordered = try String(contentsOfFile: inOrder.file("events.ndjson"), encoding: .utf8).split(separator: "\n").map(
      String.init)
    ordered.insert(late, at: 2)
    try (ordered.joined(separator: "\n") + "\n").write(
      toFile: inOrder.file("events.ndjson"), atomically: true, encoding: .utf8)
    _ = try award(["--state", "player.json", "events.ndjson"], in: inOrder)
    let engine = try Engine(rulesDirectory: Paths.rules)
    #expect(
      try Ledger(store: FileStore(path: work.file("player.json")), engine: engine).state.progress
        == (try Ledger(store: FileStore(path: inOrder.file("player.json")), engine: engine).state.progress))
  }

  @Test func aSecondWriterFailsClearlyOrWaits() throws {
    let work = try CLIFixture.workspace()
    var lock: FileLock? = try FileLock(path: work.file("player.json.lock"), wait: false)
    let busy = try award(["--state", "player.json", "--no-wait", "events.ndjson"], in: work)
    #expect(busy.status == 75)
    #expect(busy.stderr.contains("error: the state is locked by another process applying events to it"))
    #expect(busy.stderr.contains("note: run again when it is done, or omit --no-wait to wait for it"))
    #expect(!FileManager.default.fileExists(atPath: work.file("player.json")))
    // Without --no-wait it waits for the lock, then runs.
    let process = try ChildProcess(
      Paths.fitquest, ["award", "--rules", Paths.rules, "--state", "player.json", "events.ndjson"], in: work,
      capturesErrors: true)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(process.isRunning)
    lock = nil
    process.waitUntilExit()
    _ = lock
    #expect(process.terminationStatus == 0)
    let stderr = String(decoding: process.errors, as: UTF8.self)
    #expect(stderr.contains("waiting for the lock on player.json"))
  }

  @Test func sameEventsInTwoProcessesGiveByteIdenticalOutput() throws {
    let a = try CLIFixture.workspace()
    let b = try CLIFixture.workspace()
    let first = try award(["--state", "player.json", "events.ndjson"], in: a)
    let second = try award(["--state", "player.json", "events.ndjson"], in: b)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: a.file("player.json")))
        == (try Data(contentsOf: URL(fileURLWithPath: b.file("player.json")))))
    let text = try award(["--state", "other.json", "--format", "text", "events.ndjson"], in: a)
    #expect(
      text.stdout.contains(
        "2026-01-05 w-0001 xp: +214 XP = round((base 50 + duration 82.5 + sets 4 + volume 10.13) × category 1.2 × intensity 1.1 = 193.55) = 194 + firstOfWeek bonus 20"
      ))
  }

  @Test func usageErrorsExit64() throws {
    let result = try CommandRunner.fitquest(["award", "--rules", Paths.rules])
    #expect(result.status == 64)
    #expect(result.stderr.contains("error: missing --state FILE"))
    #expect(result.stderr.contains("usage: fitquest award (--state FILE | --store FILE.sqlite [--partition I/N])"))
    let typo = try CommandRunner.fitquest(["award", "--stat", "x.json"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("error: unknown option '--stat'; did you mean '--state'?"))
  }
}
