import RuleLanguage

/// A mechanic of the engine (XP, streaks, quests…): everything about it lives in its folder,
/// `Sources/Engine/Mechanics/NAME/`, and it plugs in with one line in ``Mechanics/all``.
///
/// The folder's `NAMEMechanic` type declares what the rest of the engine derives: its rule file and
/// how to decode it, the facts formulas may read, the formulas it evaluates (which size the slot
/// lists and the operand stack), its state (the value in ``PlayerProgress``, its empty value, how it
/// re-aligns to an edited pack, its range checks, its saved forms), its phases (which
/// `Pipeline.swift` calls in its written order; a test checks every phase is called there), its
/// awards and its events. docs/architecture.md walks through adding one.
package protocol Mechanic {
  /// The compiled rules, as the pack keeps them.
  associatedtype Rules: Sendable
  /// The player's state of this mechanic, as ``PlayerProgress`` keeps it.
  associatedtype State: Sendable, Hashable, Codable

  /// The mechanic's name: its rule file is `NAME.json`, its folder `Mechanics/Name/`.
  static var name: String { get }
  /// Its position in ``Mechanics/all``, as a literal (`static var index: Int { 3 }`): the hot path
  /// reads it in every phase, and a lazy `static let` costs a `swift_once` call per read on
  /// Linux. A test checks that it matches the list.
  static var index: Int { get }
  /// Whether a pack without its rule file is incomplete.
  static var isRequired: Bool { get }
  /// Reads its rule file (or anything of the pack it needs), reporting problems to the decoder's
  /// log; nil when the pack does not use the mechanic.
  static func decode(_ decoder: PackDecoder) -> Rules?
  /// Whether decoded rules make the mechanic run (its phases are skipped otherwise).
  static func isActive(_ rules: Rules) -> Bool

  /// Its part of a pack's one-line summary ("3 quests"), if any.
  static func summary(_ rules: Rules) -> String?

  /// The facts formulas may read, in slot order.
  static func facts(_ names: FactNames) -> [Fact]
  /// The formulas its phases evaluate on an event's slots, one list per place a phase fills slots
  /// (``Engine/fill(_:_:_:)`` with ``Engine/slots(_:_:)``).
  static func formulas(_ rules: Rules, pack: RulePack) -> [[Formula]]

  /// The key its state is saved under (in JSON and in the binary form).
  static var stateKey: String { get }
  /// The state version in which its state first appeared (see ``Mechanics/stateVersion``).
  static var since: Int { get }
  /// Where ``PlayerProgress`` keeps its state.
  static var state: WritableKeyPath<PlayerProgress, State> { get }
  /// The state before anything happened and before any pack shaped it; a saved state without
  /// this mechanic's key starts here (and is then aligned to the pack).
  static var emptyState: State { get }
  /// Whether a state has the pack's shape (an entry per category, exercise… in the pack's order);
  /// the engine indexes its arrays only when it does.
  static func isAligned(_ state: State, to pack: RulePack) -> Bool
  /// Re-aligns a state to a pack: entries matched by name, new ones empty, others dropped.
  /// Returns the names dropped.
  static func align(_ state: inout State, to pack: RulePack) -> [String]
  /// Reports values no events can produce (and duplicate entries), each with its path under
  /// ``stateKey``.
  static func check(_ state: State, _ checker: inout ProgressCheck)
  /// Writes the state's binary form (only what differs from a new player of `pack`, where cheap).
  static func write(_ state: State, to writer: inout BinaryWriter, pack: RulePack?)
  /// Reads what ``write(_:to:pack:)`` wrote.
  static func read(from reader: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> State
  /// Whether a progress holds ``emptyState`` (its saved form then leaves the section out). These
  /// three are requirements, with default implementations, so that each mechanic has them
  /// specialized: called through ``Mechanics/all`` as extension methods, they ran generic and
  /// copied the whole progress for each mechanic.
  static func hasEmptyState(in progress: PlayerProgress) -> Bool
  /// Writes the progress's state of this mechanic (``write(_:to:pack:)``).
  static func writeState(of progress: PlayerProgress, to writer: inout BinaryWriter, pack: RulePack?)
  /// Reads a section ``writeState(of:to:pack:)`` wrote into the progress (all of its bytes).
  static func readState(into progress: inout PlayerProgress, from reader: inout BinaryReader, pack: RulePack?)
    throws(BinaryFormatError)

  /// The names of its phases: `Engine` methods `Pipeline.swift` calls.
  static var phases: [String] { get }
  /// The compact records of its awards (each names its public award type).
  static var awards: [any RecordedAward.Type] { get }
  /// The event types it adds (beyond the engine's own), each applied by its phase.
  static var events: [any MechanicEvent.Type] { get }

  /// The numbers a simulated run reports about it, read from the final progress (names may
  /// depend on the pack: `season.ID.tier`).
  static func metrics(_ rules: Rules, pack: RulePack) -> [RunMetric]
  /// Its metric names as patterns, for docs and hints.
  static var metricFamilies: [RunMetric.Family] { get }
  /// Its line of a simulated run's text report ("Seasons", "Winter Warm-up: Gold…"), if any.
  static func reportLine(_ state: State, rules: Rules) -> (label: String, text: String)?
}

extension Mechanic {
  package static var isRequired: Bool { false }
  package static func isActive(_ rules: Rules) -> Bool { true }
  package static var events: [any MechanicEvent.Type] { [] }
  package static func summary(_ rules: Rules) -> String? { nil }
  package static func metrics(_ rules: Rules, pack: RulePack) -> [RunMetric] { [] }
  package static var metricFamilies: [RunMetric.Family] { [] }
  package static func reportLine(_ state: State, rules: Rules) -> (label: String, text: String)? { nil }

  /// Its part of a pack's summary.
  static func summary(of pack: RulePack) -> String? {
    pack.rules(Self.self).flatMap(summary)
  }
}
