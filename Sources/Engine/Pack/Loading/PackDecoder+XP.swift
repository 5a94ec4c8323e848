import RuleLanguage

// xp.json, streaks.json and records.json.

extension PackDecoder {
  func decodeXP(_ object: ObjectReader?) -> XPRules? {
    guard let object else { return nil }
    defer { object.finish() }
    let terms = namedFormulas(object.required("terms"), .workout, .number)
    let factors = namedFormulas(object.optional("factors"), .workout, .number) ?? []
    var rounding = RoundingMode.halfAwayFromZero
    if let node = object.optional("rounding"),
      let name = node.choice(RoundingMode.allCases.map(\.rawValue), what: "rounding mode"),
      let mode = RoundingMode(rawValue: name)
    {
      rounding = mode
    }
    var bonuses: [XPRules.Bonus] = []
    if let bonusObject = object.optional("bonuses")?.object {
      for entry in bonusObject.entries {
        guard let fields = entry.node.object else { continue }
        defer { fields.finish() }
        let condition = formula(fields.required("when"), .workout, .bool)
        let amount = formula(fields.required("xp"), .workout, .number)
        if let condition, let amount {
          bonuses.append(XPRules.Bonus(name: entry.key, condition: condition, amount: amount))
        }
      }
    }
    var perWorkout: Int?
    var perDay: Int?
    if let caps = object.optional("caps")?.object {
      defer { caps.finish() }
      perWorkout = caps.optional("perWorkout")?.integer(in: 1...1_000_000_000)
      perDay = caps.optional("perDay")?.integer(in: 1...1_000_000_000)
    }
    guard let terms else { return nil }
    return XPRules(
      terms: terms, factors: factors, rounding: rounding, bonuses: bonuses, perWorkoutCap: perWorkout, perDayCap: perDay)
  }

  /// Reads an object of `name: formula` pairs, keeping their order.
  func namedFormulas(_ node: JSONNode?, _ place: FactScope, _ type: FormulaType) -> [NamedFormula]? {
    guard let node, let object = node.object else { return nil }
    var result: [NamedFormula] = []
    for entry in object.entries {
      if let compiled = formula(entry.node, place, type) { result.append(NamedFormula(name: entry.key, formula: compiled)) }
    }
    return result
  }

  func decodeStreaks() -> StreakRules {
    guard let object = documents["streaks"]?.object else {
      return StreakRules(graceDays: 0, freezeEvery: 0, maxFreezes: 0)
    }
    defer { object.finish() }
    let grace = object.optional("graceDays")?.integer(in: 0...30) ?? 0
    var every = 0
    var maximum = 0
    if let freezes = object.optional("freezes")?.object {
      defer { freezes.finish() }
      every = freezes.required("earnEvery")?.integer(in: 1...365) ?? 0
      maximum = freezes.required("max")?.integer(in: 0...100) ?? 0
    }
    return StreakRules(graceDays: grace, freezeEvery: every, maxFreezes: maximum)
  }

  func decodeRecords() -> RecordRules? {
    guard let object = documents["records"]?.object else { return nil }
    defer { object.finish() }
    var kinds = PersonalRecordKind.allCases
    if let list = object.optional("kinds")?.array {
      kinds = list.compactMap { node in
        node.choice(PersonalRecordKind.allCases.map(\.rawValue), what: "record kind").flatMap(PersonalRecordKind.init)
      }
    }
    let estimate = formula(object.required("estimatedOneRepMax"), variables: ["weight", "reps"])
    let maxReps = object.optional("maxRepsForEstimate")?.integer(in: 1...100) ?? 12
    let awardFirst = object.optional("awardFirst")?.bool ?? false
    guard let estimate else { return nil }
    return RecordRules(kinds: kinds, estimatedOneRepMax: estimate, maxRepsForEstimate: maxReps, awardFirst: awardFirst)
  }
}
