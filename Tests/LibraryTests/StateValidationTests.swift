import FitQuest
import FitQuestTestSupport
import Foundation
import Testing

/// A saved player edited into values no events produce is refused with the field's path, never
/// a crash (the edits of issue 12's attack, on a real saved state).
@Suite struct StateValidationTests {
  struct Edit: Sendable, CustomTestStringConvertible {
    var from: String
    var to: String
    var path: String
    var message: String
    var testDescription: String { message }
  }

  static let saved = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures/player-format-2.json")

  static let edits: [Edit] = [
    Edit(
      from: #""active":0"#, to: #""active":-1"#, path: "progress.companions.active",
      message: "-1 is not the index of a companion (there are 1)"),
    Edit(
      from: #""windowDays":60"#, to: #""windowDays":-9223372036854775808"#, path: "windowDays",
      message: "-9223372036854775808 is outside 1…3650"),
    Edit(
      from: #""xp":633"#, to: #""xp":-1000000"#, path: "progress.xp", message: "-1000000 is outside 0…9007199254740992"),
    Edit(
      from: #""level":3,"loads""#, to: #""level":0,"loads""#, path: "progress.level", message: "0 is outside 1…1000000"),
    Edit(
      from: #""firstWeek":2923"#, to: #""firstWeek":-9223372036854775808"#, path: "progress.firstWeek",
      message: "week -9223372036854775808 is outside years 1–9999"),
    Edit(
      from: #""name":"cardio""#, to: #""name":"strength""#, path: "progress.categories.1",
      message: "category 'strength' is listed twice (first at index 0) (and 1 more)"),
    Edit(
      from: #""exercise":"Front Squat""#, to: #""exercise":"Back Squat""#, path: "progress.records.1",
      message: "exercise 'Back Squat' is listed twice (first at index 0) (and 3 more)"),
    Edit(
      from: #""id":"dedication""#, to: #""id":"first-workout""#, path: "progress.achievements.1",
      message: "achievement 'first-workout' is listed twice (first at index 0) (and 1 more)"),
    Edit(
      from: #""id":"daily-move""#, to: #""id":"iron-week""#, path: "progress.quests.quests.1",
      message: "quest 'iron-week' is listed twice (first at index 0) (and 1 more)"),
    Edit(
      from: #""format":2"#, to: #""format":4"#, path: "format",
      message: "format 4 is newer than this FitQuest reads (3); update FitQuest"),
  ]

  @Test(arguments: edits)
  func refusedWithItsPath(_ edit: Edit) throws {
    let text = try String(contentsOf: Self.saved, encoding: .utf8)
    #expect(text.contains(edit.from), "the fixture lacks \(edit.from)")
    let edited = text.replacingOccurrences(of: edit.from, with: edit.to)
    let error = #expect(throws: DecodingError.self) { _ = try PlayerState(data: Data(edited.utf8)) }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected a data error, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == edit.message)
    #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == edit.path)
  }

  @Test func aSpeciesListedTwiceIsRefusedWithItsPath() throws {
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.saved)) as? [String: Any])
    var progress = try #require(object["progress"] as? [String: Any])
    var companions = try #require(progress["companions"] as? [String: Any])
    let members = try #require(companions["members"] as? [Any])
    companions["members"] = members + members
    progress["companions"] = companions
    object["progress"] = progress
    let error = #expect(throws: DecodingError.self) {
      _ = try PlayerState(data: try JSONSerialization.data(withJSONObject: object))
    }
    guard case .dataCorrupted(let context)? = error else { return }
    #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == "progress.companions.members.1")
    #expect(
      context.debugDescription.hasPrefix("species '")
        && context.debugDescription.hasSuffix("' is listed twice (first at index 0)"))
  }

  @Test func aLevelTheXPDoesNotGiveIsRefusedByTheEngine() throws {
    // A state saved under the shipped rules (the fixture's rules are older: a rule change would
    // rebuild the level instead of checking it).
    let engine = Engine(pack: try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules)))
    var fresh = engine.newPlayer()
    for offset in 0..<3 {
      _ = try engine.apply(
        .workout(
          id: "w\(offset)", day: Day(year: 2026, month: 1, day: 5 + offset)!, category: "cardio", durationMin: 60),
        to: &fresh)
    }
    let text = String(decoding: try fresh.data(), as: UTF8.self)
    let level = #""level":\#(fresh.level),"loads""#
    #expect(fresh.level > 1 && text.contains(level))
    // 1,000,000 is within the decoder's bounds; only the rules say the XP gives another level.
    var player = try PlayerState(
      data: Data(text.replacingOccurrences(of: level, with: #""level":1000000,"loads""#).utf8))
    #expect(
      throws: EngineError.invalidState(
        message: "'progress.level' is 1000000, but \(fresh.xp) XP is level \(fresh.level) in rule pack 'default'")
    ) {
      try engine.apply(
        .workout(id: "w9", day: Day(year: 2026, month: 2, day: 1)!, category: "cardio", durationMin: 20), to: &player)
    }
  }

  @Test func entriesCutShortAreRealignedNotACrash() throws {
    // Remove the first category's totals: the engine re-aligns the list by name.
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.saved)) as? [String: Any])
    var progress = try #require(object["progress"] as? [String: Any])
    var categories = try #require(progress["categories"] as? [Any])
    categories.removeFirst()
    progress["categories"] = categories
    object["progress"] = progress
    var player = try PlayerState(data: try JSONSerialization.data(withJSONObject: object))
    let engine = Engine(pack: try RulePack(contentsOf: URL(fileURLWithPath: Paths.rules)))
    _ = try engine.apply(
      .workout(id: "w9", day: Day(year: 2026, month: 2, day: 1)!, category: "strength", durationMin: 20), to: &player)
    #expect(player.categories.map(\.name) == engine.pack.categories.map(\.name))
  }
}
