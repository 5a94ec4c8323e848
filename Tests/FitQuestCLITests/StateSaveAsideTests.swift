import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

/// `award --state` finishes each batch's save on another thread while the next batch is applied.
/// A save that fails there (the file-size limit, as on a full disk) is exit 74 with its message;
/// the summary counts only the events saved and names the state they left; the same command run
/// again applies exactly the events not saved, and the player ends as an uninterrupted run's.
@Suite(.serialized) struct StateSaveAsideTests {
  func award(_ work: URL, limitBlocks: Int? = nil) throws -> CommandResult {
    let command =
      (limitBlocks.map { "ulimit -f \($0) && " } ?? "")
      + "exec \"$0\" award --state state.json --rules \"$1\" --today 2030-01-01 --commit-every 50 events.ndjson"
    return try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command, Paths.fitquest.path, Paths.rules], in: work)
  }

  /// The `applied N event(s)` and `M already applied` counts of a summary line.
  func counts(_ stderr: String) -> (applied: Int, already: Int)? {
    guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("applied ") }) else { return nil }
    let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
    guard let applied = Int(words[1]) else { return nil }
    let already = words.firstIndex(of: "already").flatMap { Int(words[$0 - 1]) } ?? 0
    return (applied, already)
  }

  /// A string field of a JSON line.
  static func field(_ name: String, of line: Substring) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
    return object[name] as? String
  }

  @Test func aSaveFailingOnItsThreadIsExit74AndTheRerunAppliesWhatWasNotSaved() throws {
    let work = Paths.temporaryDirectory("state-save-aside")
    let whole = Paths.temporaryDirectory("state-save-whole")
    defer {
      try? FileManager.default.removeItem(at: work)
      try? FileManager.default.removeItem(at: whole)
    }
    let stream = LedgerDurabilityTests.stream
    #expect(stream.count == 947)
    for directory in [work, whole] {
      try (stream.joined(separator: "\n") + "\n").write(
        to: directory.appendingPathComponent("events.ndjson"), atomically: true, encoding: .utf8)
    }
    // 100 blocks of 512 bytes (51,200): the journal takes about 210 bytes an event (21,177 for
    // the first 100), so the fifth save (250 events, about 53,000 bytes) fails on its thread.
    let failed = try award(work, limitBlocks: 100)
    #expect(failed.status == 74, "\(failed.stderr)")
    #expect(
      failed.stderr.contains(
        "state.json.journal.1: error: cannot write: the file would exceed the size limit (ulimit -f); the previous state is intact"
      ))
    let saved = try #require(counts(failed.stderr))
    #expect(saved.applied == 200, "\(failed.stderr)")
    // The fifth batch was delivered before its save failed; the sixth, applied meanwhile, was
    // not: its awards wait for the save before it.
    let delivered = Set(failed.stdout.split(separator: "\n").compactMap { Self.field("event", of: $0) })
    let ids = stream.compactMap { Self.field("id", of: Substring($0)) }
    #expect(delivered.intersection(ids[200..<250]).count > 0)
    #expect(delivered.subtracting(ids[..<250]).count == 0)
    let engine = try Engine(rulesDirectory: Paths.rules)
    let state = try #require(try FileStore(path: work.file("state.json")).load(player: ""))
    #expect(state.appliedCount == 200)
    // The summary names the state saved, not a new player's.
    #expect(failed.stderr.contains("state: state.json (level \(state.level), \(state.xp) XP)"))
    // The limit gone, the same command applies the rest, and skips exactly the 200 saved.
    let again = try award(work)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(counts(again.stderr).map { [$0.applied, $0.already] } == [747, 200], "\(again.stderr)")
    #expect(try award(whole).status == 0)
    let after = try Ledger(store: FileStore(path: work.file("state.json")), engine: engine).state
    let uninterrupted = try Ledger(store: FileStore(path: whole.file("state.json")), engine: engine).state
    #expect(after.appliedCount == 947)
    #expect(after.progress == uninterrupted.progress)
  }

  @Test func aLastSaveFailingNamesTheStateTheFilesHold() throws {
    let work = Paths.temporaryDirectory("state-save-last")
    defer { try? FileManager.default.removeItem(at: work) }
    // One batch: the first 40 events of a new player, whose journal (about 8 kB) outgrows a
    // limit of 10 blocks (5,120 bytes). Nothing was saved, so the summary names a new player,
    // not the state the engine reached.
    try (LedgerDurabilityTests.stream.prefix(40).joined(separator: "\n") + "\n").write(
      to: work.appendingPathComponent("events.ndjson"), atomically: true, encoding: .utf8)
    let failed = try award(work, limitBlocks: 10)
    #expect(failed.status == 74, "\(failed.stderr)")
    #expect(failed.stderr.contains("state.json.journal.1: error: cannot write: the file would exceed the size limit"))
    #expect(failed.stderr.contains("applied 0 event(s); state: state.json (level 1, 0 XP)"), "\(failed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: work.file("state.json")))
  }
}
