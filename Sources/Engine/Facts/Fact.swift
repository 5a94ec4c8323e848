import RuleLanguage

/// Reads a fact's current value from the player's progress and the event being applied; the
/// argument is the fact's parameter (a category index…). A plain function pointer: reading a
/// fact touches no reference counts.
package typealias FactReader = @convention(c) (UnsafeRawPointer, UnsafeRawPointer, Int) -> Double

/// A number the engine knows about the current event, the player or their companion, that rule
/// formulas can read by name (`player.streak`, `workout.durationMin`…). Each mechanic declares
/// its own facts (see the `*Facts.swift` file of its folder); the engine gives each a slot.
package struct Fact: Sendable {
  /// The name formulas use.
  package var name: String
  package var type: FormulaType
  /// Where formulas may read it.
  package var scopes: Set<FactScope>
  /// One line for `docs/rules.md` and hints.
  package var help: String
  /// Whether the value can only grow over a player's life, so thresholds on it can be indexed.
  package var isMonotonic: Bool
  package var read: FactReader
  /// The parameter passed to `read` (a category index, for `player.workouts.strength`).
  package var argument: Int

  package init(
    _ name: String, _ type: FormulaType = .number, _ scopes: Set<FactScope>, _ help: String, monotonic: Bool = false,
    argument: Int = 0, read: FactReader
  ) {
    self.name = name
    self.type = type
    self.scopes = scopes
    self.help = help
    self.isMonotonic = monotonic
    self.read = read
    self.argument = argument
  }
}

/// Where a formula is written decides which facts it may read.
package enum FactScope: Sendable, CaseIterable {
  /// XP terms, factors and bonuses: the workout, its category, the player, the companion.
  case workout
  /// Companion XP: as `workout`, plus the workout's final XP.
  case companionXP
  /// Achievements and evolution conditions: the player and the companion.
  case player
  /// Nutrition signals: the day, the intake trend and the player.
  case day
  /// Quest goals: the quest's period and the player.
  case quest

  /// Every scope.
  package static let all = Set(allCases)
  /// The scopes where the workout being applied is known.
  package static let onWorkout: Set<FactScope> = [.workout, .companionXP]
}

/// The names a pack's facts are built from (categories, parameters, elements): known before any
/// formula is compiled.
package struct FactNames: Sendable {
  package var categories: [String]
  package var parameters: [String]
  package var elements: [String]
}

/// Every fact of a pack, each with its slot (its index here); builds the formula scopes.
package struct FactTable: Sendable {
  package let facts: [Fact]
  private let scopes: [FactScope: FormulaScope]

  /// Collects the facts every mechanic declares (Mechanics.swift lists them).
  package init(_ names: FactNames, constants: [(name: String, value: Double)] = []) {
    let facts = Mechanics.facts(names)
    self.facts = facts
    var scopes: [FactScope: FormulaScope] = [:]
    for scope in FactScope.allCases {
      scopes[scope] = FormulaScope(
        facts.enumerated().filter { $0.element.scopes.contains(scope) }.map {
          FormulaScope.Variable(name: $0.element.name, type: $0.element.type, slot: $0.offset)
        }, constants: constants)
    }
    self.scopes = scopes
  }

  /// The scope for formulas written in a place.
  package func scope(_ place: FactScope) -> FormulaScope { scopes[place] ?? FormulaScope([]) }

  package var count: Int { facts.count }

  /// The slot of a fact by name.
  package func slot(named name: String) -> Int? { facts.firstIndex { $0.name == name } }
}

/// Typed access to the pointers a ``FactReader`` receives.
package enum FactAccess {
  @inline(__always)
  package static func progress(_ pointer: UnsafeRawPointer) -> UnsafePointer<PlayerProgress> {
    pointer.assumingMemoryBound(to: PlayerProgress.self)
  }

  @inline(__always)
  package static func context(_ pointer: UnsafeRawPointer) -> UnsafePointer<EventContext> {
    pointer.assumingMemoryBound(to: EventContext.self)
  }
}
