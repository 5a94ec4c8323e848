import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// `fitquest split`: the stream cut once into N part files, each line in its player's partition
/// in the order read, so that awarding each part with `--partition I/N` gives the stores one
/// store would hold; a bad line or a path it must not replace leaves every part file as it was.
@Suite struct SplitCommandTests {
  let store = StoreCommandTests()

  func split(_ work: URL, _ arguments: [String]) throws -> CommandResult {
    try CommandRunner.fitquest(["split"] + arguments, in: work)
  }

  func lines(_ url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
  }

  @Test func partsAwardedApartEqualOneStore() throws {
    let work = Paths.temporaryDirectory("split")
    defer { try? FileManager.default.removeItem(at: work) }
    let all = StoreCommandTests.mixed(seed: 6)
    try store.write(Array(all.prefix(50)) + [""] + Array(all.dropFirst(50)), work.appendingPathComponent("all.ndjson"))
    let result = try split(work, ["--partitions", "3", "--output-dir", "parts", "all.ndjson"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("split \(all.count) event(s) of all.ndjson into 3 partition(s) in parts: "))
    #expect(try store.award(work, ["--store", "one.sqlite", "--allow-late", "all.ndjson"]).status == 0)
    var union: [String: PlayerState] = [:]
    for index in 0..<3 {
      let part = work.appendingPathComponent("parts/part-\(index)-of-3.ndjson")
      // Each line of the stream whose player is of this partition, in the order read.
      let own = all.filter {
        Partition(index: index, count: 3)?.owns(StoreCommandTests.field("player", $0) ?? "") == true
      }
      #expect(try lines(part) == own)
      let awarded = try store.award(
        work, ["--store", "part-\(index).sqlite", "--partition", "\(index)/3", "--allow-late", part.path])
      #expect(awarded.status == 0, "\(awarded.stderr)")
      #expect(!awarded.stderr.contains("other partitions"))
      for (player, state) in try store.states(work.appendingPathComponent("part-\(index).sqlite")) {
        union[player] = state
      }
    }
    #expect(union.count == StoreCommandTests.players.count)
    #expect(union == (try store.states(work.appendingPathComponent("one.sqlite"))))
  }

  @Test func aBadLineChangesNoPartFile() throws {
    let work = Paths.temporaryDirectory("split-bad")
    defer { try? FileManager.default.removeItem(at: work) }
    let parts = work.appendingPathComponent("parts")
    try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
    try "before\n".write(to: parts.appendingPathComponent("part-0-of-2.ndjson"), atomically: true, encoding: .utf8)
    let good = Array(StoreCommandTests.mixed(seed: 2).prefix(2))
    try store.write(
      good + [#"{"type":"workout","id":"w9","date":"2026-01-05"}"#], work.appendingPathComponent("e.ndjson"))
    let result = try split(work, ["--partitions", "2", "--output-dir", "parts", "e.ndjson"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("e.ndjson:3:1: error: an event needs \"player\" (a string)"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parts.path) == ["part-0-of-2.ndjson"])
    #expect(try lines(parts.appendingPathComponent("part-0-of-2.ndjson")) == ["before"])
  }

  @Test func pathsOfAnotherKindAndUsageAreRefused() throws {
    let work = Paths.temporaryDirectory("split-paths")
    defer { try? FileManager.default.removeItem(at: work) }
    try store.write(Array(StoreCommandTests.mixed(seed: 3).prefix(3)), work.appendingPathComponent("e.ndjson"))
    try "x".write(to: work.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    let notDirectory = try split(work, ["--partitions", "2", "--output-dir", "file", "e.ndjson"])
    #expect(notDirectory.status == 74)
    #expect(notDirectory.stderr.contains("file: is not a directory"), "\(notDirectory.stderr)")
    try FileManager.default.createDirectory(
      at: work.appendingPathComponent("parts/part-1-of-2.ndjson"), withIntermediateDirectories: true)
    let directoryPart = try split(work, ["--partitions", "2", "--output-dir", "parts", "e.ndjson"])
    #expect(directoryPart.status == 74)
    #expect(directoryPart.stderr.contains("part-1-of-2.ndjson: is a directory; refusing to replace it"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("parts").path).count == 1)
    #expect(try split(work, ["--output-dir", "out", "e.ndjson"]).status == 64)
    #expect(try split(work, ["--partitions", "0", "--output-dir", "out", "e.ndjson"]).status == 64)
    #expect(try split(work, ["--partitions", "2", "e.ndjson"]).status == 64)
    let missing = try split(work, ["--partitions", "2", "--output-dir", "out", "none.ndjson"])
    #expect(missing.status == 66)
  }
}
