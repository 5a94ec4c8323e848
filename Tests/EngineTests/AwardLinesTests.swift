import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Awards written straight from the engine's records (`award`'s NDJSON) are byte for byte the
/// JSON lines of the ``Award`` values the same batch returns otherwise, for every award type the
/// default pack grants, with late events and retractions among them; and the player ends the same.
@Suite struct AwardLinesTests {
  static let streams = ["first.ndjson", "second.ndjson", "players-first.ndjson"]

  @Test(arguments: streams, [UInt64(7), 8])
  func linesAreTheAwardsJSON(stream: String, seed: UInt64) throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    let path = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/release-2/\(stream)").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let decoder = EventDecoder(pack: engine.pack)
    var events: [(event: ResolvedEvent, line: String)] = []
    for (number, line) in text.split(separator: "\n").enumerated() {
      let event = try decoder.resolveFully(line: Array(line.utf8), file: stream, lineNumber: number + 1)
      events.append((event, event.canonicalLine(engine.pack)))
    }
    // As received (one player's stream in date order: every award is written as a line; the
    // others hold a retraction or players interleaved, so some events come late), then with
    // some events moved later in the stream and a few withdrawn.
    var random = TestRandom(seed: seed)
    let inOrder = try compare(events, engine, &random)
    #expect(inOrder.written > 0, "\(inOrder)")
    if stream == "first.ndjson" { #expect(inOrder.written == inOrder.withAwards) }
    for _ in 0..<20 {
      let from = Int.random(in: 0..<events.count, using: &random)
      let moved = events.remove(at: from)
      events.insert(moved, at: min(events.count, from + Int.random(in: 1...40, using: &random)))
    }
    for index in stride(from: 30, to: events.count, by: 97) {
      let target = events[index - 20].event
      let retraction = try engine.resolve(
        .retraction(id: "x\(index)", day: target.day, player: target.player, of: target.id))
      events.insert((retraction, retraction.canonicalLine(engine.pack)), at: index)
    }
    let shuffled = try compare(events, engine, &random)
    #expect(shuffled.written > 0 && shuffled.written < shuffled.withAwards)
  }

  /// Applies the events in random batches both ways (with and without resolved events kept);
  /// returns how many events had awards and how many of those were written as lines.
  func compare(
    _ events: [(event: ResolvedEvent, line: String)], _ engine: Engine, _ random: inout TestRandom
  ) throws -> (withAwards: Int, written: Int) {
    var counts = (withAwards: 0, written: 0)
    for keepingResolved in [false, true] {
      var asValues = engine.newPlayer(windowDays: 30)
      var asLines = engine.newPlayer(windowDays: 30)
      var start = 0
      while start < events.count {
        let end = min(events.count, start + Int.random(in: 1...300, using: &random))
        let batch = Array(events[start..<end])
        let values = engine.record(batch: batch, to: &asValues, keepingResolved: keepingResolved)
        let lines = engine.record(batch: batch, to: &asLines, keepingResolved: keepingResolved, writingJSON: true)
        #expect(values.failure?.index == lines.failure?.index)
        try #require(values.outcomes.count == lines.outcomes.count)
        for index in values.outcomes.indices {
          let expected = values.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
          let json = lines.lines?.lines(at: index) ?? []
          let actual =
            String(decoding: json, as: UTF8.self) + lines.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
          #expect(actual == expected, "event \(batch[index].event.id)")
          if !expected.isEmpty && keepingResolved { counts.withAwards += 1 }
          if !json.isEmpty && keepingResolved { counts.written += 1 }
        }
        #expect(values.corrections == lines.corrections)
        start = end
      }
      #expect(asLines.progress == asValues.progress)
      #expect(asLines.history == asValues.history)
    }
    return counts
  }
}
