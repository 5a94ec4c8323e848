import RuleLanguage

// nutrition.json and progression.json.

extension PackDecoder {
  func decodeNutrition() -> NutritionRules? {
    guard let object = documents["nutrition"]?.object else { return nil }
    defer { object.finish() }
    let targets = decodeTargets(object.required("targets"))
    let window = object.optional("trendWindowDays")?.integer(in: 1...60) ?? 3
    var signals: [NutritionRules.Signal] = []
    if let list = object.required("signals")?.object {
      for entry in list.entries {
        guard let fields = entry.node.object else { continue }
        defer { fields.finish() }
        let compiled = formula(fields.required("formula"), .day, .number)
        let limit = fields.required("limit")?.number(in: 0...1)
        if let compiled, let limit {
          signals.append(NutritionRules.Signal(name: entry.key, formula: compiled, limit: limit))
        }
      }
    }
    let clamp = object.required("clamp")?.number(in: 0...1)
    guard let targets, let clamp else { return nil }
    return NutritionRules(targets: targets, trendWindowDays: window, signals: signals, clamp: clamp)
  }

  func decodeTargets(_ node: JSONNode?) -> MacroTargets? {
    guard let object = node?.object else { return nil }
    defer { object.finish() }
    let kcal = object.required("kcal")?.number(in: 500...10_000)
    let protein = object.required("proteinG")?.number(in: 0...1_000)
    let carbs = object.required("carbsG")?.number(in: 0...2_000)
    let fat = object.required("fatG")?.number(in: 0...1_000)
    guard let kcal, let protein, let carbs, let fat else { return nil }
    return MacroTargets(kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat)
  }

  func decodeProgression() -> ProgressionRules? {
    guard let object = documents["progression"]?.object else { return nil }
    defer { object.finish() }
    let categoryList = object.required("categories")?.array?.compactMap { categoryIndex($0) } ?? []
    var bands: [ProgressionRules.Band] = []
    if let bandsNode = object.required("bands"), let list = bandsNode.array {
      for node in list {
        guard let fields = node.object else { continue }
        defer { fields.finish() }
        let upToNode = fields.required("upTo")
        let upTo = upToNode?.number(in: 1...10)
        let change = fields.required("change")?.number(in: -0.5...0.5)
        let label = fields.optional("label")?.string ?? ""
        guard let upTo, let change else { continue }
        if let last = bands.last, upTo <= last.upTo {
          upToNode?.error("bands must be in increasing order of 'upTo'; \(NumberText.format(upTo)) follows \(NumberText.format(last.upTo))")
        }
        bands.append(ProgressionRules.Band(upTo: upTo, change: change, label: label))
      }
      if let last = bands.last, last.upTo < 10 {
        bandsNode.error("the last band must reach RPE 10 ('upTo': 10); it stops at \(NumberText.format(last.upTo))")
      }
    }
    let increment = object.required("incrementKg")?.number(in: 0.1...100)
    var deload: ProgressionRules.Deload?
    if let fields = object.optional("deload")?.object {
      defer { fields.finish() }
      let every = fields.optional("everyWeeks")?.integer(in: 2...52)
      let cycle = fields.optional("cycleWeeks")?.integer(in: 2...52)
      let weeks = fields.optional("weeks")?.array?.compactMap { $0.integer(in: 1...52) } ?? []
      if (every == nil) == (cycle == nil) {
        fields.node.error("deload needs either 'everyWeeks', or 'cycleWeeks' with 'weeks'")
      }
      let load = fields.required("loadFactor")?.number(in: 0.1...1) ?? 1
      let volume = fields.required("volumeFactor")?.number(in: 0.1...1) ?? 1
      deload = ProgressionRules.Deload(everyWeeks: every, cycleWeeks: cycle, weeks: weeks, loadFactor: load, volumeFactor: volume)
    }
    guard let increment, !bands.isEmpty else { return nil }
    return ProgressionRules(categories: categoryList, bands: bands, incrementKg: increment, deload: deload)
  }
}
