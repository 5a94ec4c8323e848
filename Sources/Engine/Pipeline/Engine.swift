import RuleLanguage

/// Applies a compiled rule pack to events: a pure reducer `(state, event) → (state′, awards)`.
///
/// No I/O, clocks, randomness or global state: the same events with the same pack give
/// byte-identical states and awards. An engine is immutable and can be shared across threads.
public final class Engine: Sendable {
  /// Engine settings.
  public struct Options: Sendable {
    /// Whether XP awards carry their term-by-term breakdown (off only for raw throughput).
    public var explain: Bool

    /// Creates options.
    public init(explain: Bool = true) {
      self.explain = explain
    }
  }

  public let pack: RulePack
  public let options: Options
  let slotCount: Int
  /// The deepest operand stack any slot formula needs.
  let stackDepth: Int
  let facts: [Fact]
  /// Player and companion slots the XP formulas read (workout facts are written by `prepare`).
  let experienceSlots: [Int]
  /// Where `prepare` writes each workout fact the pack's formulas read (-1: not read).
  let workoutSlots: WorkoutSlots
  /// The XP terms and factors as one program, used when awards need no breakdown.
  let fusedExperience: Formula?
  let companionSlots: [Int]
  let evolutionSlots: [Int]
  let nutritionSlots: [Int]
  let achievementPlan: AchievementPlan
  let progressionCategories: [Bool]

  /// Creates an engine for a pack.
  public init(pack: RulePack, options: Options = Options()) {
    self.pack = pack
    self.options = options
    self.facts = pack.facts.entries.map(\.fact)
    self.slotCount = pack.facts.count
    func slots(_ formulas: [Formula?]) -> [Int] {
      Array(Set(formulas.compactMap { $0 }.flatMap(\.slots))).sorted()
    }
    let xp = pack.xp
    let experienceFormulas = xp.terms.map(\.formula) + xp.factors.map(\.formula) + xp.bonuses.flatMap { [$0.condition, $0.amount] }
    let companionFormulas = [pack.companions?.share, pack.companions?.affinityBonus].compactMap { $0 }
    let workoutSlots = WorkoutSlots(facts: pack.facts, used: Set((experienceFormulas + companionFormulas).flatMap(\.slots)))
    self.workoutSlots = workoutSlots
    experienceSlots = slots(experienceFormulas).filter { !workoutSlots.covers(pack.facts.entries[$0].fact) }
    fusedExperience = Formula.sumThenProduct(xp.terms.map(\.formula), xp.factors.map(\.formula))
    companionSlots = slots(companionFormulas).filter { !workoutSlots.covers(pack.facts.entries[$0].fact) }
    evolutionSlots = slots(pack.companions?.species.map { $0.evolution?.condition } ?? [])
    nutritionSlots = slots(pack.nutrition?.signals.map(\.formula) ?? [])
    achievementPlan = AchievementPlan(pack: pack)
    var formulas: [Formula?] = xp.terms.map(\.formula) + xp.factors.map(\.formula)
    formulas += xp.bonuses.flatMap { [$0.condition, $0.amount] } + [fusedExperience]
    formulas += [pack.companions?.share, pack.companions?.affinityBonus]
    formulas += pack.companions?.species.map { $0.evolution?.condition } ?? []
    formulas += pack.nutrition?.signals.map(\.formula) ?? []
    formulas += achievementPlan.general.flatMap { $0.conditions.map(\.formula) }
    stackDepth = formulas.compactMap { $0?.stackDepth }.max() ?? 1
    var progression = [Bool](repeating: false, count: pack.categories.count)
    for index in pack.progression?.categories ?? [] { progression[index] = true }
    progressionCategories = progression
  }

  /// Loads a pack directory and creates an engine for it.
  public convenience init(rulesDirectory: String, overrides: [JSONOverride] = [], options: Options = Options())
    throws(DiagnosticError)
  {
    self.init(pack: try RulePackLoader.load(directory: rulesDirectory, overrides: overrides), options: options)
  }

  /// An engine with its own copy of every compiled object (the pack is loaded again from its
  /// directory with the same overrides). Threads that each use their own copy never contend on
  /// reference counts; falls back to sharing this engine if the files changed or vanished.
  public func isolatedCopy() -> Engine {
    guard let pack = try? RulePackLoader.load(directory: pack.directory, overrides: pack.overrides),
      pack.digest == self.pack.digest
    else { return self }
    return Engine(pack: pack, options: options)
  }

  /// A new player, shaped for this pack.
  public func newPlayer() -> PlayerState {
    var state = PlayerState()
    state.categories = pack.categories.map { CategoryTotals(name: $0.name) }
    state.records = pack.exercises.map { ExerciseRecord(exercise: $0.name) }
    state.loads = pack.exercises.map { LoadState(exercise: $0.name) }
    state.achievements = pack.achievements.map { AchievementProgress(id: $0.id) }
    state.achievementCursors = achievementPlan.cursors(for: state)
    return state
  }

  /// Re-aligns a saved state to this pack: entries are matched by name, new ones start empty,
  /// entries the pack no longer has are dropped. Returns the names dropped.
  public func reconcile(_ state: inout PlayerState) -> [String] {
    var dropped: [String] = []
    func align<T>(_ entries: [T], names: [String], key: (T) -> String, make: (String) -> T) -> [T] {
      var byName: [String: T] = [:]
      for entry in entries { byName[key(entry)] = entry }
      dropped += entries.map(key).filter { !names.contains($0) }
      return names.map { byName[$0] ?? make($0) }
    }
    state.categories = align(state.categories, names: pack.categories.map(\.name), key: \.name, make: CategoryTotals.init)
    state.records = align(state.records, names: pack.exercises.map(\.name), key: \.exercise, make: ExerciseRecord.init)
    state.loads = align(state.loads, names: pack.exercises.map(\.name), key: \.exercise, make: { LoadState(exercise: $0) })
    state.achievements = align(
      state.achievements, names: pack.achievements.map(\.id), key: \.id, make: AchievementProgress.init)
    state.achievementCursors = achievementPlan.cursors(for: state)
    return dropped
  }

