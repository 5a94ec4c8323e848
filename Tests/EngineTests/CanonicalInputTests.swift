import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The fast decoder tells when a line as received already is the event's canonical line, so
/// `award` keeps it instead of writing it again: it may say so only when the bytes are exactly
/// ``ResolvedEvent/canonicalLine(_:)`` (a wrong "yes" would put another line in the history).
@Suite struct CanonicalInputTests {
  let pack: RulePack
  let decoder: EventDecoder

  init() throws {
    pack = try RulePackLoader.load(directory: Paths.rules)
    decoder = EventDecoder(pack: pack)
  }

  /// Whether the fast decoder calls the line canonical (nil: it declined the line).
  func verdict(_ line: String) -> Bool? {
    var canonical = false
    let event = Array(line.utf8).withUnsafeBufferPointer {
      FastEventDecoder(pack: pack).decode($0, canonical: &canonical)
    }
    return event == nil ? nil : canonical
  }

  func canonicalLine(_ line: String) throws -> String {
    try decoder.resolveFully(line: Array(line.utf8), file: "x", lineNumber: 1).canonicalLine(pack)
  }

  /// Canonical lines of every fast kind, written by hand from docs/events.md's field order.
  static let canonical = [
    #"{"type":"workout","id":"w1","player":"ana","date":"2026-01-05","category":"strength","durationMin":50,"rpe":6.5,"activeKcal":283,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":20,"kind":"warm-up"},{"reps":5,"weightKg":102.5,"rpe":8},{"reps":3,"weightKg":80,"rpe":9.5,"kind":"drop"}]}]}"#,
    #"{"type":"workout","id":"w2","date":"2026-01-06","category":"cardio","durationMin":40.5,"distanceKm":7.2,"sets":0,"reps":0,"volumeKg":0}"#,
    #"{"type":"workout","id":"w3","date":"2026-01-06","category":"cardio","durationMin":30}"#,
    #"{"type":"nutrition","id":"n1","date":"2026-01-05","intakeKcal":2350,"proteinG":150,"carbsG":0.25,"fatG":70}"#,
    #"{"type":"dayClosed","id":"d1","player":"bo","date":"2026-01-06"}"#,
    #"{"type":"companion","id":"c1","date":"2026-01-05","species":"emberling"}"#,
    #"{"type":"profile","id":"p1","player":"ana","date":"2026-01-05","targets":{"kcal":2900,"proteinG":180,"carbsG":320.5,"fatG":85}}"#,
  ]

  @Test func theWritersOwnLinesAreKept() throws {
    for line in Self.canonical {
      #expect(try canonicalLine(line) == line, "the hand-written line is not canonical: \(line)")
      #expect(verdict(line) == true, "\(line)")
    }
  }

  /// Each is read by the fast decoder but differs from its canonical line in one way.
  static let others = [
    // whitespace
    #"{"type":"dayClosed", "id":"d1","date":"2026-01-06"}"#,
    // member order: id first; player after date
    #"{"id":"d1","type":"dayClosed","date":"2026-01-06"}"#,
    #"{"type":"dayClosed","id":"d1","date":"2026-01-06","player":"bo"}"#,
    // number spellings: a trailing zero, an exponent, a whole number with a point, a small one
    #"{"type":"nutrition","id":"n1","date":"2026-01-05","intakeKcal":2350,"proteinG":150.50}"#,
    #"{"type":"nutrition","id":"n1","date":"2026-01-05","intakeKcal":2.35e3}"#,
    #"{"type":"workout","id":"w3","date":"2026-01-06","category":"cardio","durationMin":30.0}"#,
    #"{"type":"nutrition","id":"n1","date":"2026-01-05","intakeKcal":2350,"fatG":0.00001}"#,
    // a summary the writer completes
    #"{"type":"workout","id":"w2","date":"2026-01-06","category":"cardio","durationMin":40,"sets":3}"#,
    // an alias for the pack's name
    #"{"type":"workout","id":"w4","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"name":"Squat (Barbell)","sets":[{"reps":3,"weightKg":90}]}]}"#,
    // "working" is left out; a set's members in another order; sets before the name
    #"{"type":"workout","id":"w4","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"name":"Back Squat","sets":[{"reps":3,"weightKg":90,"kind":"working"}]}]}"#,
    #"{"type":"workout","id":"w4","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"name":"Back Squat","sets":[{"weightKg":90,"reps":3}]}]}"#,
    #"{"type":"workout","id":"w4","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[{"sets":[{"reps":3,"weightKg":90}],"name":"Back Squat"}]}"#,
    // targets in another order, or a number in another spelling
    #"{"type":"profile","id":"p1","date":"2026-01-05","targets":{"proteinG":180,"kcal":2900,"carbsG":320,"fatG":85}}"#,
    #"{"type":"profile","id":"p1","date":"2026-01-05","targets":{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":85.0}}"#,
    // an empty list is not written
    #"{"type":"workout","id":"w4","date":"2026-01-06","category":"strength","durationMin":40,"exercises":[]}"#,
  ]

  @Test func linesTheWriterWouldChangeAreWrittenAgain() throws {
    for line in Self.others {
      #expect(try canonicalLine(line) != line, "the test line is canonical: \(line)")
      #expect(verdict(line) == false, "\(line)")
    }
  }

  /// Random edits of canonical lines (other numbers, spaces, swapped members): whenever the
  /// decoder calls one canonical, it is its canonical line byte for byte.
  @Test func aLineCalledCanonicalIsItsCanonicalLine() throws {
    var random = TestRandom(seed: 21)
    let numbers = [
      "0", "1", "7", "10", "2.5", "2.50", "02", "1e2", "0.001", "0.0005", "0.01", "123.456", "99.99", "9999.9", "1.0",
      "-0", "12345678.125", "0.1", "3.000001",
    ]
    let pieces = [" ", ",", "\"", "0", ".", "e", "{", "}"]
    var kept = 0
    for _ in 0..<20_000 {
      var line = Self.canonical.randomElement(using: &random).unsafelyUnwrapped
      for _ in 0..<Int.random(in: 1...2, using: &random) {
        var bytes = Array(line.utf8)
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          // A number replaced by another spelling.
          let digits = bytes.indices.dropFirst().filter {
            bytes[$0] >= 0x30 && bytes[$0] <= 0x39 && bytes[$0 - 1] == 0x3A
          }
          guard let start = digits.randomElement(using: &random) else { continue }
          var end = start
          while end < bytes.count, bytes[end] != 0x2C, bytes[end] != 0x7D { end += 1 }
          bytes.replaceSubrange(
            start..<end, with: Array(numbers.randomElement(using: &random).unsafelyUnwrapped.utf8))
        case 1: bytes.insert(contentsOf: pieces.randomElement(using: &random).unsafelyUnwrapped.utf8, at: position)
        default: bytes.remove(at: position)
        }
        line = String(decoding: bytes, as: UTF8.self)
      }
      guard verdict(line) == true else { continue }
      kept += 1
      #expect(try canonicalLine(line) == line, "called canonical: \(line)")
    }
    #expect(kept > 1_000)
  }
}
