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

/// How a slot's fact is read: a field at an offset (most facts: a load and a conversion), a
/// category parameter, or a call.
struct SlotReader {
  enum Kind: UInt8 {
    case contextDouble, contextInt, contextInt64, contextBool, progressDouble, progressInt, progressInt64, progressBool
    case categoryParameter, function
  }

  let kind: Kind
  let offset: Int32
  let argument: Int32
  let function: FactReader?

  init(_ fact: Fact) {
    argument = Int32(fact.argument)
    switch fact.source {
    case .function(let read):
      kind = .function
      offset = 0
      function = read
    case .categoryParameter:
      kind = .categoryParameter
      offset = 0
      function = nil
    case .field(let field, let base, let offset):
      let kinds: [Kind] =
        base == .context
        ? [.contextDouble, .contextInt, .contextInt64, .contextBool]
        : [.progressDouble, .progressInt, .progressInt64, .progressBool]
      kind = kinds[Int(field.rawValue)]
      self.offset = Int32(offset)
      function = nil
    }
  }

  /// The fact's value for a progress and an event context.
  @inline(__always)
  func read(_ progress: UnsafeRawPointer, _ context: UnsafeRawPointer) -> Double {
    let offset = Int(self.offset)
    switch kind {
    case .contextDouble: return context.load(fromByteOffset: offset, as: Double.self)
    case .contextInt: return Double(context.load(fromByteOffset: offset, as: Int.self))
    case .contextInt64: return Double(context.load(fromByteOffset: offset, as: Int64.self))
    case .contextBool: return context.load(fromByteOffset: offset, as: Bool.self) ? 1 : 0
    case .progressDouble: return progress.load(fromByteOffset: offset, as: Double.self)
    case .progressInt: return Double(progress.load(fromByteOffset: offset, as: Int.self))
    case .progressInt64: return Double(progress.load(fromByteOffset: offset, as: Int64.self))
    case .progressBool: return progress.load(fromByteOffset: offset, as: Bool.self) ? 1 : 0
    case .categoryParameter:
      let event = context.assumingMemoryBound(to: EventContext.self)
      let category = event.pointee.facts.category
      guard category >= 0 else { return 0 }
      let tables = event.pointee.tables
      return tables.pointee.categoryParameters[category * tables.pointee.parameterCount + Int(argument)]
    case .function: return function.unsafelyUnwrapped(progress, context, Int(argument))
    }
  }
}

