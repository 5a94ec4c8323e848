import Engine
import RuleLanguage

/// Decodes a scenario document, reporting every problem to the log.
struct ScenarioDecoder {
  let path: String
  let source: SourceFile
  let log: DiagnosticLog
  let packs: PackCache
  let overrides: [JSONOverride]

  static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// The problems of the scenario's rule pack, each once: a `--set` that does not apply is its
  /// own error alone (the pack's files are fine); a pack that cannot be read is one error at
  /// the scenario's `rules`; a pack with problems in its files is named there, then its problems.
  private func reportPackProblems(_ error: DiagnosticError, rules: String, at node: JSONNode) {
    let own = error.diagnostics.filter { !$0.concernsOverride }
    if own.count == 1, own[0].position == nil {
      node.error("cannot load rule pack '\(rules)': \(own[0].message)")
      log.report(DiagnosticError(error.diagnostics.filter(\.concernsOverride)))
      return
    }
    if !own.isEmpty { node.error("rule pack '\(rules)' is invalid; its problems follow") }
    log.report(error)
  }

  func decode(_ root: JSONNode) -> Scenario? {
    guard let object = root.object else { return nil }
    defer { object.finish() }
    if let formatNode = object.optional("format"), let format = formatNode.integer(in: 1...Int.max),
      format > ScenarioLoader.format
    {
      formatNode.error("scenario format \(format) is newer than this fitquest supports (\(ScenarioLoader.format))")
    }
    let description = object.optional("description")?.string ?? ""
    let rulesNode = object.optional("rules")
    // Relative to the file that wrote it (a parent's `rules` is relative to the parent).
    let rules = ScenarioLoader.resolve(rulesNode?.string ?? "../rules", from: rulesNode?.source.name ?? path)
    var engine: Engine?
    do {
      engine = try packs.engine(for: rules)
    } catch {
      reportPackProblems(error, rules: rules, at: rulesNode ?? root)
    }
    let seedNode = object.required("seed")
    let seed = seedNode?.integer(in: 0...9_007_199_254_740_991).map { UInt64($0) }
    let startNode = object.required("start")
    let start = startNode.flatMap { node -> Day? in
      guard let text = node.string else { return nil }
      guard let day = Day(iso: text) else {
        node.error("'start' must be an ISO date such as \"2026-01-05\"; found \"\(text)\"")
        return nil
      }
      return day
    }
    let days = start.flatMap { decodeDuration(object.required("duration"), start: $0) }
    let persona = decodePersona(object.optional("persona"), engine: engine)
    let sessions = decodeSessions(object.required("plan"), engine: engine)
    let program = decodeProgram(object.optional("program"))
    let adherence = decodeAdherence(object.optional("adherence"), days: days ?? Int.max)
    let nutrition = decodeNutrition(object.optional("nutrition"))
    let expectations = ExpectationDecoder(engine: engine, days: days ?? Int.max).decode(object.optional("expect"))
    guard let seed, let start, let days, let persona, let sessions, let adherence, !log.hasErrors else { return nil }
    let name = String((path.split(separator: "/").last ?? Substring(path)).dropLast(5))
    return Scenario(
      name: name, description: description, path: path, rulesPath: rules, seed: seed, start: start, days: days,
      persona: persona, sessions: sessions, program: program, adherence: adherence, nutrition: nutrition,
      expectations: expectations, source: source, overrides: overrides)
  }

  private func decodeDuration(_ node: JSONNode?, start: Day) -> Int? {
    guard let node, let object = node.object else { return nil }
    defer { object.finish() }
    let entries = [("days", 1), ("weeks", 7), ("months", 0)].compactMap { key, unit in
      object.optional(key).map { (key, unit, $0) }
    }
    let until = object.optional("until")
    guard entries.count + (until == nil ? 0 : 1) == 1 else {
      node.error("'duration' needs exactly one of 'days', 'weeks', 'months' or 'until'")
      return nil
    }
    if let until, let text = until.string {
      guard let end = Day(iso: text) else {
        until.error("'duration.until' must be an ISO date; found \"\(text)\"")
        return nil
      }
      guard end > start else {
        until.error("'duration.until' (\(end.iso)) is not after 'start' (\(start.iso))")
        return nil
      }
      return checkLength(end.number - start.number + 1, until)
    }
    guard let (_, unit, value) = entries.first, let count = value.integer(in: 1...Self.maximumDays) else { return nil }
    if unit > 0 { return checkLength(count * unit, value) }
    let (year, month, dayOfMonth) = start.civil
    let total = month - 1 + count
    let endYear = year + total / 12
    let endMonth = total % 12 + 1
    let end = Day(
      validYear: endYear, month: endMonth, day: min(dayOfMonth, Day.daysInMonthPublic(year: endYear, month: endMonth)))
    return checkLength(end.number - start.number, value)
  }

