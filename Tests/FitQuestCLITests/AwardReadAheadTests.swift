import Engine
import FitQuestTestSupport
import Foundation
import Testing

/// `award --store` reads and resolves its lines ahead, on a second thread, in groups of up to
/// 1,024 lines: what it applies, prints and reports must be what reading line by line gives.
@Suite struct AwardReadAheadTests {
  static let today = ["--today", "2030-01-01"]

  /// A meal of player `p(i mod 50)` on day `i / 50` from 2026-01-01.
  static func meal(_ index: Int) -> String {
    let day = Day(year: 2026, month: 1, day: 1).map { $0.adding(index / 50).iso } ?? "2026-01-01"
    return
      "{\"player\":\"p\(index % 50)\",\"type\":\"nutrition\",\"id\":\"n\(index)\",\"date\":\"\(day)\",\"intakeKcal\":2000,\"proteinG\":100}"
  }

  /// An invalid line after more than two groups (line 2,500 of 3,000, batches of 1,000): the
  /// 2,499 lines before it are applied and saved, it is reported at its own line and column,
  /// and the lines after it are not applied.
  @Test func aBadLineFarAheadStopsAtItsOwnLine() throws {
    let work = Paths.temporaryDirectory("read-ahead")
    defer { try? FileManager.default.removeItem(at: work) }
    var lines = (0..<3000).map(Self.meal)
    lines[2499] = "{\"player\":\"p1\",\"type\":\"nutrition\","
    try (lines.joined(separator: "\n") + "\n").write(
      to: work.appendingPathComponent("e.ndjson"), atomically: true, encoding: .utf8)
    let award =
      ["award", "--rules", Paths.rules] + Self.today + ["--store", "s.sqlite", "--commit-every", "1000", "e.ndjson"]
    let first = try CommandRunner.fitquest(award, in: work)
    #expect(first.status == 65)
    #expect(first.stderr.contains("e.ndjson:2500:35: error:"), "\(first.stderr)")
    #expect(first.stderr.contains("note: 2499 event(s) before line 2500 were applied and saved"), "\(first.stderr)")
    #expect(first.stderr.contains("applied 2499 event(s); store: s.sqlite"), "\(first.stderr)")
    // Fixed, the same command applies the rest: the line and the 500 after it.
    lines[2499] = Self.meal(2499)
    try (lines.joined(separator: "\n") + "\n").write(
      to: work.appendingPathComponent("e.ndjson"), atomically: true, encoding: .utf8)
    let second = try CommandRunner.fitquest(award, in: work)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("applied 501 event(s), 2499 already applied; store: s.sqlite"), "\(second.stderr)")
    // The store was closed as it should be: its write-ahead log is gone.
    #expect(!FileManager.default.fileExists(atPath: work.file("s.sqlite-wal")))
  }

  /// Lines arriving slowly on a pipe are applied as they come: a batch's awards are printed
  /// while the pipe stays open (a group of lines is handed on when the next line is not read
  /// yet, not when 1,024 lines have come), blank lines after its events included (a sender's
  /// keep-alive).
  @Test func aSlowPipesBatchIsAppliedBeforeItCloses() throws {
    let work = Paths.temporaryDirectory("read-ahead-pipe")
    defer { try? FileManager.default.removeItem(at: work) }
    let process = try ChildProcess(
      Paths.fitquest,
      ["award", "--rules", Paths.rules] + Self.today + ["--store", "s.sqlite", "--commit-every", "2", "-"], in: work,
      takesInput: true, capturesOutput: true, capturesErrors: true)
    let workouts = ["p0", "p1"].map {
      "{\"player\":\"\($0)\",\"type\":\"workout\",\"id\":\"w-\($0)\",\"date\":\"2026-01-01\",\"category\":\"strength\",\"durationMin\":60,\"rpe\":7}\n"
    }
    process.writeInput(Data((workouts.joined() + "\n \r\n").utf8))
    var printed = ""
    for _ in 0..<600 where !printed.contains("\"type\":\"xp\",\"event\":\"w-p1\"") {
      usleep(50_000)
      printed = String(decoding: process.output, as: UTF8.self)
    }
    // Both workouts' XP awards are out while the pipe is still open.
    #expect(printed.contains("\"type\":\"xp\",\"event\":\"w-p0\""), "\(printed)")
    #expect(printed.contains("\"type\":\"xp\",\"event\":\"w-p1\""), "\(printed)")
    #expect(process.isRunning)
    process.closeInput()
    #expect(process.wait().code == 0, "\(String(decoding: process.errors, as: UTF8.self))")
  }
}
