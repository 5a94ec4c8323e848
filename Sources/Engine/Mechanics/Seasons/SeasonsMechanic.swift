import RuleLanguage

/// Seasons (seasons.json): time-boxed tracks of points and tiers.
package enum SeasonsMechanic: Mechanic {
  package static let name = "seasons"
  package static var index: Int { 10 }
  package static func decode(_ decoder: PackDecoder) -> SeasonRules? { SeasonRules.decode(decoder) }
  package static func isActive(_ rules: SeasonRules) -> Bool { !rules.seasons.isEmpty }
  package static func summary(_ rules: SeasonRules) -> String? {
    rules.seasons.isEmpty ? nil : "\(rules.seasons.count) season\(rules.seasons.count == 1 ? "" : "s")"
  }
  package static func facts(_ names: FactNames) -> [Fact] { SeasonFacts.facts(names) }
  /// One site: every season's points formula.
  package static func formulas(_ rules: SeasonRules, pack: RulePack) -> [[Formula]] { [rules.seasons.map(\.points)] }

  package static let stateKey = "seasons"
  package static let since = 3
  package static var state: WritableKeyPath<PlayerProgress, SeasonsState> { \.seasons }
  package static var emptyState: SeasonsState { SeasonsState() }

  package static func isAligned(_ state: SeasonsState, to pack: RulePack) -> Bool {
    state.seasons.hasNames(pack.seasonIDs, \.id)
  }

  package static func align(_ state: inout SeasonsState, to pack: RulePack) -> [String] {
    let dropped = state.seasons.align(to: pack.seasonIDs, \.id, make: SeasonProgress.init)
    for (index, season) in (pack.seasons?.seasons ?? []).enumerated()
    where state.seasons[index].tier > season.tiers.count {
      state.seasons[index].tier = season.tiers.count
    }
    return dropped
  }

  package static func check(_ state: SeasonsState, _ check: inout ProgressCheck) {
    check.count("tiers", state.tiers)
    for (index, season) in state.seasons.enumerated() {
      check.count("seasons[\(index)].points", season.points)
      check.count("seasons[\(index)].tier", season.tier, 0...Double(SeasonRules.maximumTiers))
    }
    check.unique(state.seasons, "seasons", what: "season", name: \.id)
  }

  package static func write(_ state: SeasonsState, to w: inout BinaryWriter, pack: RulePack?) {
    w.int(state.tiers)
    w.entries(state.seasons, packNames: pack?.nameLists.seasons, name: \.id, isNew: { $0.points == 0 && $0.tier == 0 })
    {
      w, season in
      w.int64(season.points)
      w.int(season.tier)
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> SeasonsState {
    var state = SeasonsState()
    state.tiers = try r.int()
    state.seasons = try r.entries(packNames: pack?.nameLists.seasons, make: SeasonProgress.init) {
      r, season throws(BinaryFormatError) in
      season.points = try r.int64()
      season.tier = try r.int()
    }
    return state
  }

  package static let phases = ["earnSeasonPoints"]
  package static let awards: [any RecordedAward.Type] = [Recorded.SeasonTier.self]

  package static func metrics(_ rules: SeasonRules, pack: RulePack) -> [RunMetric] {
    rules.seasons.enumerated().flatMap { index, season in
      [
        RunMetric("season.\(season.id).tier") { Double($0.seasons.seasons[safe: index]?.tier ?? 0) },
        RunMetric("season.\(season.id).points") { Double($0.seasons.seasons[safe: index]?.points ?? 0) },
      ]
    }
  }

  /// "Winter Warm-up Gold (2612 points) · Spring Sprint Silver (1650 points)", seasons with points only.
  package static func reportLine(_ state: SeasonsState, rules: SeasonRules) -> (label: String, text: String)? {
    let parts = zip(rules.seasons, state.seasons).filter { $1.points > 0 }.map { season, progress in
      "\(season.name) \(progress.tier > 0 ? season.tiers[progress.tier - 1].name : "no tier") (\(progress.points) points)"
    }
    return parts.isEmpty ? nil : ("Seasons", parts.joined(separator: " · "))
  }

  package static let metricFamilies = [
    RunMetric.Family("season.ID.tier", label: "season ID tier", "highest tier reached in season ID (0: none)"),
    RunMetric.Family("season.ID.points", label: "season ID points", "points earned in season ID"),
  ]
}

extension RulePack {
  /// Seasons, when the pack has them.
  public var seasons: SeasonRules? { rules(SeasonsMechanic.self) }
  /// The seasons' ids, in the pack's order.
  package var seasonIDs: [String] { nameLists.seasons.names }
}

extension Array {
  /// The element at an index, or nil outside the array.
  package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
