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

  /// Creates an engine for a pack.
  public init(pack: RulePack) {
    self.pack = pack
    let storage = EngineStorage()
    self.storage = storage
    let facts = pack.facts.facts
    let achievements = AchievementPlan(pack: pack)
    let experience = ExperiencePlan(pack: pack)
    self.experience = experience
    let formulas = Mechanics.formulas(pack, achievements: achievements) + experience.programs
    func slots(_ formulas: [Formula?]) -> UnsafeBufferPointer<Int32> {
      storage.buffer(Set(formulas.compactMap { $0 }.flatMap(\.slots)).sorted().map { Int32($0) })
    }
    var parameters: [Double] = []
    for category in pack.categories { parameters += category.parameters }
    let species = pack.companions?.species ?? []
    let tables = EngineTables(
      categoryParameters: storage.buffer(parameters).baseAddress.unsafelyUnwrapped,
      parameterCount: pack.categoryParameters.count,
      speciesStage: storage.buffer(species.map { Int32($0.stage) }).baseAddress.unsafelyUnwrapped,
      speciesElement: storage.buffer(species.map { Int32($0.element) }).baseAddress.unsafelyUnwrapped)
    var progression = [Bool](repeating: false, count: pack.categories.count)
    for index in pack.progression?.categories ?? [] { progression[index] = true }
    plan = EnginePlan(
      slotCount: facts.count,
      categoryCount: pack.categories.count,
      stackDepth: formulas.map(\.stackDepth).max() ?? 1,
      readers: storage.buffer(facts.map(SlotReader.init)),
      tables: storage.pointer(tables),
      experienceSlots: slots(pack.xp.formulas),
      fusedExperience: storage.buffer(experience.programs.map(\.compiledProgram)),
      fusedSlots: storage.buffer(experience.slots.flatMap { $0.map { Int32($0) } }),
      fusedSlotEnds: storage.buffer(experience.slots.reduce(into: [Int32]()) { ends, list in ends.append((ends.last ?? 0) + Int32(list.count)) }),
      companionSlots: slots([pack.companions?.share, pack.companions?.affinityBonus]),
      evolutionSlots: slots(pack.companions?.species.map { $0.evolution?.condition } ?? []),
      nutritionSlots: slots(pack.nutrition?.formulas ?? []),
      achievementSlots: storage.buffer(achievements.generalSlots.map { Int32($0) }),
      questSlots: slots(pack.quests?.formulas ?? []),
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
      eventGroupEnds: storage.buffer(achievements.eventGroups.reduce(into: [Int32]()) { ends, list in
        ends.append((ends.last ?? 0) + Int32(list.count))
      }),
      hasRecords: pack.records != nil,
      hasProgression: pack.progression != nil,
      hasCompanions: pack.companions != nil,
      hasQuests: !(pack.quests?.quests.isEmpty ?? true),
      hasGeneralAchievements: !achievements.general.isEmpty,
      tierCount: achievements.tierCount,
      progressionCategories: storage.buffer(progression))
  }

  /// Loads a pack directory and creates an engine for it.
  public convenience init(rulesDirectory: String, overrides: [JSONOverride] = []) throws(DiagnosticError) {
    self.init(pack: try RulePackLoader.load(directory: rulesDirectory, overrides: overrides))
  }

  /// An engine for the same pack compiled again from the same file contents: its own formula
  /// objects and tables, so threads that each use their own copy share no reference counts.
  package func isolatedCopy() -> Engine {
    guard let copy = try? RulePackLoader.load(pack.files, source: pack.source, overrides: pack.overrides, problems: []) else {
      return self
    }
    return Engine(pack: copy)
  }

  /// A new player's progress, shaped for this pack.
  public func newProgress() -> PlayerProgress {
    var state = PlayerProgress()
    state.categories = pack.categories.map { CategoryTotals(name: $0.name) }
    state.records = pack.exercises.map { ExerciseRecord(exercise: $0.name) }
    state.loads = pack.exercises.map { LoadState(exercise: $0.name) }
    state.achievements = pack.achievements.map { AchievementProgress(id: $0.id) }
    if let quests = pack.quests?.quests, !quests.isEmpty {
      let empty = PeriodTotals(categories: pack.categories.count)
      state.quests.periods = [empty, empty]
      state.quests.quests = quests.map { QuestProgress(id: $0.id) }
    }
    return state
  }

  /// A player ready to be applied events to: the progress (re-aligned to this pack when it was
  /// shaped for another, see ``reconcile(_:)``) and what the engine derives from it.
  package func live(_ progress: PlayerProgress) -> LivePlayer {
    var progress = progress
    if !isAligned(progress) { _ = reconcile(&progress) }
    return LivePlayer(progress: progress, cursors: plan.achievements.cursors(for: progress))
  }

  /// Whether a progress has this pack's shape: its entries in the pack's order, and every
  /// companion's species index bound. O(entries); the engine relies on it to index arrays.
  func isAligned(_ state: PlayerProgress) -> Bool {
    let quests = pack.quests?.quests ?? []
    guard state.categories.map(\.name).elementsEqual(pack.categories.map(\.name)),
      pack.isAligned(state.records, name: \.exercise),
      pack.isAligned(state.loads, name: \.exercise),
      state.achievements.map(\.id).elementsEqual(pack.achievements.map(\.id)),
      state.quests.quests.map(\.id).elementsEqual(quests.map(\.id)),
      state.quests.periods.count == (quests.isEmpty ? 0 : 2),
      state.quests.periods.allSatisfy({ $0.fits(categories: pack.categories.count) }),
      zip(state.achievements, pack.achievements).allSatisfy({ (0...$1.tiers.count).contains($0.tier) })
    else { return false }
    let species = pack.companions?.species ?? []
    return state.companions.members.allSatisfy { companion in
      species.indices.contains(companion.speciesIndex) && species[companion.speciesIndex].id == companion.species
    }
  }

  /// Re-aligns a saved progress to this pack: entries are matched by name, new ones start empty,
  /// entries the pack no longer has are dropped (and companions of unknown species leave).
  /// Returns the names dropped.
  public func reconcile(_ state: inout PlayerProgress) -> [String] {
    var dropped: [String] = []
    func align<T>(_ entries: [T], names: [String], key: (T) -> String, make: (String) -> T) -> [T] {
      var byName: [String: T] = [:]
      for entry in entries where byName[key(entry)] == nil { byName[key(entry)] = entry }
      dropped += entries.map(key).filter { !names.contains($0) }
      return names.map { byName[$0] ?? make($0) }
    }
    state.categories = align(state.categories, names: pack.categories.map(\.name), key: \.name, make: CategoryTotals.init)
    let records = pack.aligned(state.records, name: \.exercise, make: ExerciseRecord.init)
    let loads = pack.aligned(state.loads, name: \.exercise, make: { LoadState(exercise: $0) })
    state.records = records.list
    state.loads = loads.list
    dropped += records.dropped + loads.dropped
    state.achievements = align(
      state.achievements, names: pack.achievements.map(\.id), key: \.id, make: AchievementProgress.init)
    for (index, rule) in pack.achievements.enumerated() where !(0...rule.tiers.count).contains(state.achievements[index].tier) {
      // A tier the pack no longer has (tiers were removed): the highest that remains.
      state.achievements[index].tier = Swift.min(Swift.max(state.achievements[index].tier, 0), rule.tiers.count)
    }
    let quests = pack.quests?.quests ?? []
    state.quests.quests = align(state.quests.quests, names: quests.map(\.id), key: \.id, make: QuestProgress.init)
    let empty = PeriodTotals(categories: pack.categories.count)
    if quests.isEmpty {
      state.quests.periods = []
    } else if state.quests.periods.count != 2 {
      state.quests.periods = [empty, empty]
    } else {
      for index in 0..<2 where !state.quests.periods[index].fits(categories: pack.categories.count) {
        state.quests.periods[index] = empty
      }
    }
    let active = state.companions.active.flatMap { $0 < state.companions.members.count ? state.companions.members[$0].species : nil }
    var members: [Companion] = []
    for var companion in state.companions.members {
      guard let index = pack.companions?.species(named: companion.species) else {
        dropped.append(companion.species)
        continue
      }
      companion.speciesIndex = index
      members.append(companion)
    }
    state.companions.members = members
    state.companions.active = active.flatMap { name in members.firstIndex { $0.species == name } }
    return dropped
  }
}

/// A player being applied events: its progress, the achievement cursors the engine derives from
/// it (rebuilt in O(achievements) by ``Engine/live(_:)``; never saved), and scratch memory for
/// the slots and operand stack of one application, allocated once per player.
package struct LivePlayer: Sendable {
  package var progress: PlayerProgress
  package var cursors: [Int]
  /// Whether an event has checked every achievement group (the first one does, so a fact that
  /// already meets a new threshold unlocks at once, whatever event comes next).
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
    if isKnownUniquelyReferenced(&memory), let block = memory.unsafelyUnwrapped as ScratchMemory?, block.capacity >= capacity {
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
