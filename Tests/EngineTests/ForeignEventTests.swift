import FitQuestTestSupport
import Testing

@testable import Engine

/// A resolved workout carries indices into the pack it was resolved against; the engine's tables
/// are plain memory, so an index its own pack does not have is refused before anything reads it.
@Suite struct ForeignEventTests {
  static let line =
    #"{"type":"workout","id":"w","date":"2026-01-05","category":"strength","durationMin":30,"#
    + #""exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":100}]}]}"#

  func outcome(_ change: (inout ResolvedEvent) -> Void) throws -> String {
    let engine = try Engine(rulesDirectory: Paths.rules)
    var event = try EventDecoder(pack: engine.pack).resolve(line: Array(Self.line.utf8), file: "x", lineNumber: 1)
    change(&event)
    var live = engine.live(engine.newProgress())
    var log = AwardLog(.off)
    do {
      try engine.apply(event, to: &live, log: &log)
      return "applied"
    } catch {
      return error.message
    }
  }

  @Test func indicesOfAnotherPackAreRefused() throws {
    let refused = "the workout was resolved against another rule pack"
    #expect(try outcome { _ in } == "applied")
    #expect(try outcome { $0.category = 99 } == refused)
    #expect(try outcome { $0.exercises[0] = 100_000 } == refused)
    #expect(try outcome { $0.exercises[0] = -1 } == refused)
  }
}