  /// The longest scenario, in days (ten years).
  static let maximumDays = 3650

  private func checkLength(_ days: Int, _ node: JSONNode) -> Int? {
    guard days <= Self.maximumDays else {
      node.error("'duration' is \(days) days; a scenario lasts at most \(Self.maximumDays) days (ten years)")
      return nil
    }
    return days
  }

  private func range(_ node: JSONNode?, _ limits: ClosedRange<Double>) -> ClosedRange<Double>? {
    guard let node else { return nil }
    if node.value.number != nil {
      guard let value = node.number(in: limits) else { return nil }
      return value...value
    }
    guard let list = node.array else { return nil }
    guard list.count == 2, let low = list[0].number(in: limits), let high = list[1].number(in: limits) else {
      if list.count != 2 { node.error("'\(node.path)' must be a number or [min, max]") }
      return nil
    }
    guard low <= high else {
      node.error(
        "'\(node.path)' is [\(NumberText.format(low)), \(NumberText.format(high))]; the minimum is above the maximum")
      return nil
    }
    return low...high
  }

  private func decodePersona(_ node: JSONNode?, engine: Engine?) -> Persona? {
    guard let node else { return Persona(starter: nil, bodyWeightKg: 75, targets: nil, strengthGain: 0.008) }
    guard let object = node.object else { return nil }
    defer { object.finish() }
    var starter: String?
    if let starterNode = object.optional("starter"), let id = starterNode.string {
      if let rules = engine?.pack.companions {
        let starters = rules.species.filter(\.isStarter).map(\.id)
        if starters.contains(id) {
          starter = id
        } else {
          starterNode.error("unknown starter '\(id)'\(Suggestion.hint(for: id, among: starters))")
        }
      } else if engine != nil {
        starterNode.error("the rule pack has no companions")
      }
    }
    let weight = object.optional("bodyWeightKg")?.number(in: 30...300) ?? 75
    var targets: MacroTargets?
    if let targetsNode = object.optional("targets"), let fields = targetsNode.object {
      defer { fields.finish() }
      let kcal = fields.required("kcal")?.number(in: 500...10_000)
      let protein = fields.required("proteinG")?.number(in: 0...1_000)
      let carbs = fields.required("carbsG")?.number(in: 0...2_000)
      let fat = fields.required("fatG")?.number(in: 0...1_000)
      if let kcal, let protein, let carbs, let fat {
        targets = MacroTargets(kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat)
      }
    }
    let gain = object.optional("strengthGain")?.number(in: 0...0.05) ?? 0.008
    return Persona(starter: starter, bodyWeightKg: weight, targets: targets, strengthGain: gain)
  }

