import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The canonical line a player's history keeps (``ResolvedEvent/canonicalLine(_:)``) is compact,
/// reads back as the same event, and is its own canonical line: padding, key order, escapes,
/// number spellings and aliases of the line as received are gone, nothing the engine uses is.
@Suite struct CanonicalLineTests {
  static let engine: Engine = {
    do { return try Engine(rulesDirectory: Paths.rules) } catch { preconditionFailure("\(error)") }
  }()

  /// Lines as clients send them, each with what its canonical line is.
  static let cases: [(String, String)] = [
    (
      #"{ "date" : "2026-01-05", "id":"w1", "type":"workout",   "category":"strength","durationMin":45.000,"rpe":8e0,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":1.0E2,"kind":"warm-up"},{"reps":5,"weightKg":120,"rpe":9}]}]}"#,
      #"{"type":"workout","id":"w1","date":"2026-01-05","category":"strength","durationMin":45,"rpe":8,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":100,"kind":"warm-up"},{"reps":5,"weightKg":120,"rpe":9}]}]}"#
    ),
    (
      #"{"type":"workout","id":"w\u0032","player":"\u00e9","date":"2026-01-06","category":"cardio","durationMin":30,"activeKcal":250.5,"distanceKm":5,"sets":3}"#,
      #"{"type":"workout","id":"w2","player":"é","date":"2026-01-06","category":"cardio","durationMin":30,"activeKcal":250.5,"distanceKm":5,"sets":3,"reps":0,"volumeKg":0}"#
    ),
    // An alias becomes the pack's name; an unlisted exercise keeps its own.
    (
      #"{"type":"workout","id":"w3","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"name":"Squat (Barbell)","sets":[{"reps":3,"weightKg":90}]},{"name":"Zercher Squat","unlisted":true,"sets":[{"reps":5,"weightKg":60}]}]}"#,
      #"{"type":"workout","id":"w3","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"name":"Back Squat","sets":[{"reps":3,"weightKg":90}]},{"name":"Zercher Squat","unlisted":true,"sets":[{"reps":5,"weightKg":60}]}]}"#
    ),
    (
      #"{"type":"nutrition","id":"n1","date":"2026-01-06","intakeKcal":2100,"proteinG":140.25}"#,
      #"{"type":"nutrition","id":"n1","date":"2026-01-06","intakeKcal":2100,"proteinG":140.25}"#
    ),
    (
      #"{"type":"retraction","id":"r1","date":"2026-01-07","of":"w1"}"#,
      #"{"type":"retraction","id":"r1","date":"2026-01-07","of":"w1"}"#
    ),
    (#"{"type":"dayClosed","id":"c1","date":"2026-01-07"}"#, #"{"type":"dayClosed","id":"c1","date":"2026-01-07"}"#),
  ]

  @Test(arguments: cases.indices)
  func aLineBecomesItsCanonicalForm(_ index: Int) throws {
    let (received, canonical) = Self.cases[index]
    let decoder = EventDecoder(pack: Self.engine.pack)
    let resolved = try decoder.resolve(line: Array(received.utf8), file: "e", lineNumber: 1)
    #expect(resolved.canonicalLine(Self.engine.pack) == canonical)
    let again = try decoder.resolve(line: Array(canonical.utf8), file: "e", lineNumber: 1)
    #expect(again.canonicalLine(Self.engine.pack) == canonical)
  }

  /// Every event of a year of every shipped scenario: the canonical line applies exactly as the
  /// line it came from.
  @Test func canonicalLinesApplyAsTheirOriginals() throws {
    let pack = Self.engine.pack
    let decoder = EventDecoder(pack: pack)
    let scenarios = try FileManager.default.contentsOfDirectory(atPath: Paths.scenarios).filter {
      $0.hasSuffix(".json")
    }.sorted()
    var checked = 0
    for name in scenarios {
      let result = try CommandRunner.fitquest(["simulate", "--format", "events", "scenarios/\(name)"])
      var original = Self.engine.newPlayer(windowDays: 3650)
      var canonical = Self.engine.newPlayer(windowDays: 3650)
      for line in result.stdout.split(separator: "\n").prefix(400) {
        let event = try decoder.resolve(line: Array(line.utf8), file: name, lineNumber: 1)
        let text = event.canonicalLine(pack)
        #expect(text.utf8.count <= line.utf8.count)
        _ = try Self.engine.record(event, line: String(line), to: &original)
        _ = try Self.engine.record(
          try decoder.resolve(line: Array(text.utf8), file: name, lineNumber: 1), line: text, to: &canonical)
        checked += 1
      }
      #expect(canonical.progress == original.progress, "\(name)")
    }
    #expect(checked > 2_000)
  }
}