  /// Applies one event, appending its awards.
  ///
  /// Events must come in date order (the ledger replays back-dated ones). When the event is
  /// refused for its order or its names, `state` is unchanged; when a rule formula fails midway,
  /// `state` may be partly updated — use ``applying(_:to:)`` for all-or-nothing semantics.
  /// The event is borrowed, so a caller applying events from a buffer need not copy them.
  public func apply(_ event: borrowing Event, to state: inout PlayerState, awards: inout [Award]) throws(EngineError) {
    if state.cursorCache.unlockCount != state.totals.achievements
      || state.achievementCursors.count != achievementPlan.groups.count
    {
      state.achievementCursors = achievementPlan.cursors(for: state)
      state.cursorCache.unlockCount = state.totals.achievements
    }
    // One switch binds the payload once; each kind runs its pipeline (Pipeline.swift).
    switch event {
    case .workoutLogged(let workout):
      try checkOrder(workout.id, workout.day, state)
      try withStep(workout.id, workout.day, exercises: workout.exercises.count) { step throws(EngineError) in
        try prepare(workout, &step, state)
        try applyWorkout(workout, &step, &state, &awards)
      }
    case .nutritionLogged(let log):
      try checkOrder(log.id, log.day, state)
      try withStep(log.id, log.day, exercises: 0) { step throws(EngineError) in
        try applyNutrition(log, &step, &state, &awards)
      }
    case .companionChosen(let choice):
      try checkOrder(choice.id, choice.day, state)
      try withStep(choice.id, choice.day, exercises: 0) { step throws(EngineError) in
        try validate(choice, state)
        try applyCompanionChoice(choice, &step, &state, &awards)
      }
    case .profileUpdated(let profile):
      try checkOrder(profile.id, profile.day, state)
      try withStep(profile.id, profile.day, exercises: 0) { step throws(EngineError) in
        try applyProfile(profile, &step, &state, &awards)
      }
    case .dayClosed(let closure):
      try checkOrder(closure.id, closure.day, state)
      try withStep(closure.id, closure.day, exercises: 0) { step throws(EngineError) in
        try applyDayClosure(&step, &state, &awards)
      }
    }
  }

  /// The most exercises a workout may have (the event reader enforces it).
  static let maximumExercises = 100

  /// Refuses an event dated before the open day, or on a day already closed.
  @inline(__always)
  private func checkOrder(_ id: String, _ day: Day, _ state: borrowing PlayerState) throws(EngineError) {
    if let open = state.today.day, day < open || (day == open && state.today.isClosed) {
      throw .outOfOrder(eventID: id, day: day, openDay: open, isClosed: state.today.isClosed)
    }
  }

  /// Runs `body` with a step whose slots, operand stack and exercise indexes live in one
  /// temporary buffer sized for this event: on the stack for ordinary events (the standard
  /// library keeps temporary allocations of up to 1 KiB there), so an event allocates nothing.
  @inline(__always)
  private func withStep(
    _ id: String, _ day: Day, exercises: Int, _ body: (inout Step) throws(EngineError) -> Void
  ) throws(EngineError) {
    let exerciseWords = (min(exercises, Self.maximumExercises) + 1) / 2
    let result = withUnsafeTemporaryAllocation(of: Double.self, capacity: slotCount + stackDepth + exerciseWords) {
      buffer in
      Result { () throws(EngineError) in
        let base = buffer.baseAddress.unsafelyUnwrapped
        let indexes = UnsafeMutableRawPointer(base + slotCount + stackDepth).bindMemory(to: Int32.self, capacity: exerciseWords * 2)
        var step = Step(eventID: id, day: day, slots: base, stack: base + slotCount, exercises: indexes, explain: options.explain)
        try body(&step)
      }
    }
    try result.get()
  }

  /// Applies one event and returns its awards.
  public func apply(_ event: Event, to state: inout PlayerState) throws(EngineError) -> [Award] {
    var awards: [Award] = []
    try apply(event, to: &state, awards: &awards)
    return awards
  }

  /// Returns the state after an event and its awards, leaving `state` untouched on error.
  public func applying(_ event: Event, to state: PlayerState) throws(EngineError) -> (PlayerState, [Award]) {
    var copy = state
    let awards = try apply(event, to: &copy)
    return (copy, awards)
  }

  /// Fails with a formula error for this event.
  func failure(_ formula: Formula, _ error: FormulaFailure, _ step: borrowing Step) -> EngineError {
    .formulaFailed(eventID: step.eventID, diagnostic: formula.diagnostic(for: error))
  }

  /// Evaluates a typed formula on the step's slots.
  @inline(__always)
  func evaluate(_ formula: Formula, _ step: borrowing Step) throws(EngineError) -> Double {
    do {
      return try formula.evaluate(slots: UnsafePointer(step.slots), stack: step.stack)
    } catch {
      throw failure(formula, error, step)
    }
  }

  /// Adds to a 64-bit total, failing beyond 2^53 (where Doubles stop being exact).
  @inline(__always)
  func add(_ amount: Int64, to total: inout Int64, _ what: String, _ step: borrowing Step) throws(EngineError) {
    let (sum, overflow) = total.addingReportingOverflow(amount)
    if overflow || sum > 9_007_199_254_740_992 || sum < -9_007_199_254_740_992 {
      throw .overflow(eventID: step.eventID, what: what)
    }
    total = sum
  }
}
