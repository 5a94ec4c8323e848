import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage

/// Test packs next to the tests, and small builders for literal states and events.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func engine(_ name: String) throws -> Engine {
    try Engine(rulesDirectory: path(name))
  }

  /// A copy of a fixture pack in a temporary directory, to edit one file.
  static func copy(_ name: String) throws -> URL {
    let target = Paths.temporaryDirectory("pack")
    for file in try FileManager.default.contentsOfDirectory(atPath: path(name)) {
      try FileManager.default.copyItem(
        at: directory.appendingPathComponent(name).appendingPathComponent(file), to: target.appendingPathComponent(file)
      )
    }
    return target
  }

  static let monday = Day(validYear: 2026, month: 1, day: 5)

  static func day(_ offset: Int) -> Day { monday.adding(offset) }

  /// The mini pack with an XP term that divides by zero for 45-minute workouts, and its directory.
  static func failingEngine() throws -> (Engine, URL) {
    let directory = try copy("mini")
    let xp = directory.appendingPathComponent("xp.json")
    let text = try String(contentsOf: xp, encoding: .utf8).replacingOccurrences(
      of: #""duration": "workout.durationMin""#, with: #""duration": "600 / (workout.durationMin - 45)""#)
    try text.write(to: xp, atomically: true, encoding: .utf8)
    return (try Engine(rulesDirectory: directory.path), directory)
  }

  static func workout(
    _ id: String, _ day: Day, _ category: String = "strength", minutes: Double = 30, rpe: Double? = nil,
    kcal: Double? = nil, exercises: [Exercise] = []
  ) -> Event {
    Event(
      id: id, day: day,
      kind: .workout(
        Workout(category: category, durationMin: minutes, rpe: rpe, activeKcal: kcal, exercises: exercises)))
  }
}

extension Award {
  /// An expected award: the event, the day, what was awarded.
  init(_ eventID: String, _ day: Day, _ payload: any AwardPayload) {
    self.init(eventID: eventID, day: day, payload: payload)
  }
}
