import RuleLanguage

/// Applies a compiled rule pack to events: a pure reducer `(progress, event) → (progress′, awards)`.
///
/// No I/O, clocks, randomness or global state: the same events with the same pack give
/// byte-identical states and awards. An engine is immutable and can be shared across threads.
public final class Engine: Sendable {
  /// The rule pack the engine applies.
  public let pack: RulePack
  let plan: EnginePlan
  private let storage: EngineStorage
  /// The fused XP programs, kept alive for their bytecode.
  private let experience: ExperiencePlan
  /// A new player's progress and achievement cursors, shaped once (copies share their memory
  /// until written).
  private let newLive: LivePlayer

  /// Creates an engine for a pack.
  public init(pack: RulePack) {
    self.pack = pack
    let storage = EngineStorage()
    self.storage = storage
    let facts = pack.facts.facts
    let achievements = AchievementPlan(pack: pack)
    let experience = ExperiencePlan(pack: pack)
    self.experience = experience
    // Each mechanic's formula sites, flattened: a phase fills the slots of its site.
    var sites: [[Formula]] = []
    var siteStarts: [Int32] = []
    for mechanic in Mechanics.all {
      siteStarts.append(Int32(sites.count))
      sites += mechanic.formulaSites(of: pack)
    }
    // Formulas of private scopes (their arguments as slots): run on the same operand stack.
    let oneRepMax = pack.records?.estimatedOneRepMax
    let companionStats = pack.companions?.stats
    let macros = pack.nutrition?.macros.map(\.formula) ?? []
    let formulas =
      sites.flatMap { $0 } + experience.programs + [oneRepMax, companionStats].compactMap { $0 } + macros
    var parameters: [Double] = []
    for category in pack.categories { parameters += category.parameters }
    let species = pack.companions?.species ?? []
    let tables = EngineTables(
      categoryParameters: storage.buffer(parameters).baseAddress.unsafelyUnwrapped,
      parameterCount: pack.categoryParameters.count,
      speciesStage: storage.buffer(species.map { Int32($0.stage) }).baseAddress.unsafelyUnwrapped,
      speciesElement: storage.buffer(species.map { Int32($0.element) }).baseAddress.unsafelyUnwrapped)
    var progression = [Bool](repeating: false, count: pack.categories.count)
    var generalStarts: [Int32] = []
    var conditionCount: Int32 = 0
    for general in achievements.general {
      generalStarts.append(conditionCount)
      conditionCount += Int32(general.conditions.count)
    }
    let generalSlots = achievements.general.map { general in
      Set(general.conditions.flatMap(\.formula.slots)).sorted().map { Int32($0) }
    }
    for index in pack.progression?.categories ?? [] { progression[index] = true }
    plan = EnginePlan(
      slotCount: facts.count,
      categoryCount: pack.categories.count,
      stackDepth: formulas.map(\.stackDepth).max() ?? 1,
      readers: storage.buffer(facts.map(SlotReader.init)),
      tables: storage.pointer(tables),
      isActive: storage.buffer(Mechanics.all.map { $0.isActive(in: pack) }),
      siteStarts: storage.buffer(siteStarts),
      siteSlots: storage.buffer(
        sites.map { site in storage.buffer(Set(site.flatMap(\.slots)).sorted().map { Int32($0) }) }),
      sitePrograms: storage.buffer(sites.map { site in storage.buffer(site.map(\.compiledProgram)) }),
      fusedExperience: storage.buffer(experience.programs.map(\.compiledProgram)),
      fusedSlots: storage.buffer(experience.slots.flatMap { $0.map { Int32($0) } }),
      fusedSlotEnds: storage.buffer(
        experience.slots.reduce(into: [Int32]()) { ends, list in ends.append((ends.last ?? 0) + Int32(list.count)) }),
      rounding: pack.xp.rounding,
      perWorkoutCap: Int64(pack.xp.perWorkoutCap ?? -1),
      perDayCap: Int64(pack.xp.perDayCap ?? -1),
      hasBonuses: !pack.xp.bonuses.isEmpty,
      levelThresholds: storage.buffer(pack.levels.thresholds),
      achievements: achievements,
      groups: storage.buffer(achievements.groups.map { Int32($0) }),
      groupEnds: storage.buffer(achievements.groupEnds.map { Int32($0) }),
      entries: storage.buffer(achievements.entries),
      eventGroups: storage.buffer(achievements.eventGroups.flatMap { $0.map { Int32($0) } }),
      eventGroupEnds: storage.buffer(
        achievements.eventGroups.reduce(into: [Int32]()) { ends, list in
          ends.append((ends.last ?? 0) + Int32(list.count))
        }),
      generalStarts: storage.buffer(generalStarts),
      generalAchievements: storage.buffer(achievements.general.map { Int32($0.achievement) }),
      generalTiers: storage.buffer(achievements.general.map { Int32($0.conditions.count) }),
      generalBounds: storage.buffer(achievements.general.flatMap { $0.conditions.map { $0.atLeast ?? .nan } }),
      generalSlots: storage.buffer(generalSlots.flatMap { $0 }),
      generalSlotEnds: storage.buffer(
        generalSlots.reduce(into: [Int32]()) { ends, list in ends.append((ends.last ?? 0) + Int32(list.count)) }),
      eventGeneral: storage.buffer(achievements.eventGeneral.flatMap { $0.map { Int32($0) } }),
      eventGeneralEnds: storage.buffer(
        achievements.eventGeneral.reduce(into: [Int32]()) { ends, list in
          ends.append((ends.last ?? 0) + Int32(list.count))
        }),
      tierCount: achievements.tierCount,
      progressionCategories: storage.buffer(progression),
      exerciseCategories: storage.buffer(pack.exercises.map { Int32($0.category) }),
      exerciseIncrements: storage.buffer(pack.exercises.map { $0.incrementKg ?? .nan }),
      oneRepMax: oneRepMax?.compiledProgram,
      companionStats: companionStats?.compiledProgram,
      companions: CompanionPlan(pack.companions, categories: pack.categories.count, storage: storage),
      seasons: SeasonPlan(pack.seasons, storage: storage),
      macros: storage.buffer(macros.map(\.compiledProgram)))
    var progress = PlayerProgress()
    for mechanic in Mechanics.all { _ = mechanic.align(&progress, to: pack) }
    newLive = LivePlayer(progress: progress, cursors: achievements.cursors(for: progress))
  }

