import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// Events are kept (in the replay window) and logged (in a store's history) in their canonical
/// compact form, whatever the line as received held: a line padded with a mebibyte of spaces
/// costs its event's size, not the line's.
@Suite struct CompactHistoryTests {
  @Test func paddedLinesAreKeptAndLoggedCompact() throws {
    let work = Paths.temporaryDirectory("compact")
    defer { try? FileManager.default.removeItem(at: work) }
    let padding = String(repeating: " ", count: 1 << 20)
    var lines: [String] = []
    for index in 0..<12 {
      let date = Day(year: 2026, month: 1, day: 5)?.adding(index).iso ?? ""
      lines.append(
        "{\"player\" : \"ana\",\(padding)\"type\":\"workout\",\"id\":\"w\(index)\",\"date\":\"\(date)\",\"category\":\"cardio\",\"durationMin\":30.000}"
      )
    }
    try (lines.joined(separator: "\n") + "\n").write(
      to: work.appendingPathComponent("padded.ndjson"), atomically: false, encoding: .utf8)
    for target in [["--store", "s.sqlite"], ["--state", "s.json"]] {
      let result = try CommandRunner.fitquest(
        ["award", "--rules", Paths.rules, "--today", "2030-01-01"] + target + ["padded.ndjson"], in: work)
      #expect(result.status == 0, "\(result.stderr)")
    }
    // 12 lines of 1 MiB each: the store, the state file and its journal hold a few kilobytes.
    let files = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("s.") }
    for file in files {
      let size = try FileManager.default.attributesOfItem(atPath: work.file(file))[.size] as? Int ?? 0
      #expect(size < 200_000, "\(file): \(size) bytes")
    }
    let history = try SQLiteStore(path: work.file("s.sqlite"), access: .readOnly).history(
      of: try #require(PlayerID("ana")))
    #expect(history.count == 12)
    #expect(
      history.first
        == #"{"type":"workout","id":"w0","player":"ana","date":"2026-01-05","category":"cardio","durationMin":30}"#)
    let state = try #require(try FileStore(path: work.file("s.json")).load(player: ""))
    #expect(state.history.kept.map(\.line) == history)
  }
}
