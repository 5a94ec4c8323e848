import RuleLanguage

/// Rest days and vacations (rest.json): planned weekly rest days and declared pauses keep the
/// streak.
package enum RestMechanic: Mechanic {
  package static let name = "rest"
  package static var index: Int { 11 }
  package static func decode(_ decoder: PackDecoder) -> RestRules? { RestRules.decode(decoder) }
  package static func summary(_ rules: RestRules) -> String? {
    var parts: [String] = []
    if !rules.restWeekdays.isEmpty {
      parts.append("\(rules.restWeekdays.count) rest day\(rules.restWeekdays.count == 1 ? "" : "s") a week")
    }
    if let pauses = rules.pauses { parts.append("pauses of up to \(pauses.maxDaysPerQuarter) days a quarter") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
  package static func facts(_ names: FactNames) -> [Fact] { RestFacts.facts(names) }
  package static func formulas(_ rules: RestRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "rest"
  package static let since = 3
  package static var state: WritableKeyPath<PlayerProgress, RestState> { \.rest }
  package static var emptyState: RestState { RestState() }
  package static func isAligned(_ state: RestState, to pack: RulePack) -> Bool { true }
  package static func align(_ state: inout RestState, to pack: RulePack) -> [String] { [] }

  package static func check(_ state: RestState, _ check: inout ProgressCheck) {
    check.count("pausedDays", state.pausedDays)
    check.count("pauses", state.pauses)
    check.period("excusedThrough", state.excusedThrough?.number)
    if state.paused.count > 400 { check.fail("paused", "more than 400 ranges") }
    for (index, range) in state.paused.enumerated() {
      check.period("paused[\(index)].from", range.from.number)
      check.period("paused[\(index)].to", range.to.number)
      if range.to < range.from || (index > 0 && range.from.number <= state.paused[index - 1].to.number + 1) {
        check.fail("paused[\(index)]", "the ranges must be in order, apart, and end on or after they start")
      }
    }
    if state.quarters.count > 10 { check.fail("quarters", "more than 10 quarters") }
    for (index, quarter) in state.quarters.enumerated() {
      check.count("quarters[\(index)].days", quarter.days, 0...92)
      check.count("quarters[\(index)].quarter", quarter.quarter, 4...40_003)
    }
  }

  package static func write(_ state: RestState, to w: inout BinaryWriter, pack: RulePack?) {
    w.list(state.paused) { w, range in
      w.day(range.from)
      w.day(range.to)
    }
    w.list(state.quarters) { w, quarter in
      w.int(quarter.quarter)
      w.int(quarter.days)
    }
    w.int(state.pausedDays)
    w.int(state.pauses)
    w.optional(state.excusedThrough) { $0.day($1) }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> RestState {
    var state = RestState()
    state.paused = try r.list(maximum: 400) { r throws(BinaryFormatError) in
      DayRange(from: try r.day(), to: try r.day())
    }
    state.quarters = try r.list(maximum: 10) { r throws(BinaryFormatError) in
      QuarterDays(quarter: try r.int(), days: try r.int())
    }
    state.pausedDays = try r.int()
    state.pauses = try r.int()
    state.excusedThrough = try r.optional { r throws(BinaryFormatError) in try r.day() }
    return state
  }

  package static let phases = ["requestPause", "excuseRestDays"]
  package static let awards: [any RecordedAward.Type] = [Recorded.Pause.self]
  package static let events: [any MechanicEvent.Type] = [PauseEvent.self]

  package static func metrics(_ rules: RestRules, pack: RulePack) -> [RunMetric] {
    [
      RunMetric("rest.pausedDays") { Double($0.rest.pausedDays) },
      RunMetric("rest.pauses") { Double($0.rest.pauses) },
    ]
  }

  /// "2 pauses, 9 days paused", when the player paused.
  package static func reportLine(_ state: RestState, rules: RestRules) -> (label: String, text: String)? {
    guard state.pauses > 0 else { return nil }
    return (
      "Rest",
      "\(state.pauses) pause\(state.pauses == 1 ? "" : "s"), \(state.pausedDays) day\(state.pausedDays == 1 ? "" : "s") paused"
    )
  }

  package static let metricFamilies = [
    RunMetric.Family("rest.pausedDays", label: "paused days", "days paused (pause events granted)"),
    RunMetric.Family("rest.pauses", label: "pauses", "pauses granted"),
  ]
}

extension RulePack {
  /// Rest days and pause limits, when the pack has them.
  public var rest: RestRules? { rules(RestMechanic.self) }
}
