import Engine

/// Turns a scenario day into events, drawing from the run's generator in a documented order
/// (docs/scenarios.md, "Randomness"), reading the engine's state for planned loads. Events are
/// made resolved against the pack (names are looked up once, here).
struct DayGenerator {
  let scenario: Scenario
  let engine: Engine
  /// Index of each planned exercise in the lifter's arrays, per session.
  let exerciseSlots: [[Int]]
  /// The pack index of each planned exercise, per session, and of each session's category.
  let exerciseIndexes: [[Int32]]
  let categories: [Int32]
  let starter: Int32?
  var lifter: Lifter
  var random: Xoshiro256
  /// The last day of a lapse started by `adherence.lapseChance` (0: none yet).
  var lapseEnd = 0

  init(scenario: Scenario, engine: Engine, seed: UInt64) {
    self.scenario = scenario
    self.engine = engine
    var names: [String] = []
    var plans: [ExercisePlan] = []
    var slots: [[Int]] = []
    for session in scenario.sessions {
      slots.append(
        session.exercises.map { plan in
          if let index = names.firstIndex(of: plan.name) { return index }
          names.append(plan.name)
          plans.append(plan)
          return names.count - 1
        })
    }
    exerciseSlots = slots
    let pack = engine.pack
    categories = scenario.sessions.map { Int32(pack.category(named: $0.category) ?? -1) }
    // An unlisted exercise is logged under its session category's unlisted exercise.
    exerciseIndexes = zip(scenario.sessions, categories).map { session, category in
      session.exercises.map {
        Int32(pack.exercise(named: $0.name) ?? pack.unlistedExercise(forCategory: Int(category)) ?? -1)
      }
    }
    starter = scenario.persona.starter.flatMap { pack.companions?.species(named: $0) }.map { Int32($0) }
    lifter = Lifter(exercises: plans, gain: scenario.persona.strengthGain)
    random = Xoshiro256(seed: seed)
  }

  static func roundHalf(_ value: Double) -> Double { (value * 2).rounded(.toNearestOrAwayFromZero) / 2 }

  /// The heaviest weight an event may carry (docs/events.md).
  static let maximumLoadKg = 9_999.9

  /// A load rounded to the plate increment, at least one increment and never above the event
  /// limit, so every generated workout is one `fitquest award` accepts.
  static func load(_ raw: Double, increment: Double) -> Double {
    let ceiling = (maximumLoadKg / increment).rounded(.down) * increment
    return min(maximumLoadKg, ceiling, max(increment, (raw / increment).rounded() * increment))
  }

  /// The events of 1-based day `index`, in order.
  mutating func events(forDay index: Int, state: PlayerProgress, into events: inout [ResolvedEvent]) {
    let day = scenario.day(index)
    if index == 1 {
      if let targets = scenario.persona.targets {
        var profile = ResolvedEvent(kind: .profile, id: "p1", day: day)
        profile.targets = targets
        events.append(profile)
      }
      if let starter {
        var choice = ResolvedEvent(kind: .companion, id: "c1", day: day)
        choice.species = starter
        events.append(choice)
      }
    }
    let program = scenario.program.isEmpty ? nil : scenario.program[((index - 1) / 7) % scenario.program.count]
    var lapsed = scenario.adherence.isLapsed(index)
    if scenario.adherence.lapseChance > 0 {
      if index <= lapseEnd {
        lapsed = true
      } else if !lapsed, random.uniform() < scenario.adherence.lapseChance {
        lapseEnd = index + Int(random.uniform(in: scenario.adherence.lapseDays).rounded()) - 1
        lapsed = true
      }
    }
    // Index loops, not enumerated(): the generator runs once per simulated day, and a debug
    // build (the tests') spends more on the enumerated sequence's generic metadata than on the day.
    for sessionIndex in scenario.sessions.indices where scenario.sessions[sessionIndex].weekdays.contains(day.weekday) {
      let session = scenario.sessions[sessionIndex]
      let draw = random.uniform()
      if lapsed || draw >= (session.probability ?? scenario.adherence.probability) { continue }
      events.append(workout(session, sessionIndex, day: day, index: index, program: program, state: state))
    }
    if let pattern = scenario.nutrition, random.uniform() < pattern.logProbability {
      let mean = pattern.meanKcal + pattern.driftKcalPerWeek * Double(index - 1) / 7
      var log = ResolvedEvent(kind: .nutrition, id: "n\(index)", day: day)
      log.intakeKcal = min(6000, max(800, ((mean + pattern.spreadKcal * random.normal()) / 10).rounded() * 10))
      log.proteinG = pattern.proteinG ?? .nan
      events.append(log)
    }
    events.append(ResolvedEvent(kind: .dayClosed, id: "d\(index)", day: day))
  }

  private mutating func workout(
    _ session: SessionPlan, _ sessionIndex: Int, day: Day, index: Int, program: ProgramWeek?, state: PlayerProgress
  ) -> ResolvedEvent {
    var event = ResolvedEvent(kind: .workout, id: "w\(index)-\(sessionIndex + 1)", day: day)
    event.category = categories[sessionIndex]
    event.durationMin = random.uniform(in: session.durationMin).rounded()
    event.rpe = Self.roundHalf(random.uniform(in: session.rpe))
    event.hasRPE = true
    if let range = session.activeKcal { event.activeKcal = random.uniform(in: range).rounded() }
    if let range = session.distanceKm { event.distanceKm = (random.uniform(in: range) * 10).rounded() / 10 }
    let pack = engine.pack
    let deload = engine.isDeloadWeek(day, state)
    let volumeFactor = (program?.volume ?? 1) * (deload ? pack.progression?.deload?.volumeFactor ?? 1 : 1)
    for position in session.exercises.indices {
      let plan = session.exercises[position]
      let slot = exerciseSlots[sessionIndex][position]
      let exercise = Int(exerciseIndexes[sessionIndex][position])
      lifter.detrain(slot, today: index)
      let increment = pack.exercises[exercise].incrementKg ?? pack.progression?.incrementKg ?? 2.5
      let planned =
        (plan.isUnlisted
          ? engine.plannedLoad(for: plan.name, on: day, state)
          : engine.plannedLoad(forExercise: exercise, on: day, state))
        ?? plan.startKg
      let load = plan.startKg == 0 ? 0 : Self.load(planned * (program?.intensity ?? 1), increment: increment)
      let sets = max(1, Int((Double(plan.sets) * volumeFactor).rounded()))
      event.exercises.append(Int32(exercise))
      let position32 = Int32(position)
      if plan.isUnlisted { event.unlisted.append((position32, plan.name)) }
      if load >= 40 {
        event.sets.append(
          ResolvedSet(
            exercise: position32, reps: 5, weightKg: (load / 2 / increment).rounded() * increment, rpe: 0, kind: .warmUp
          ))
      }
      for setIndex in 0..<sets {
        let possible = lifter.maxReps(slot, load: load)
        let reps = max(1, min(plan.reps, Int(possible.rounded(.down))))
        let effort = 10 - (possible - Double(reps)) + 0.4 * Double(setIndex) + 0.5 * random.normal()
        let rpe = min(plan.rpe.upperBound, max(plan.rpe.lowerBound, Self.roundHalf(effort)))
        event.sets.append(
          ResolvedSet(exercise: position32, reps: Int32(reps), weightKg: load, rpe: rpe, kind: .working))
      }
      lifter.adapt(slot, today: index)
    }
    return event
  }
}
