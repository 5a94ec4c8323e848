import Engine
import FitQuestTestSupport
import Foundation
import Store
import Testing

/// The store's compact form of a player: decodes to the same state as JSON does, and damaged
/// bytes are errors, never crashes.
@Suite struct CompactFormTests {
  /// Players after the first `count` events of shipped scenarios' streams.
  static func players(
    _ count: Int, of scenarios: [String] = ["beginner-3x", "consistent-5x-lifter", "dieter"]
  ) throws -> [PlayerState] {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var states: [PlayerState] = []
    for scenario in scenarios {
      let result = try CommandRunner.fitquest(["simulate", "--format", "events", "scenarios/\(scenario).json"])
      var player = engine.newPlayer()
      let decoder = EventDecoder(pack: engine.pack)
      for (index, line) in result.stdout.split(separator: "\n").prefix(count).enumerated() {
        _ = try engine.record(
          try decoder.resolve(line: Array(line.utf8), file: "events", lineNumber: index + 1), line: String(line),
          to: &player)
      }
      states.append(player)
    }
    return states
  }

  @Test func roundTripsToTheSameStateAsJSON() throws {
    for state in try Self.players(150) {
      let saved = state.withoutHistoryLog
      let compact = try CompactEncoder.encode(saved)
      let json = try saved.data()
      let back = try CompactDecoder.decode(PlayerState.self, from: compact)
      #expect(back == (try PlayerState(data: json)))
      #expect(try back.data() == json)
    }
  }

  @Test func damagedBytesAreErrorsNotCrashes() throws {
    let state = try #require(try Self.players(60, of: ["beginner-3x"]).first)
    let compact = try CompactEncoder.encode(state.withoutHistoryLog)
    var random = TestRandom(seed: 17)
    var refused = 0
    for round in 0..<1200 {
      var bytes = compact
      switch round % 3 {
      case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
      case 1:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
      default:
        bytes.insert(UInt8.random(in: 0...9, using: &random), at: Int.random(in: 0..<bytes.count, using: &random))
      }
      if (try? CompactDecoder.decode(PlayerState.self, from: bytes)) == nil { refused += 1 }
    }
    #expect(refused > 800)
  }
}

/// Every kind of value the compact form carries, round-tripped; what it cannot carry is an error.
@Suite struct CompactFormKindsTests {
  enum Colour: String, Codable, Equatable { case red, green }

  struct Inner: Codable, Equatable {
    var name: String
    var values: [Double]
  }

  struct Everything: Codable, Equatable {
    var u8: UInt8 = 255
    var u16: UInt16 = 65_535
    var u32: UInt32 = 4_000_000_000
    var u64: UInt64 = .max
    var u: UInt = 12
    var i8: Int8 = -128
    var i16: Int16 = -32_768
    var i32: Int32 = .min
    var i64: Int64 = .min
    var int = -7
    var float: Float = 1.5
    var double = -0.1
    var flag = true
    var text = "café ☕︎"
    var missing: Int?
    var present: String? = "here"
    var holes: [Int?] = [1, nil, 3]
    var inner = [Inner(name: "a", values: [1, 2.5]), Inner(name: "", values: [])]
    var table: [String: Int] = ["one": 1, "two": 2]
    var colour = Colour.green
  }

  /// Decodes its keys in the reverse of the order they were written.
  struct Reversed: Codable, Equatable {
    var first: Int
    var second: String
    enum CodingKeys: String, CodingKey { case first, second }
    init(first: Int, second: String) {
      self.first = first
      self.second = second
    }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      second = try c.decode(String.self, forKey: .second)
      first = try c.decode(Int.self, forKey: .first)
      #expect(c.allKeys.count == 2 && c.contains(.first))
    }
  }

  struct Nested: Encodable {
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Reversed.CodingKeys.self)
      var inner = c.nestedContainer(keyedBy: Reversed.CodingKeys.self, forKey: .first)
      try inner.encode(1, forKey: .second)
    }
  }

  @Test func everyKindRoundTrips() throws {
    let value = Everything()
    #expect(try CompactDecoder.decode(Everything.self, from: try CompactEncoder.encode(value)) == value)
    let reversed = Reversed(first: 3, second: "x")
    #expect(try CompactDecoder.decode(Reversed.self, from: try CompactEncoder.encode(reversed)) == reversed)
  }

  @Test func whatTheFormCannotCarryIsAnError() throws {
    #expect(throws: EncodingError.self) { _ = try CompactEncoder.encode(Nested()) }
    // A value of another type where an integer is expected, and a number too large for Int8.
    let text = try CompactEncoder.encode(["a"])
    #expect(throws: DecodingError.self) { _ = try CompactDecoder.decode([Int].self, from: text) }
    let big = try CompactEncoder.encode([300])
    #expect(throws: DecodingError.self) { _ = try CompactDecoder.decode([Int8].self, from: big) }
    #expect(throws: DecodingError.self) {
      _ = try CompactDecoder.decode(Everything.self, from: try CompactEncoder.encode(Reversed(first: 1, second: "")))
    }
  }
}