  /// Loads a pack directory and creates an engine for it.
  public convenience init(rulesDirectory: String, overrides: [JSONOverride] = []) throws(DiagnosticError) {
    self.init(pack: try RulePackLoader.load(directory: rulesDirectory, overrides: overrides))
  }

  /// An engine for the same pack compiled again from the same file contents: its own formula
  /// objects and tables, so threads that each use their own copy share no reference counts.
  package func isolatedCopy() -> Engine {
    guard let copy = try? RulePackLoader.load(pack.files, source: pack.source, overrides: pack.overrides, problems: [])
    else {
      return self
    }
    return Engine(pack: copy)
  }

  /// A new player's progress, shaped for this pack: every mechanic's empty state, aligned to it.
  public func newProgress() -> PlayerProgress { newLive.progress }

  /// A new player ready to be applied events to: ``live(_:)`` of ``newProgress()``, without
  /// shaping it again.
  package func newLivePlayer() -> LivePlayer { newLive }

  /// A player ready to be applied events to: the progress (re-aligned to this pack when it was
  /// shaped for another, see ``reconcile(_:)``) and what the engine derives from it.
  package func live(_ progress: PlayerProgress) -> LivePlayer {
    var progress = progress
    if !isAligned(progress) { _ = reconcile(&progress) }
    return LivePlayer(progress: progress, cursors: plan.achievements.cursors(for: progress))
  }

  /// A player ready to be applied events from a progress this engine made or aligned (a bound
  /// player's checkpoint, a day's snapshot, a replay's result): ``live(_:)`` without checking
  /// every mechanic's alignment again, which costs more than applying an event.
  package func live(aligned progress: PlayerProgress) -> LivePlayer {
    LivePlayer(progress: progress, cursors: plan.achievements.cursors(for: progress))
  }

  /// Whether a progress has this pack's shape in every mechanic (entries in the pack's order,
  /// companions bound to their species). O(entries); the engine relies on it to index arrays.
  func isAligned(_ progress: PlayerProgress) -> Bool {
    Mechanics.all.allSatisfy { $0.isAligned(progress, to: pack) }
  }

  /// Re-aligns a saved progress to this pack, mechanic by mechanic: entries are matched by name,
  /// new ones start empty, entries the pack no longer has are dropped (and companions of unknown
  /// species leave). Returns the names dropped.
  public func reconcile(_ progress: inout PlayerProgress) -> [String] {
    Mechanics.all.flatMap { $0.align(&progress, to: pack) }
  }
}

extension Mechanic {
  static func isAligned(_ progress: PlayerProgress, to pack: RulePack) -> Bool {
    isAligned(progress[keyPath: state], to: pack)
  }

  static func align(_ progress: inout PlayerProgress, to pack: RulePack) -> [String] {
    align(&progress[keyPath: state], to: pack)
  }

  /// The mechanic's formula sites for a pack (none when the pack lacks its rules).
  static func formulaSites(of pack: RulePack) -> [[Formula]] {
    pack.rules(Self.self).map { formulas($0, pack: pack) } ?? []
  }
}

/// A player being applied events: its progress, the achievement cursors the engine derives from
/// it (rebuilt in O(achievements) by ``Engine/live(_:)``; never saved), and scratch memory for
/// the slots and operand stack of one application, allocated once per player.
package struct LivePlayer: Sendable {
  package var progress: PlayerProgress
  package var cursors: [Int]
  /// Whether an event has checked every achievement group and non-indexed achievement (the
  /// first one does, so a fact that already meets a new threshold unlocks at once, whatever event
  /// comes next; later ones check only what their facts can move).
  var hasCheckedAll = false
  private var memory: ScratchMemory?

  package init(progress: PlayerProgress, cursors: [Int]) {
    self.progress = progress
    self.cursors = cursors
  }

  /// At least `capacity` Doubles no other player value uses (copies of a player share none
  /// while applying: a shared block is replaced first).
  @inline(__always)
  mutating func scratch(capacity: Int) -> UnsafeMutablePointer<Double> {
    if isKnownUniquelyReferenced(&memory), let block = memory.unsafelyUnwrapped as ScratchMemory?,
      block.capacity >= capacity
    {
      return block.base
    }
    let fresh = ScratchMemory(capacity: capacity)
    memory = fresh
    return fresh.base
  }
}

/// A block of Doubles, freed with its last owner.
final class ScratchMemory: @unchecked Sendable {
  let base: UnsafeMutablePointer<Double>
  let capacity: Int

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
    base.initialize(repeating: 0, count: self.capacity)
  }

  deinit { base.deallocate() }
}