  private func decodeSessions(_ node: JSONNode?, engine: Engine?) -> [SessionPlan]? {
    guard let object = node?.object else { return nil }
    defer { object.finish() }
    guard let listNode = object.required("sessions"), let list = listNode.array else { return nil }
    if list.isEmpty { listNode.error("'plan.sessions' needs at least one session") }
    var sessions: [SessionPlan] = []
    for sessionNode in list {
      guard let fields = sessionNode.object else { continue }
      defer { fields.finish() }
      var weekdays: [Int] = []
      if let daysNode = fields.required("days"), let days = daysNode.array {
        for day in days {
          guard let name = day.choice(Self.weekdays, what: "weekday"), let index = Self.weekdays.firstIndex(of: name)
          else { continue }
          weekdays.append(index + 1)
        }
        if days.isEmpty { daysNode.error("'\(daysNode.path)' needs at least one weekday") }
      }
      var category: String?
      if let categoryNode = fields.required("category"), let name = categoryNode.string {
        if let engine, engine.pack.category(named: name) == nil {
          categoryNode.error(
            "unknown category '\(name)'\(Suggestion.hint(for: name, among: engine.pack.categories.map(\.name)))")
        } else {
          category = name
        }
      }
      let duration = range(fields.required("durationMin"), 1...600)
      let rpe = range(fields.optional("rpe"), 1...10) ?? (6...7)
      let kcal = range(fields.optional("activeKcal"), 0...5_000)
      let distance = range(fields.optional("distanceKm"), 0...300)
      let probability = fields.optional("probability")?.number(in: 0...1)
      var exercises: [ExercisePlan] = []
      let exerciseNodes = fields.optional("exercises")?.array ?? []
      if exerciseNodes.count > 100, let first = exerciseNodes.last {
        first.error("a session has at most 100 exercises (the limit of a workout event); found \(exerciseNodes.count)")
      }
      for exerciseNode in exerciseNodes.prefix(100) {
        guard let exercise = exerciseNode.object else { continue }
        defer { exercise.finish() }
        let nameNode = exercise.required("name")
        let name = nameNode?.string
        let isUnlisted = exercise.optional("unlisted")?.bool ?? false
        if let name, let nameNode, let engine, engine.pack.exercise(named: name) == nil {
          if !isUnlisted {
            nameNode.error(
              "unknown exercise '\(name)'\(Suggestion.hint(for: name, among: engine.pack.exercises.map(\.name)))")
          } else if let category, let index = engine.pack.category(named: category),
            engine.pack.unlistedExercise(forCategory: index) == nil
          {
            nameNode.error(
              "the rule pack keeps no unlisted exercises of category '\(category)' (exercises.json names none in 'unlisted')"
            )
          }
        }
        let gain = exercise.optional("strengthGain")?.number(in: 0...0.05)
        let sets = exercise.required("sets")?.integer(in: 1...20)
        let reps = exercise.required("reps")?.integer(in: 1...50)
        let startKg = exercise.required("startKg")?.number(in: 0...1_000)
        let setRPE = range(exercise.optional("rpe"), 1...10) ?? (1...10)
        let maxNode = exercise.optional("maxKg")
        var maxKg = maxNode?.number(in: 1...1_500)
        if let startKg, let max = maxKg, max < startKg {
          maxNode?.error(
            "'maxKg' (\(NumberText.format(max))) is below 'startKg' (\(NumberText.format(startKg))); the lifter cannot lift it"
          )
          maxKg = nil
        }
        if let name, let sets, let reps, let startKg {
          var plan = ExercisePlan(
            name: name, sets: sets, reps: reps, startKg: startKg, maxKg: maxKg ?? max(1, startKg * 1.3), rpe: setRPE)
          plan.isUnlisted = isUnlisted && engine?.pack.exercise(named: name) == nil
          plan.strengthGain = gain
          exercises.append(plan)
        }
      }
      if let category, let duration {
        sessions.append(
          SessionPlan(
            weekdays: weekdays, category: category, durationMin: duration, rpe: rpe, activeKcal: kcal,
            distanceKm: distance, exercises: exercises, probability: probability))
      }
    }
    return sessions
  }

  private func decodeProgram(_ node: JSONNode?) -> [ProgramWeek] {
    guard let object = node?.object else { return [] }
    defer { object.finish() }
    return object.required("weeks")?.array?.compactMap { week -> ProgramWeek? in
      guard let fields = week.object else { return nil }
      defer { fields.finish() }
      let intensity = fields.optional("intensity")?.number(in: 0.3...1.5) ?? 1
      let volume = fields.optional("volume")?.number(in: 0.1...3) ?? 1
      return ProgramWeek(intensity: intensity, volume: volume)
    } ?? []
  }

  private func decodeAdherence(_ node: JSONNode?, days: Int) -> Adherence? {
    guard let node else { return Adherence(probability: 1, lapses: []) }
    guard let object = node.object else { return nil }
    defer { object.finish() }
    let probability = object.optional("probability")?.number(in: 0...1) ?? 1
    var lapses: [Lapse] = []
    for lapseNode in object.optional("lapses")?.array ?? [] {
      guard let fields = lapseNode.object else { continue }
      defer { fields.finish() }
      let startNode = fields.required("startDay")
      let start = startNode?.integer(in: 1...100_000)
      let length = fields.required("days")?.integer(in: 1...100_000)
      if let start, start > days {
        startNode?.error("the lapse starts on day \(start), but the scenario lasts \(days) days")
        continue
      }
      if let start, let length { lapses.append(Lapse(startDay: start, days: length)) }
    }
    var adherence = Adherence(probability: probability, lapses: lapses)
    adherence.lapseChance = object.optional("lapseChance")?.number(in: 0...1) ?? 0
    adherence.lapseDays = range(object.optional("lapseDays"), 1...3_650) ?? adherence.lapseDays
    return adherence
  }

  private func decodeNutrition(_ node: JSONNode?) -> NutritionPattern? {
    guard let object = node?.object else { return nil }
    defer { object.finish() }
    let log = object.optional("logProbability")?.number(in: 0...1) ?? 1
    let mean = object.required("meanKcal")?.number(in: 800...6_000)
    let spread = object.optional("spreadKcal")?.number(in: 0...2_000) ?? 0
    let drift = object.optional("driftKcalPerWeek")?.number(in: -500...500) ?? 0
    let protein = object.optional("proteinG")?.number(in: 0...500)
    guard let mean else { return nil }
    return NutritionPattern(
      logProbability: log, meanKcal: mean, spreadKcal: spread, driftKcalPerWeek: drift, proteinG: protein)
  }
}

extension Day {
  static func daysInMonthPublic(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
