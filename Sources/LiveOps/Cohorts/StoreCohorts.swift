import Engine
import Ledger
import RuleLanguage
import Store

/// `fitquest cohorts`: a store's players folded into their cohorts' comparison, streamed in id
/// byte order. A player's workouts are its logged workout events not withdrawn by a logged
/// retraction; XP, level and unlocks come from its state. Every player of the store counts in
/// its cohort (whether or not it logged anything since the plan began: retention is measured
/// on everyone assigned).
public enum StoreCohorts {
  /// The comparison, and the players left out because their rows are damaged.
  public static func compare(store: SQLiteStore, engines: CohortEngines, asOf: Day?) throws(LedgerError) -> (
    comparison: CohortComparison, damaged: [PlayerID]
  ) {
    var comparison = CohortComparison(plan: engines.plan, asOf: asOf)
    var damaged: [PlayerID] = []
    let players = try store.loggedPlayers()
    while let player = try players.next() {
      let logged = try store.loggedHistory(of: player)
      let index = try engines.cohortIndex(of: logged.player)
      guard logged.damage == nil, let state = try? store.load(player: logged.player) else {
        damaged.append(logged.player)
        continue
      }
      comparison.add(sample(logged, progress: state.progress, since: engines.plan.since, asOf: asOf), cohort: index)
    }
    return (comparison, damaged)
  }

  /// What one player contributes: its workouts from `since` to `asOf` (both included), its last
  /// workout and latest event day (up to `asOf`), XP, level, and unlocks (achievement tiers plus
  /// companion evolutions).
  public static func sample(_ logged: LoggedHistory, progress: PlayerProgress, since: Day, asOf: Day?)
    -> CohortComparison.Sample
  {
    var workouts: [[UInt8]: Day] = [:]
    var retracted: Set<[UInt8]> = []
    var latest: Day?
    for chunk in logged.chunks {
      for line in chunk.lines {
        guard let value = try? JSONReader.parse(Array(line)), let type = value["type"]?.string,
          let date = value["date"]?.string, let day = Day(iso: date)
        else { continue }
        if let asOf, day > asOf { continue }
        latest = latest.map { Swift.max($0, day) } ?? day
        if type == "workout", let id = value["id"]?.string {
          workouts[Array(id.utf8)] = day
        } else if type == "retraction", let of = value["of"]?.string {
          retracted.insert(Array(of.utf8))
        }
      }
    }
    var count = 0
    var last: Day?
    for (id, day) in workouts where !retracted.contains(id) {
      if day >= since { count += 1 }
      last = last.map { Swift.max($0, day) } ?? day
    }
    let unlocks =
      progress.achievements.reduce(0) { $0 + Swift.max(0, $1.tier) }
      + progress.companions.members.reduce(0) { $0 + $1.evolutions }
    return CohortComparison.Sample(
      workoutsSince: count, lastWorkout: last, latestDay: latest, xp: progress.xp, level: progress.level,
      unlocks: unlocks)
  }
}
