import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Awards written straight from the engine's records (`award`'s NDJSON) are byte for byte the
/// JSON lines of the ``Award`` values the same batch returns otherwise, for every award type the
/// default pack grants, with late events and retractions among them, and for the weekly goals and
/// pauses of the `goals` pack; with ids, players and exercise names JSON must escape; and the
/// player ends the same.
@Suite struct AwardLinesTests {
  static let streams = ["first.ndjson", "second.ndjson", "players-first.ndjson"]

  @Test(arguments: streams, [UInt64(7), 8])
  func linesAreTheAwardsJSON(stream: String, seed: UInt64) throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var events = try Self.events(Self.fixture(stream), engine)
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

  /// A stream of the release-2 fixtures.
  static func fixture(_ stream: String) throws -> String {
    let path = Paths.repository.appendingPathComponent("Tests/FitQuestCLITests/Fixtures/release-2/\(stream)").path
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The events of NDJSON text, resolved, with their canonical lines.
  static func events(_ text: String, _ engine: Engine) throws -> [(event: ResolvedEvent, line: String)] {
    let decoder = EventDecoder(pack: engine.pack)
    var events: [(event: ResolvedEvent, line: String)] = []
    for (number, line) in text.split(separator: "\n").enumerated() {
      let event = try decoder.resolveFully(line: Array(line.utf8), file: "stream", lineNumber: number + 1)
      events.append((event, event.canonicalLine(engine.pack)))
    }
    return events
  }

  /// Every award type is a plain name: award lines write it without escaping it.
  @Test func awardTypesNeedNoEscape() {
    #expect(AwardTypes.names.count >= 18)
    for name in AwardTypes.names {
      #expect(JSONWriter.quoted(name) == "\"\(name)\"" && name.utf8.allSatisfy { $0 < 0x80 }, "\(name)")
    }
  }

  /// Award lines write a day's date as ``Day/writeISO(to:)`` does: ``Day/iso``'s 10 bytes for
  /// years 0–9999, and nothing (the line falls back to `iso`) for the others.
  @Test func datesAreTheirISOText() throws {
    let first = try #require(Day(year: 1, month: 1, day: 1)).number
    let last = try #require(Day(year: 9999, month: 12, day: 31)).number
    var numbers = Array(stride(from: first - 800, to: last + 800, by: 97)) + [first, last, 0, -1]
    numbers += (0..<800).map { first - 400 + $0 } + (0..<800).map { last - 400 + $0 }
    for number in numbers {
      let day = Day(number)
      var bytes: (UInt64, UInt16) = (0, 0)
      let written = withUnsafeMutableBytes(of: &bytes) { day.writeISO(to: $0) }
      let text = withUnsafeBytes(of: &bytes) { String(decoding: $0, as: UTF8.self) }
      #expect(written == (day.iso.utf8.count == 10), "\(day.iso)")
      if written { #expect(text == day.iso) }
    }
    // Both share the digits' writer: hand-worked dates check the text itself.
    let known: [(Int, Int, Int, String)] = [
      (2026, 3, 7, "2026-03-07"), (1, 1, 1, "0001-01-01"), (9999, 12, 31, "9999-12-31"), (2024, 2, 29, "2024-02-29"),
      (1970, 1, 1, "1970-01-01"),
    ]
    for (year, month, dayOfMonth, iso) in known {
      let day = try #require(Day(year: year, month: month, day: dayOfMonth))
      var bytes: (UInt64, UInt16) = (0, 0)
      #expect(withUnsafeMutableBytes(of: &bytes) { day.writeISO(to: $0) })
      #expect(withUnsafeBytes(of: &bytes) { String(decoding: $0, as: UTF8.self) } == iso)
    }
    let after = try #require(Day(year: 9999, month: 12, day: 31)).adding(1)
    var bytes: (UInt64, UInt16) = (0, 0)
    #expect(!withUnsafeMutableBytes(of: &bytes) { after.writeISO(to: $0) })
  }

  /// Event ids, players and (unlisted) exercise names holding quotes, backslashes, control
  /// characters and non-ASCII text are escaped in the lines as in the values' lines.
  @Test(arguments: ["first.ndjson", "players-first.ndjson"])
  func escapedIdsPlayersAndNames(stream: String) throws {
    let engine = try Engine(rulesDirectory: Paths.rules)
    let text = try Self.fixture(stream)
      .replacingOccurrences(of: #""id":"w"#, with: #""id":"\"w\\\t é "#)
      .replacingOccurrences(of: #""player":""#, with: #""player":"\u0001 \"p\" \\ é"#)
      .replacingOccurrences(
        of: #"{"name":"Bench Press","#, with: #"{"name":"Bench \"Press\" \\ é","unlisted":true,"#)
    let events = try Self.events(text, engine)
    #expect(events.contains { $0.event.id.hasPrefix("\"w\\\t é ") })
    #expect(stream == "first.ndjson" || events.contains { $0.event.player?.hasPrefix("\u{1} \"p\" \\ é") == true })
    let written = try writtenTypes(events, engine)
    #expect(written.isSuperset(of: ["loadSuggestion", "xp", "nutritionTarget", "questCompleted"]))
    // Players interleaved, the personal records come with late events (as values).
    #expect(stream != "first.ndjson" || written.contains("personalRecord"))
    // The unlisted exercise's name reaches the lines escaped.
    var player = engine.newPlayer(windowDays: 30)
    let result = engine.record(batch: events, to: &player, writingJSON: true)
    let lines = events.indices.map { String(decoding: result.lines?.lines(at: $0) ?? [], as: UTF8.self) }.joined()
    #expect(lines.contains(#""exercise":"Bench \"Press\" \\ é""#))
  }

  /// The `goals` pack's weekly goals (met, missed, suggested) and pauses (granted, and refused
  /// past the quarter's 30 days).
  @Test func goalsAndPauses() throws {
    let engine = try Fixture.engine("goals")
    var stream: [Event] = [.goal(id: "g1", day: Fixture.day(0), WeeklyGoal(kind: .workouts, target: 2))]
    for offset in [0, 2, 3, 8, 21, 22, 24, 29, 36, 37, 50, 51, 53, 70, 71, 72] {
      stream.append(Fixture.workout("w\(offset)", Fixture.day(offset), "cardio", minutes: 20 + Double(offset)))
    }
    stream.insert(.pause(id: "p1", day: Fixture.day(29), from: Fixture.day(30), to: Fixture.day(34)), at: 9)
    stream.insert(.pause(id: "p2", day: Fixture.day(53), from: Fixture.day(54), to: Fixture.day(69)), at: 14)
    stream.insert(.pause(id: "p3", day: Fixture.day(72), from: Fixture.day(73), to: Fixture.day(84)), at: 18)
    let events = try stream.map { event in
      let resolved = try engine.resolve(event)
      return (event: resolved, line: resolved.canonicalLine(engine.pack))
    }
    let written = try writtenTypes(events, engine)
    #expect(written.isSuperset(of: ["goalMet", "goalMissed", "goalSuggested", "pause", "xp", "levelUp"]), "\(written)")
  }

  /// Applies the events in one batch both ways; expects the same lines; returns the award types
  /// written as lines (not as values).
  func writtenTypes(_ events: [(event: ResolvedEvent, line: String)], _ engine: Engine) throws -> Set<String> {
    var asValues = engine.newPlayer(windowDays: 30)
    var asLines = engine.newPlayer(windowDays: 30)
    let values = engine.record(batch: events, to: &asValues)
    let lines = engine.record(batch: events, to: &asLines, writingJSON: true)
    #expect(values.failure == nil && lines.failure == nil)
    try #require(values.outcomes.count == lines.outcomes.count)
    var types: Set<String> = []
    for index in values.outcomes.indices {
      let expected = values.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
      // An event placed among earlier ones (players interleaved) has its awards as values.
      let json = lines.lines?.lines(at: index) ?? []
      let actual =
        String(decoding: json, as: UTF8.self) + lines.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
      #expect(actual == expected, "event \(events[index].event.id)")
      for award in values.outcomes[index].awards where !json.isEmpty { types.insert(award.typeName) }
    }
    #expect(asLines.progress == asValues.progress)
    return types
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
      var deferring = engine.newPlayer(windowDays: 30)
      var start = 0
      while start < events.count {
        let end = min(events.count, start + Int.random(in: 1...300, using: &random))
        let batch = Array(events[start..<end])
        let values = engine.record(batch: batch, to: &asValues, keepingResolved: keepingResolved)
        let lines = engine.record(batch: batch, to: &asLines, keepingResolved: keepingResolved, writingJSON: true)
        // Only the records kept, their lines written later on another thread.
        var deferred = try #require(
          engine.record(
            batch: batch, to: &deferring, keepingResolved: keepingResolved, writingJSON: true, deferringJSON: true
          ).lines)
        #expect(deferred.isWritten == !(0..<batch.count).contains { !(lines.lines?.lines(at: $0).isEmpty ?? true) })
        deferred = Self.writtenOnAnotherThread(deferred)
        #expect(values.failure?.index == lines.failure?.index)
        try #require(values.outcomes.count == lines.outcomes.count)
        for index in values.outcomes.indices {
          let expected = values.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
          let json = lines.lines?.lines(at: index) ?? []
          let actual =
            String(decoding: json, as: UTF8.self) + lines.outcomes[index].awards.map { $0.jsonLine + "\n" }.joined()
          #expect(actual == expected, "event \(batch[index].event.id)")
          #expect(deferred.lines(at: index) == json, "event \(batch[index].event.id)")
          if !expected.isEmpty && keepingResolved { counts.withAwards += 1 }
          if !json.isEmpty && keepingResolved { counts.written += 1 }
        }
        #expect(values.corrections == lines.corrections)
        start = end
      }
      #expect(asLines.progress == asValues.progress)
      #expect(asLines.history == asValues.history)
      #expect(deferring.history == asValues.history)
    }
    return counts
  }

  /// The lines written by a thread of their own (as a store's batch has them written).
  static func writtenOnAnotherThread(_ lines: AwardLines) -> AwardLines {
    final class Box: @unchecked Sendable {
      var lines: AwardLines
      init(_ lines: AwardLines) { self.lines = lines }
    }
    let box = Box(lines)
    let done = DispatchSemaphore(value: 0)
    Thread {
      box.lines.write()
      done.signal()
    }.start()
    done.wait()
    return box.lines
  }
}
