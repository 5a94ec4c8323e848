import FitQuestTestSupport
import Foundation
import Testing

/// `fitquest bench --only store`: the two-partition row runs the same events as the one-process
/// row, and a kept directory's stores are replaced by a second run rather than added to.
@Suite struct BenchStoreCommandTests {
  /// The store workload at its smallest, as JSON objects by name.
  func bench(keep: URL) throws -> [String: [String: Any]] {
    let result = try CommandRunner.fitquest([
      "bench", "--quick", "--only", "store", "--json", "--store-players", "30", "--repetitions", "1",
      "--keep", keep.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    var rows: [String: [String: Any]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let object, let name = object["name"] as? String { rows[name] = object }
    }
    return rows
  }

  @Test func twoPartitionsRunTheSameEventsAndKeptStoresAreReplaced() throws {
    let keep = Paths.temporaryDirectory("bench-store")
    defer { try? FileManager.default.removeItem(at: keep) }
    let rows = try bench(keep: keep)
    let single = try #require(rows["award --store"])
    let partitions = try #require(rows["award --store, 2 partitions"])
    // 30 players × 30 days: the same stream, split once into two parts that were both awarded.
    #expect(partitions["size"] as? String == single["size"] as? String)
    #expect((partitions["throughput"] as? Double ?? 0) > 0)
    #expect((partitions["splitSeconds"] as? Double ?? 0) > 0)
    for index in 0..<2 {
      let part = keep.appendingPathComponent("parts/part-\(index)-of-2.ndjson")
      #expect(try String(contentsOf: part, encoding: .utf8).contains("\"player\""))
      #expect(FileManager.default.fileExists(atPath: keep.file("partition-\(index)-of-2-0.sqlite")))
    }
    // Stores a second run would have reused: made unreadable, they must be replaced, not opened.
    let kept = ["store-0", "fewer", "partition-0-of-2-0", "partition-1-of-2-0", "big"]
    for name in kept { try Data("not a database".utf8).write(to: keep.appendingPathComponent("\(name).sqlite")) }
    let again = try bench(keep: keep)
    #expect(again["award --store, 2 partitions"] != nil)
    #expect(again["players show"] != nil)
  }
}
