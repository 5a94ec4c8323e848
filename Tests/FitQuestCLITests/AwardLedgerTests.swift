import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

/// `fitquest award` as a ledger: batching does not change the outcome, retractions in NDJSON,
/// awards delivered before their events are saved, a symlinked state file, text output.
@Suite struct AwardLedgerTests {
  func award(_ arguments: [String], in directory: URL, stdin: String? = nil) throws -> CommandResult {
    try CommandRunner.fitquest(
      ["award", "--rules", Paths.rules, "--today", "2026-12-31"] + arguments, stdin: stdin, in: directory)
  }

  func state(_ path: String) throws -> PlayerState {
    try Ledger(store: FileStore(path: path), engine: Engine(rulesDirectory: Paths.rules)).state
  }

  /// A stream in arrival order: days out of order, repeats, and events far older than the
  /// window (2020), seeded.
  func stream(seed: UInt64) -> [String] {
    var random = TestRandom(seed: seed)
    var lines: [String] = []
    for index in 0..<80 {
      let day: String
      switch Int.random(in: 0..<10, using: &random) {
      case 0: day = "2020-01-0\(Int.random(in: 1...9, using: &random))"
      default:
        let offset = Int.random(in: 0..<90, using: &random)
        // swift-format-ignore: NeverForceUnwrap
        day = Day(year: 2026, month: 3, day: 1)!.adding(offset).iso
      }
      let id =
        Int.random(in: 0..<8, using: &random) == 0 && index > 0
        ? "w\(Int.random(in: 0..<index, using: &random))" : "w\(index)"
      let category = ["strength", "cardio", "other"][Int.random(in: 0..<3, using: &random)]
      lines.append(
        #"{"type":"workout","id":"\#(id)","date":"\#(day)","category":"\#(category)","durationMin":\#(Int.random(in: 15...90, using: &random))}"#
      )
    }
    return lines
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func anySplitOfAFileGivesTheSameState(seed: UInt64) throws {
    let lines = stream(seed: seed)
    let whole = Paths.temporaryDirectory("whole")
    defer { try? FileManager.default.removeItem(at: whole) }
    try (lines.joined(separator: "\n") + "\n").write(
      to: whole.appendingPathComponent("events.ndjson"), atomically: true, encoding: .utf8)
    let one = try award(["--state", "s.json", "--allow-late", "events.ndjson"], in: whole)
    #expect(one.status == 0)
    #expect(one.stdout.contains(#""type":"dropped""#), "the stream should hold events before the window")

    var random = TestRandom(seed: seed &+ 100)
    let split = Paths.temporaryDirectory("split")
    defer { try? FileManager.default.removeItem(at: split) }
    var start = 0
    var runs = 0
    while start < lines.count {
      let end = min(lines.count, start + Int.random(in: 1...15, using: &random))
      let result = try award(
        ["--state", "s.json", "-"], in: split, stdin: lines[start..<end].joined(separator: "\n") + "\n")
      #expect(result.status == 0 || result.status == 3)
      start = end
      runs += 1
    }
    #expect(runs > 4)
    #expect(try state(split.file("s.json")).progress == (try state(whole.file("s.json")).progress))
  }

  @Test func aRetractionLineWithdrawsAnEvent() throws {
    let work = try CLIFixture.workspace()
    _ = try award(["--state", "player.json", "events.ndjson"], in: work)
    let before = try state(work.file("player.json"))
    let retraction = #"{"type":"retraction","id":"r1","date":"2026-01-10","of":"w-0002"}"#
    let result = try award(["--state", "player.json", "-"], in: work, stdin: retraction + "\n")
    #expect(result.status == 0)
    let line = try #require(result.stdout.split(separator: "\n").first.map(String.init))
    let correction = try Award(jsonLine: line)
    guard let change = correction.payload(as: Correction.self) else {
      Issue.record("not a correction: \(line)"); return
    }
    #expect(change.reason == .retraction && change.xp.from == before.xp)
    #expect(change.withdrawn.contains { $0.id == "w-0002/xp" })
    // The state is the one of the other four events.
    let without = try CLIFixture.workspace()
    let kept = try String(contentsOfFile: without.file("events.ndjson"), encoding: .utf8).split(separator: "\n")
      .filter { !$0.contains(#""id":"w-0002""#) }
    _ = try award(["--state", "player.json", "-"], in: without, stdin: kept.joined(separator: "\n") + "\n")
    #expect(try state(work.file("player.json")).progress == (try state(without.file("player.json")).progress))
    // Sent again, the retraction is skipped like any applied id.
    let again = try award(["--state", "player.json", "-"], in: work, stdin: retraction + "\n")
    #expect(again.stdout.contains(#"{"type":"skipped","event":"r1""#))
  }

  @Test func awardsThatCannotBeWrittenAreNeverSaved() throws {
    let work = try CLIFixture.workspace()
    let command = "exec \"$0\" award --rules \"$1\" --today 2026-12-31 --state player.json events.ndjson > /dev/full"
    let full = try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command, Paths.fitquest.path, Paths.rules], in: work)
    #expect(full.status == 74)
    #expect(
      full.stderr.contains(
        "error: cannot write the awards to standard output (No space left on device); the last 5 event(s) were not saved"
      ))
    #expect(!FileManager.default.fileExists(atPath: work.file("player.json")))
    // Run again with somewhere to write: every award is printed, nothing is "skipped".
    let retry = try award(["--state", "player.json", "events.ndjson"], in: work)
    #expect(retry.status == 0 && !retry.stdout.contains("skipped"))
    #expect(retry.stdout.contains(#"{"type":"xp","event":"w-0001""#))
  }

  @Test func aSymlinkedStateUpdatesItsFileAndStaysALink() throws {
    let work = try CLIFixture.workspace()
    let real = Paths.temporaryDirectory("real-state")
    defer { try? FileManager.default.removeItem(at: real) }
    try FileManager.default.createSymbolicLink(
      atPath: work.file("player.json"), withDestinationPath: real.file("alice.json"))
    #expect(try award(["--state", "player.json", "events.ndjson"], in: work).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: work.file("player.json"))
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(try state(real.file("alice.json")).appliedCount == 5)
    #expect(FileManager.default.fileExists(atPath: real.file("alice.json.lock")))
  }

  @Test func textOutputEscapesControlCharacters() throws {
    let work = try CLIFixture.workspace()
    let line =
      #"{"type":"workout","id":"w\u0007\u001b[2Jx","date":"2026-01-05","category":"strength","durationMin":30}"#
    let result = try award(["--state", "player.json", "--format", "text", "-"], in: work, stdin: line + "\n")
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{7}") && !result.stdout.contains("\u{1b}"))
    #expect(result.stdout.contains(#"2026-01-05 w\u{7}\u{1b}[2Jx xp: "#))
  }
}
