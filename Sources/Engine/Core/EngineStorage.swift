import RuleLanguage

/// Plain memory an engine owns for as long as it lives: its lookup tables, the fact readers of
/// its slots and the slot lists of its formula sites. Read on the hot path through raw pointers,
/// so applying an event touches no reference counts; freed when the engine goes away.
final class EngineStorage: @unchecked Sendable {
  private var deallocations: [() -> Void] = []

  /// Copies values into memory owned by this storage.
  func buffer<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, values.count))
    _ = buffer.initialize(from: values)
    deallocations.append {
      buffer.baseAddress?.deinitialize(count: values.count)
      buffer.deallocate()
    }
    return UnsafeBufferPointer(rebasing: buffer[0..<values.count])
  }

  /// One value in memory owned by this storage.
  func pointer<T>(_ value: T) -> UnsafePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: value)
    deallocations.append {
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
    return UnsafePointer(pointer)
  }

  deinit {
    for deallocate in deallocations { deallocate() }
  }
}

/// A slot's fact reader and its argument.
struct SlotReader {
  let read: FactReader
  let argument: Int
}

/// What an engine compiles from its pack once: the slot lists each phase fills, the fused XP
/// program, the achievement index, and sizes. A plain value of raw pointers into the engine's
/// storage.
struct EnginePlan: @unchecked Sendable {
  let slotCount: Int
  /// The deepest operand stack any formula of the engine needs.
  let stackDepth: Int
  let readers: UnsafeBufferPointer<SlotReader>
  let tables: UnsafePointer<EngineTables>
  let experienceSlots: UnsafeBufferPointer<Int32>
  let companionSlots: UnsafeBufferPointer<Int32>
  let evolutionSlots: UnsafeBufferPointer<Int32>
  let nutritionSlots: UnsafeBufferPointer<Int32>
  let achievementSlots: UnsafeBufferPointer<Int32>
  let questSlots: UnsafeBufferPointer<Int32>
  /// The XP terms and factors as one program, used when awards need no breakdown.
  let fusedExperience: CompiledProgram?
  /// XP rounding and caps (−1: no cap), and whether any bonus exists.
  let rounding: RoundingMode
  let perWorkoutCap: Int64
  let perDayCap: Int64
  let hasBonuses: Bool
  /// The player level thresholds (`thresholds[n]`: total XP for level n + 1).
  let levelThresholds: UnsafeBufferPointer<Int64>
  let achievements: AchievementPlan
  /// The achievement index as plain memory (see ``AchievementPlan``).
  let groups: UnsafeBufferPointer<Int32>
  let groupEnds: UnsafeBufferPointer<Int32>
  let entries: UnsafeBufferPointer<AchievementPlan.Entry>
  /// Which mechanics the pack has.
  let hasRecords: Bool
  let hasProgression: Bool
  let hasCompanions: Bool
  let hasQuests: Bool
  let hasGeneralAchievements: Bool
  /// All achievement tiers of the pack (a bound on the rounds of unlocking).
  let tierCount: Int
  /// Per category: whether its exercises get load suggestions.
  let progressionCategories: UnsafeBufferPointer<Bool>
}
