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
  /// Which events can change it: achievement checks — indexed groups and every condition that
  /// reads it — skip it on events of other kinds (a fact given a narrower class than it moves on
  /// would delay unlocks: anything that also moves at a day's opening or closing is `.anyEvent`).
  package var changes: FactChange
  /// Where the value comes from.
  package var source: FactSource
  /// The parameter of the source (a category index, for `player.workouts.strength`).
  package var argument: Int

  package init(
    _ name: String, _ type: FormulaType = .number, _ scopes: Set<FactScope>, _ help: String, monotonic: Bool = false,
    changes: FactChange = .anyEvent, argument: Int = 0, read: FactReader
  ) {
    self.changes = changes
    self.name = name
    self.type = type
    self.scopes = scopes
    self.help = help
    self.isMonotonic = monotonic
    self.source = .function(read)
    self.argument = argument
  }

  /// A fact stored in a field of the event being applied (read without a call).
  package init<Value: FactField>(
    _ name: String, _ type: FormulaType = .number, _ scopes: Set<FactScope>, _ help: String,
    event field: KeyPath<EventContext, Value>
  ) {
    self.init(
      name, type, scopes, help, monotonic: false, changes: .anyEvent,
      source: .field(Value.kind, .context, offset(field)))
  }

  /// A fact stored in a field of the player's progress (read without a call).
  package init<Value: FactField>(
    _ name: String, _ type: FormulaType = .number, _ scopes: Set<FactScope>, _ help: String, monotonic: Bool = false,
    changes: FactChange = .anyEvent, player field: KeyPath<PlayerProgress, Value>
  ) {
    self.init(
      name, type, scopes, help, monotonic: monotonic, changes: changes,
      source: .field(Value.kind, .progress, offset(field)))
  }

  /// The parameter of the workout's category at index `argument`.
  package static func categoryParameter(_ name: String, _ scopes: Set<FactScope>, _ help: String, argument: Int) -> Fact
  {
    Fact(
      name, .number, scopes, help, monotonic: false, changes: .anyEvent, source: .categoryParameter, argument: argument)
  }

  private init(
    _ name: String, _ type: FormulaType, _ scopes: Set<FactScope>, _ help: String, monotonic: Bool, changes: FactChange,
    source: FactSource, argument: Int = 0
  ) {
    self.name = name
    self.type = type
    self.scopes = scopes
    self.help = help
    self.isMonotonic = monotonic
    self.changes = changes
    self.source = source
    self.argument = argument
  }
}

/// The byte offset of a stored field (a key path to a computed property is a programming error).
private func offset<Root, Value>(_ field: KeyPath<Root, Value>) -> Int {
  guard let offset = MemoryLayout<Root>.offset(of: field) else {
    preconditionFailure("facts read stored fields only: \(field)")
  }
  return offset
}

/// Where a fact's value comes from.
package enum FactSource: Sendable {
  /// A function of the progress, the event and the argument.
  case function(FactReader)
  /// A stored field of the event context or of the progress, at a byte offset.
  case field(FieldKind, FieldBase, Int)
  /// The workout category's parameter at index `argument`.
  case categoryParameter

  /// What a field holds.
  package enum FieldKind: UInt8, Sendable { case double, int, int64, bool }
  /// Whose field it is.
  package enum FieldBase: UInt8, Sendable { case context, progress }
}

/// The types of fields a fact can read directly.
package protocol FactField { static var kind: FactSource.FieldKind { get } }
extension Double: FactField { package static var kind: FactSource.FieldKind { .double } }
extension Int: FactField { package static var kind: FactSource.FieldKind { .int } }
extension Int64: FactField { package static var kind: FactSource.FieldKind { .int64 } }
extension Bool: FactField { package static var kind: FactSource.FieldKind { .bool } }

/// Which events can change a fact's value.
package enum FactChange: Sendable {
  /// Any event (reward XP can raise the level on any event that unlocks something).
  case anyEvent
  /// Workouts only.
  case workouts
  /// Workouts of the category the fact's `argument` names.
  case workoutsOfCategory
  /// Nutrition logs only.
  case nutrition
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
