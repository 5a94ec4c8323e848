import FitQuestTestSupport
import Ledger
import RuleLanguage
import Store
import Testing

/// `Partition.of(line:)` (what `fitquest split` sends a line by) finds the top-level "player" of
/// an event line without decoding the event, and gives the partition of that id's bytes —
/// whatever comes before it (nested "player" keys, escaped quotes, brackets inside strings),
/// with escapes in the id or the key read by the full JSON reader; a line without a usable id
/// is a located error.
@Suite struct PartitionLineTests {
  static func partition(_ line: String, count: Int = 7) throws -> Int {
    try Partition.of(line: Array(line.utf8)[...], count: count, file: "events.ndjson", lineNumber: 4)
  }

  static func expected(_ id: [UInt8], count: Int = 7) -> Int {
    Int(Partition.hash(String(decoding: id, as: UTF8.self)) % UInt64(count))
  }

  @Test(arguments: [
    (#"{"player":"ana","x":1}"#, Array("ana".utf8)),
    (#"{"id":"e1","meta":{"player":"evil"},"player":"bo"}"#, Array("bo".utf8)),
    (#"{"note":"a \"player\": \"x\", }","player":"chen"}"#, Array("chen".utf8)),
    (#"{"list":[{"player":"x"},[1,2,{"a":"]"}]],"n":-1.5e3,"ok":true,"player":"dara"}"#, Array("dara".utf8)),
    (#"  { "player" : "fay" }  "#, Array("fay".utf8)),
    (#"{"player":"Å"}"#, [0xC3, 0x85]),
    (#"{"player":"\u00c5"}"#, [0xC3, 0x85]),
    (#"{"player":"A\u030a"}"#, [0x41, 0xCC, 0x8A]),
    (#"{"pl\u0061yer":"eve","id":"e2"}"#, Array("eve".utf8)),
    (#"{"player":"tab\there"}"#, Array("tab\there".utf8)),
    // Only the player is read: the rest is the business of the award that applies the line.
    (#"{"player":"gus","date":"#, Array("gus".utf8)),
  ])
  func findsThePlayer(line: String, id: [UInt8]) throws {
    #expect(try Self.partition(line) == Self.expected(id), "\(line)")
    #expect(try Self.partition(line, count: 1) == 0)
  }

  @Test func canonicallyEquivalentIdsAreHashedByTheirBytes() throws {
    // "Å" (U+00C5) is C3 85 and "A" + U+030A is 41 CC 8A: FNV-1a of each, by hand-checked vectors.
    #expect(Partition.hash("\u{00C5}") != Partition.hash("A\u{030A}"))
    let composed = try Self.partition(#"{"player":"\u00c5"}"#, count: 1 << 20)
    let decomposed = try Self.partition(#"{"player":"A\u030a"}"#, count: 1 << 20)
    #expect(composed == Self.expected([0xC3, 0x85], count: 1 << 20))
    #expect(decomposed == Self.expected([0x41, 0xCC, 0x8A], count: 1 << 20))
    #expect(composed != decomposed)
  }

  @Test(arguments: [
    (#"{"id":"x","date":"2026-01-01"}"#, "events.ndjson:4:1: error: an event needs \"player\" (a string)"),
    (#"{"id":"x","player":3}"#, "events.ndjson:4:20: error: an event needs \"player\" (a string)"),
    (#"{"player":""}"#, "events.ndjson:4:11: error: \"player\": a player id is 1 to 200 bytes"),
    (#"{"player":"a\u0000b"}"#, "events.ndjson:4:11: error: \"player\": a player id is 1 to 200 bytes"),
    ("{\"player\":\"\(String(repeating: "x", count: 201))\"}", "events.ndjson:4:11: error: \"player\": a player id"),
    ("[1,2]", "events.ndjson:4:1: error: an event needs \"player\" (a string)"),
    ("not json", "events.ndjson:4:1: error:"),
  ])
  func aLineWithoutAnIdIsALocatedError(line: String, message: String) {
    do {
      let partition = try Self.partition(line)
      Issue.record("\(line) went to partition \(partition)")
    } catch {
      let text = "\(error)"
      #expect(text.contains(message), "\(text)")
    }
  }

  /// Random events with "player" anywhere among members holding strings with escapes, nested
  /// objects and arrays (some with "player" keys of their own), and random spacing.
  @Test func randomLinesGoWhereTheirIdSays() throws {
    var random = TestRandom(seed: 21)
    let pieces = [
      #""id":"e\"1\\""#, #""date":"2026-02-03""#, #""meta":{"player":"nested","a":[1,{"b":"}"}]}"#,
      #""sets":[{"reps":5,"weightKg":62.5},{"reps":3}]"#, #""note":"[{,\u0041\"}""#, #""rpe":7"#, #""x":null"#,
    ]
    for round in 0..<500 {
      let id = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        ["a", "Z", "7", "é", "_", "\\u00e9", "\\\"", " "].randomElement(using: &random) ?? "a"
      }.joined()
      var members = pieces.filter { _ in Bool.random(using: &random) }
      members.insert("\"player\":\"\(id)\"", at: Int.random(in: 0...members.count, using: &random))
      let space = [" ", "", "\t"][round % 3]
      let line = "{\(space)" + members.joined(separator: ",\(space)") + "\(space)}"
      let bytes = Array(
        id.replacingOccurrences(of: "\\u00e9", with: "é").replacingOccurrences(of: "\\\"", with: "\"").utf8)
      #expect(try Self.partition(line, count: 13) == Self.expected(bytes, count: 13), "\(line)")
    }
  }
}
