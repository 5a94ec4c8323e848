import Testing

@testable import Benchmarks

/// The bench's table keeps its columns apart whatever the widths of their texts.
@Suite struct BenchTableTests {
  static func result(_ name: String, size: String) -> BenchResult {
    BenchResult(name: name, size: size, seconds: 6.35, throughput: 329_865, unit: "events/s", peakBytes: 1_128_267_776)
  }

  /// "migrate --store, 2 threads" is 26 characters, the workload column's width: it ran into its
  /// size ("…2 threads10,000 players…").
  @Test func aNameAsWideAsItsColumnIsFollowedByASpace() {
    let table = BenchFormat.table([Self.result("migrate --store, 2 threads", size: "10,000 players")])
    let row = table.split(separator: "\n")[1]
    #expect(row.hasPrefix("migrate --store, 2 threads 10,000 players"))
  }

  /// A shorter name is padded to the column, as before: the size starts at character 27.
  @Test func aShortNameIsPaddedToTheColumn() {
    let table = BenchFormat.table([Self.result("players show", size: "1 of 100,000 players")])
    let row = table.split(separator: "\n")[1]
    #expect(row.hasPrefix("players show" + String(repeating: " ", count: 14) + "1 of 100,000 players "))
    #expect(row.hasSuffix(" 6.350 s      329,865 events/s   1076.0 MB"))
  }
}
