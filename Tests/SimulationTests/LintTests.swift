import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation
import Testing

/// `lint` on small packs: `Fixtures/lint-rules` is a correct pack with no warning; each case
/// replaces one or two of its files with a broken rule, marked 1️⃣ (2️⃣…) where the warning
/// must point, and expects exactly those warnings of exactly that class.
@Suite struct LintTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var check: LintWarning.Check
    /// File name → content with markers.
    var files: [String: String]
    /// The expected warnings' classes, by marker (default: every marker is `check`).
    var others: [String: LintWarning.Check] = [:]
    var horizon = Linter.defaultHorizon
    var testDescription: String { name }
  }

  static let directory = SimulationFixture.path("lint-rules")

  /// The correct pack's files with the case's replaced.
  static func pack(_ replaced: [String: String]) throws -> (RulePack, [String: MarkedText]) {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".json") {
      files[name] = Array(try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8).utf8)
    }
    var marked: [String: MarkedText] = [:]
    for (name, text) in replaced {
      let stripped = MarkedText(text)
      marked[name] = stripped
      files[name] = Array(stripped.text.utf8)
    }
    return (try RulePackLoader.load(files: files), marked)
  }

  @Test func theCorrectPackHasNoWarning() throws {
    let (pack, _) = try Self.pack([:])
    #expect(Linter.lint(pack).isEmpty)
  }

  @Test func theDefaultPackLintsClean() throws {
    let pack = try RulePackLoader.load(directory: Paths.repository.appendingPathComponent("rules").path)
    #expect(Linter.lint(pack).map(\.diagnostic.headline) == [])
  }

  @Test(arguments: [
    Case(
      name: "a tier beyond the level curve", check: .unreachable,
      files: [
        "achievements.json": #"""
        { "achievements": [ { "id": "level", "name": "Rising", "metric": "player.level",
          "tiers": [ { "at": 5, "name": "Level 5", "rewardXP": 50 }, { "at": 1️⃣60, "name": "Level 60", "rewardXP": 100 } ] } ] }
        """#
      ]),
    Case(
      name: "a condition on more freezes than the pack allows", check: .unreachable,
      files: [
        "achievements.json": #"""
        { "achievements": [ { "id": "frozen", "name": "Frozen", "condition": "1️⃣player.freezes >= 3" } ] }
        """#
      ]),
    Case(
      name: "a companion level beyond its curve, a stage no species has", check: .unreachable,
      files: [
        "achievements.json": #"""
        { "achievements": [
          { "id": "buddy", "name": "Buddy", "condition": "1️⃣companion.level >= 45 && player.workouts >= 10" },
          { "id": "fourth", "name": "Fourth Form", "metric": "companion.stage", "tiers": [ { "at": 3 }, { "at": 2️⃣4 } ] } ] }
        """#
      ]),
    Case(
      name: "more minutes than a day holds (a week is fine)", check: .unreachable,
      files: [
        "quests.json": #"""
        { "quests": [
          { "id": "marathon", "name": "Marathon", "period": "day", "goal": "1️⃣period.minutes >= 1500" },
          { "id": "long-week", "name": "Long Week", "period": "week", "goal": "period.minutes >= 1500" } ] }
        """#
      ]),
    Case(
      name: "constant formulas", check: .constant,
      files: [
        "achievements.json": #"""
        { "achievements": [ { "id": "free", "name": "Free", "condition": "1️⃣player.workouts >= 0", "rewardXP": 10 } ] }
        """#,
        "xp.json": #"""
        { "categories": { "strength": { "multiplier": 1.2, "base": 50 }, "cardio": { "multiplier": 0, "base": 40 } },
          "terms": { "base": "category.base", "nothing": 2️⃣0 },
          "factors": { "category": "3️⃣category.multiplier", "boost": 4️⃣1 },
          "bonuses": { "never": { "when": "5️⃣workout.rpe > 10", "xp": 20 } },
          "caps": { "perWorkout": 500, "perDay": 800 } }
        """#,
      ]),
    Case(
      name: "a nutrition signal that never moves", check: .constant,
      files: [
        "nutrition.json": #"""
        { "targets": { "kcal": 2200, "proteinG": 140, "carbsG": 250, "fatG": 70 }, "trendWindowDays": 3,
          "signals": { "activity": { "formula": "(day.activeKcal - 300) / 600 * 0.10", "limit": 0.1 },
                       "flat": { "formula": "1️⃣0.02", "limit": 0.1 } },
          "clamp": 0.15 }
        """#
      ]),
    Case(
      name: "tiers, evolutions and bands out of order", check: .tierOrder,
      files: [
        "achievements.json": #"""
        { "achievements": [ { "id": "level", "name": "Rising", "metric": "player.level",
          "tiers": [ { "at": 5, "rewardXP": 100 }, { "at": 10, "rewardXP": 1️⃣40 } ] } ] }
        """#,
        "progression.json": #"""
        { "categories": ["strength"], "incrementKg": 2.5,
          "bands": [ { "upTo": 7, "change": 0.025, "label": "solid" }, { "upTo": 10, "change": 2️⃣0.05, "label": "grinding" } ] }
        """#,
      ]),
    Case(
      name: "a stage-2 evolution at a lower level than the stage-1 one", check: .tierOrder,
      files: [
        "companions.json": #"""
        { "elements": { "fire": { "affinity": ["strength"], "profile": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "species": {
            "ember": { "element": "fire", "stage": 1, "starter": true, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 }, "evolvesTo": { "species": "blaze", "atLevel": 16 } },
            "blaze": { "element": "fire", "stage": 2, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 }, "evolvesTo": { "species": "inferno", "atLevel": 1️⃣12 } },
            "inferno": { "element": "fire", "stage": 3, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "defaultStarter": "ember", "xp": { "share": "workout.xp * 0.5", "affinityBonus": 0 },
          "levels": { "maxLevel": 40, "curve": "floor(2 * pow(level - 1, 2.5))" }, "stats": "base" }
        """#
      ]),
    Case(
      name: "a cap below a single workout's minimum (strength: 50 × 1.2)", check: .cap,
      files: [
        "xp.json": #"""
        { "categories": { "strength": { "multiplier": 1.2, "base": 50 }, "cardio": { "multiplier": 1.0, "base": 40 } },
          "terms": { "base": "category.base", "duration": "min(workout.durationMin, 120) * 1.5" },
          "factors": { "category": "category.multiplier" },
          "caps": { "perWorkout": 1️⃣55, "perDay": 800 } }
        """#
      ]),
    Case(
      name: "a daily cap below the per-workout cap", check: .cap,
      files: [
        "xp.json": #"""
        { "categories": { "strength": { "multiplier": 1.2, "base": 50 }, "cardio": { "multiplier": 1.0, "base": 40 } },
          "terms": { "base": "category.base", "duration": "min(workout.durationMin, 120) * 1.5" },
          "factors": { "category": "category.multiplier" },
          "caps": { "perWorkout": 1️⃣500, "perDay": 300 } }
        """#
      ]),
    Case(
      name: "rewards that unlock the next milestone at once", check: .rewardCycle,
      files: [
        "achievements.json": #"""
        { "achievements": [
          { "id": "banker", "name": "Banker", "metric": "player.xp",
            "tiers": [ { "at": 1000, "name": "Saver", "rewardXP": 500 }, { "at": 1️⃣1400, "name": "Investor", "rewardXP": 500 }, { "at": 5000, "rewardXP": 600 } ] },
          { "id": "collector", "name": "Collector", "metric": "player.achievements", "tiers": [ { "at": 3 }, { "at": 2️⃣4 }, { "at": 6 } ] } ] }
        """#
      ]),
    Case(
      name: "a level tier no player reaches in a year at the daily cap", check: .tooSlow,
      files: [
        "levels.json": #"{ "maxLevel": 50, "curve": "floor(1000 * pow(level - 1, 2))" }"#,
        "achievements.json": #"""
        { "achievements": [ { "id": "level", "name": "Rising", "metric": "player.level",
          "tiers": [ { "at": 5 }, { "at": 1️⃣25 } ] } ] }
        """#,
      ]),
    Case(
      name: "an evolution no companion reaches within the horizon, and the species behind it", check: .tooSlow,
      files: [
        "companions.json": #"""
        { "elements": { "fire": { "affinity": ["strength"], "profile": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "species": {
            "ember": { "element": "fire", "stage": 1, "starter": true, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 }, "evolvesTo": { "species": "blaze", "atLevel": 1️⃣39 } },
            "blaze": 2️⃣{ "element": "fire", "stage": 2, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "defaultStarter": "ember", "xp": { "share": "workout.xp * 0.5", "affinityBonus": 0 },
          "levels": { "maxLevel": 40, "curve": "floor(50 * pow(level - 1, 2.5))" }, "stats": "base" }
        """#
      ],
      others: ["2️⃣": .unreachableSpecies]),
    Case(
      name: "a species behind an evolution whose condition never holds", check: .unreachable,
      files: [
        "companions.json": #"""
        { "elements": { "fire": { "affinity": ["strength"], "profile": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "species": {
            "ember": { "element": "fire", "stage": 1, "starter": true, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "evolvesTo": { "species": "blaze", "atLevel": 16, "condition": "1️⃣companion.stage >= 4" } },
            "blaze": 2️⃣{ "element": "fire", "stage": 2, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 }, "evolvesTo": { "species": "inferno", "atLevel": 30 } },
            "inferno": 3️⃣{ "element": "fire", "stage": 3, "base": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 },
              "growth": { "hp": 1, "attack": 1, "defense": 1, "speed": 1 } } },
          "defaultStarter": "ember", "xp": { "share": "workout.xp * 0.5", "affinityBonus": 0 },
          "levels": { "maxLevel": 40, "curve": "floor(2 * pow(level - 1, 2.5))" }, "stats": "base" }
        """#
      ],
      others: ["2️⃣": .unreachableSpecies, "3️⃣": .unreachableSpecies]),
  ])
  func findsEachClassWhereItIs(_ c: Case) throws {
    let (pack, marked) = try Self.pack(c.files)
    let warnings = Linter.lint(pack, horizon: c.horizon)
    var expected: [String] = []
    for (name, text) in marked.sorted(by: { $0.key < $1.key }) {
      for marker in MarkedText.markers {
        guard let position = text.position(marker) else { continue }
        expected.append("\(name):\(position.line):\(position.column) [\((c.others[marker] ?? c.check).rawValue)]")
      }
    }
    let found = warnings.map { warning in
      "\(warning.diagnostic.file ?? ""):\(warning.diagnostic.position?.line ?? 0):\(warning.diagnostic.position?.column ?? 0) [\(warning.check.rawValue)]"
    }
    #expect(found == expected, "\(warnings.map { $0.diagnostic.rendered() }.joined(separator: "\n"))")
    for warning in warnings {
      #expect(warning.diagnostic.severity == .warning)
      #expect(warning.diagnostic.message.hasSuffix("[\(warning.check.rawValue)]"))
      #expect(warning.diagnostic.notes.count == 2 && warning.diagnostic.notes[1].hasPrefix("fix: "))
    }
  }
}
