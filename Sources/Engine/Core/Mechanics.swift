import RuleLanguage

/// The mechanics of the engine, listed once. Everything that concerns every mechanic — rule
/// files, decoding, facts, formulas and their slots, a new player, re-alignment, saved state and
/// its checks, award and event types — is derived from this list; a mechanic plugs in with its
/// folder and one line here (plus, where it runs, its phases in `Pipeline.swift`, which a test
/// checks). A test also fails when a folder of `Mechanics/` is missing from the list.
package enum Mechanics {
  /// Every mechanic, in the order their rules are decoded and their facts get slots.
  nonisolated(unsafe) package static let all: [any Mechanic.Type] = [
    ActivityMechanic.self,
    RecordsMechanic.self,
    XPMechanic.self,
    LevelsMechanic.self,
    StreaksMechanic.self,
    AchievementsMechanic.self,
    CompanionsMechanic.self,
    NutritionMechanic.self,
    ProgressionMechanic.self,
    QuestsMechanic.self,
    SeasonsMechanic.self,
    RestMechanic.self,
    GoalsMechanic.self,
  ]

  /// Rule files that belong to no single mechanic: the pack's header and its exercises.
  static let sharedFiles = ["pack", "exercises"]

  /// The rule files a pack may contain.
  package static let files = sharedFiles + all.compactMap { $0.isRuleFile ? $0.name : nil }
  /// The files a pack must contain.
  package static let requiredFiles: Set<String> = Set(["pack"] + all.filter { $0.isRequired }.map { $0.name })

  /// Every fact formulas can read, in slot order.
  package static func facts(_ names: FactNames) -> [Fact] {
    all.flatMap { $0.facts(names) }
  }

  /// The newest state version this build writes and reads: a saved state with a mechanic's key
  /// this build does not know was written by a later one.
  package static let stateVersion = all.map { $0.since }.max() ?? 1

  /// The mechanic whose state is saved under a key.
  package static func mechanic(savedAs key: String) -> (any Mechanic.Type)? {
    all.first { $0.stateKey == key }
  }
}

extension Mechanic {
  /// Whether the mechanic has a rule file of its own (activity reads only the shared parts).
  static var isRuleFile: Bool { !(Rules.self == NoRules.self) }
}

/// The rules of a mechanic without a rule file of its own.
package struct NoRules: Sendable {
  package init() {}
}