/// What an engine compiles from its pack once: the slot lists each phase fills, the fused XP
/// program, the achievement index, and sizes. A plain value of raw pointers into the engine's
/// storage.
struct EnginePlan: @unchecked Sendable {
  let slotCount: Int
  let categoryCount: Int
  /// The deepest operand stack any formula of the engine needs.
  let stackDepth: Int
  let readers: UnsafeBufferPointer<SlotReader>
  let tables: UnsafePointer<EngineTables>
  /// Per mechanic (by its index in ``Mechanics/all``): whether the pack has it running.
  let isActive: UnsafeBufferPointer<Bool>
  /// Per mechanic, where its formula sites start in ``siteSlots``; per site, the slots its
  /// formulas read (what a phase fills before evaluating them).
  let siteStarts: UnsafeBufferPointer<Int32>
  let siteSlots: UnsafeBufferPointer<UnsafeBufferPointer<Int32>>
  /// Per site, its formulas' bytecode in the mechanic's order (see ``Engine/evaluate(_:site:formula:_:)``).
  let sitePrograms: UnsafeBufferPointer<UnsafeBufferPointer<CompiledProgram>>
  /// Per category, the XP terms and factors as one program (see ``ExperiencePlan``; empty when
  /// they cannot be fused), and the slots it and the bonuses read (flattened, with ends).
  let fusedExperience: UnsafeBufferPointer<CompiledProgram>
  let fusedSlots: UnsafeBufferPointer<Int32>
  let fusedSlotEnds: UnsafeBufferPointer<Int32>
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
  /// ``AchievementPlan/eventGroups`` flattened: key k's groups are `eventGroups[eventGroupEnds[k − 1]..<eventGroupEnds[k]]`.
  let eventGroups: UnsafeBufferPointer<Int32>
  let eventGroupEnds: UnsafeBufferPointer<Int32>
  /// Per non-indexed achievement (``AchievementPlan/general``), where its tiers' conditions start
  /// in the achievements' formula site, its achievement's index and its tier count; per
  /// condition, the bound its metric must reach (NaN: a true/false condition).
  let generalStarts: UnsafeBufferPointer<Int32>
  let generalAchievements: UnsafeBufferPointer<Int32>
  let generalTiers: UnsafeBufferPointer<Int32>
  let generalBounds: UnsafeBufferPointer<Double>
  /// Per non-indexed achievement, the slots its conditions read (flattened, with ends): what is
  /// filled before evaluating its next tier.
  let generalSlots: UnsafeBufferPointer<Int32>
  let generalSlotEnds: UnsafeBufferPointer<Int32>
  /// ``AchievementPlan/eventGeneral`` flattened, as ``eventGroups``.
  let eventGeneral: UnsafeBufferPointer<Int32>
  let eventGeneralEnds: UnsafeBufferPointer<Int32>
  /// All achievement tiers of the pack (a bound on the rounds of unlocking).
  let tierCount: Int
  /// Per category: whether its exercises get load suggestions.
  let progressionCategories: UnsafeBufferPointer<Bool>
  /// Per exercise of the pack: its category, and its own load increment (NaN when it has none).
  let exerciseCategories: UnsafeBufferPointer<Int32>
  let exerciseIncrements: UnsafeBufferPointer<Double>
  /// Formulas of private scopes, whose arguments are their slots: the one-rep-max estimate
  /// (weight, reps), the companion stat (base, growth, profile, level), and per nutrition macro
  /// its target (see ``Engine/targets(_:base:adjustment:_:)``); nil without the mechanic.
  let oneRepMax: CompiledProgram?
  let companionStats: CompiledProgram?
  /// The companion and season rules the phases read, as plain memory.
  let companions: CompanionPlan
  let seasons: SeasonPlan
  let macros: UnsafeBufferPointer<CompiledProgram>
}

extension Engine {
  /// Whether the pack has a mechanic running (its phases are skipped otherwise).
  @inline(__always)
  func has<M: Mechanic>(_ mechanic: M.Type) -> Bool { plan.isActive[M.index] }

  /// Formula `index` of a mechanic's formula site (in the order ``Mechanic/formulas(_:pack:)``
  /// lists them) on the context's slots, filled by the caller: its bytecode as plain memory, so
  /// no reference counts; a failing step runs again through the ``Formula``, for the located
  /// error. Only for a mechanic the pack has rules for.
  @inline(__always)
  func evaluate<M: Mechanic>(_ mechanic: M.Type, site: Int, formula index: Int, _ context: borrowing EventContext)
    throws(EngineError) -> Double
  {
    let program = plan.sitePrograms[Int(plan.siteStarts[M.index]) + site][index]
    let slots = UnsafePointer(context.slots)
    // The simplest shapes in place (inlined: a call into the formula module is not).
    if let value = program.inPlace(slots: slots) { return value }
    if let value = program.run(slots: slots, stack: context.stack, capacity: context.stackCapacity) {
      return value
    }
    return try evaluate(M.formulaSites(of: pack)[site][index], context)
  }

  /// The slots a mechanic's formula site reads (see ``Mechanic/formulas(_:pack:)``); none when
  /// the pack lacks the mechanic.
  @inline(__always)
  func slots<M: Mechanic>(_ mechanic: M.Type, _ site: Int) -> UnsafeBufferPointer<Int32> {
    let start = Int(plan.siteStarts[M.index])
    let end = M.index + 1 < plan.siteStarts.count ? Int(plan.siteStarts[M.index + 1]) : plan.siteSlots.count
    return start + site < end ? plan.siteSlots[start + site] : UnsafeBufferPointer(start: nil, count: 0)
  }
}
