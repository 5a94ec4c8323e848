import Engine
import FitQuestTestSupport
import Foundation
import Store
import Testing

/// The store's compact form of a player: decodes to the same state as JSON does, and damaged
/// bytes are errors, never crashes.
@Suite struct CompactFormTests {
  /// Players after the first `count` events of shipped scenarios' streams.
  static func players(_ count: Int) throws -> [PlayerState] {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var states: [PlayerState] = []
    for scenario in ["beginner-3x", "consistent-5x-lifter", "dieter"] {
      let result = try CommandRunner.fitquest(["simulate", "--format", "events", "scenarios/\(scenario).json"])
      var player = engine.newPlayer()
      let decoder = EventDecoder(pack: engine.pack)
      for (index, line) in result.stdout.split(separator: "\n").prefix(count).enumerated() {
        _ = try engine.record(try decoder.resolve(line: Array(line.utf8), file: "events", lineNumber: index + 1), line: String(line), to: &player)
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
    guard let state = try Self.players(60).first else { return }
    let compact = try CompactEncoder.encode(state.withoutHistoryLog)
    var random = TestRandom(seed: 17)
    var refused = 0
    for round in 0..<3000 {
      var bytes = compact
      switch round % 3 {
      case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
      case 1:
        for _ in 0..<Int.random(in: 1...4, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
      default:
        bytes.insert(UInt8.random(in: 0...9, using: &random), at: Int.random(in: 0..<bytes.count, using: &random))
      }
      if (try? CompactDecoder.decode(PlayerState.self, from: bytes)) == nil { refused += 1 }
    }
    #expect(refused > 2000)
  }
}
