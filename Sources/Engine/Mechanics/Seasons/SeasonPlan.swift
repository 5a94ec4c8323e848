/// The season rules a workout reads, as plain memory in the engine's storage: reading a
/// season's days or tiers through the rules would copy the season (its names, formula and
/// tier list) per workout.
struct SeasonPlan {
  /// Per season: its first and last day.
  let days: UnsafeBufferPointer<(from: Day, to: Day)>
  /// Per season, where its tiers start in ``tierPoints`` and ``tierRewards`` (and, last, where
  /// they end).
  let tierStarts: UnsafeBufferPointer<Int32>
  /// Per tier: the season points it needs and the XP it gives.
  let tierPoints: UnsafeBufferPointer<Int64>
  let tierRewards: UnsafeBufferPointer<Int>

  init(_ rules: SeasonRules?, storage: EngineStorage) {
    let seasons = rules?.seasons ?? []
    days = storage.buffer(seasons.map { (from: $0.from, to: $0.to) })
    tierStarts = storage.buffer(
      seasons.reduce(into: [Int32(0)]) { starts, season in
        starts.append(starts[starts.count - 1] + Int32(season.tiers.count))
      })
    tierPoints = storage.buffer(seasons.flatMap { $0.tiers.map(\.at) })
    tierRewards = storage.buffer(seasons.flatMap { $0.tiers.map(\.rewardXP) })
  }
}
