import Engine

/// Turns a scenario day into events, drawing from the run's generator in a documented order
/// (docs/scenarios.md, "Randomness"), reading the engine's state for planned loads.
struct DayGenerator {
  let scenario: Scenario
  let engine: Engine
  /// Index of each planned exercise in the lifter's arrays, per session.
  let exerciseSlots: [[Int]]
  var lifter: Lifter
  var random: Xoshiro256

  init(scenario: Scenario, engine: Engine, seed: UInt64) {
    self.scenario = scenario
    self.engine = engine
    var names: [String] = []
    var plans: [ExercisePlan] = []
    var slots: [[Int]] = []
    for session in scenario.sessions {
      slots.append(session.exercises.map { plan in
        if let index = names.firstIndex(of: plan.name) { return index }
        names.append(plan.name)
        plans.append(plan)
        return names.count - 1
      })
    }
    exerciseSlots = slots
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
    return min(ceiling, max(increment, (raw / increment).rounded() * increment))
  }

  /// The events of 1-based day `index`, in order.
  mutating func events(forDay index: Int, state: PlayerState, into events: inout [Event]) {
    let day = scenario.day(index)
    if index == 1 {
      if let targets = scenario.persona.targets {
        events.append(.profileUpdated(ProfileUpdate(id: "p1", day: day, targets: targets)))
      }
      if let starter = scenario.persona.starter {
        events.append(.companionChosen(CompanionChoice(id: "c1", day: day, species: starter)))
      }
    }
    let program = scenario.program.isEmpty ? nil : scenario.program[((index - 1) / 7) % scenario.program.count]
    let lapsed = scenario.adherence.isLapsed(index)
    for (sessionIndex, session) in scenario.sessions.enumerated() where session.weekdays.contains(day.weekday) {
      let draw = random.uniform()
      if lapsed || draw >= (session.probability ?? scenario.adherence.probability) { continue }
      events.append(.workoutLogged(workout(session, sessionIndex, day: day, index: index, program: program, state: state)))
    }
    if let pattern = scenario.nutrition, random.uniform() < pattern.logProbability {
      let mean = pattern.meanKcal + pattern.driftKcalPerWeek * Double(index - 1) / 7
      let intake = min(6000, max(800, ((mean + pattern.spreadKcal * random.normal()) / 10).rounded() * 10))
      events.append(.nutritionLogged(NutritionLog(id: "n\(index)", day: day, intakeKcal: intake, proteinG: pattern.proteinG)))
    }
    events.append(.dayClosed(DayClosure(id: "d\(index)", day: day)))
  }

  private mutating func workout(
    _ session: SessionPlan, _ sessionIndex: Int, day: Day, index: Int, program: ProgramWeek?, state: PlayerState
  ) -> Workout {
    let duration = random.uniform(in: session.durationMin).rounded()
    let drawnRPE = Self.roundHalf(random.uniform(in: session.rpe))
    let kcal = session.activeKcal.map { random.uniform(in: $0).rounded() }
    let distance = session.distanceKm.map { (random.uniform(in: $0) * 10).rounded() / 10 }
    var exercises: [Exercise] = []
    let deload = engine.isDeloadWeek(day, state)
    let volumeFactor = (program?.volume ?? 1) * (deload ? engine.pack.progression?.deload?.volumeFactor ?? 1 : 1)
    for (position, plan) in session.exercises.enumerated() {
      let slot = exerciseSlots[sessionIndex][position]
      lifter.detrain(slot, today: index)
      let increment = engine.pack.exercise(named: plan.name).flatMap { engine.pack.exercises[$0].incrementKg }
        ?? engine.pack.progression?.incrementKg ?? 2.5
      let planned = engine.plannedLoad(for: plan.name, on: day, state) ?? plan.startKg
      let load = plan.startKg == 0 ? 0 : Self.load(planned * (program?.intensity ?? 1), increment: increment)
      let sets = max(1, Int((Double(plan.sets) * volumeFactor).rounded()))
      var performed: [ExerciseSet] = []
      if load >= 40 { performed.append(ExerciseSet(reps: 5, weightKg: (load / 2 / increment).rounded() * increment, kind: .warmUp)) }
      for setIndex in 0..<sets {
        let possible = lifter.maxReps(slot, load: load)
        let reps = max(1, min(plan.reps, Int(possible.rounded(.down))))
        let effort = 10 - (possible - Double(reps)) + 0.4 * Double(setIndex) + 0.5 * random.normal()
        let rpe = min(plan.rpe.upperBound, max(plan.rpe.lowerBound, Self.roundHalf(effort)))
        performed.append(ExerciseSet(reps: reps, weightKg: load, rpe: rpe))
      }
      lifter.adapt(slot, today: index)
      exercises.append(Exercise(name: plan.name, sets: performed))
    }
    return Workout(
      id: "w\(index)-\(sessionIndex + 1)", day: day, category: session.category, durationMin: duration,
      rpe: drawnRPE, activeKcal: kcal, distanceKm: distance, exercises: exercises)
  }
}
