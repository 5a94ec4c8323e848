import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import LiveOps
import RuleLanguage
import Store
import Testing

/// Cohorts in a store: players assigned by the documented hash and weights (the hand-worked
/// vectors of ``CohortPlanTests``), pinned when the plan changes, and compared on a store small
/// enough to work out by hand.
@Suite struct StoreCohortsTests {
  static func day(_ iso: String) -> Day { Day(iso: iso) ?? Day(0) }

  /// A store with packs 'current' (the shipped rules) and 'curve-b' (a steeper level curve).
  static func store(_ label: String) throws -> (URL, SQLiteStore, current: Engine, curveB: Engine) {
    let directory = Paths.temporaryDirectory(label)
    let store = try SQLiteStore(path: directory.appendingPathComponent("players.sqlite").path)
    let current = try LiveOpsFixture.engine()
    let curveB = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    try store.name("current", pack: current)
    try store.name("curve-b", pack: curveB)
    return (directory, store, current, curveB)
  }

  static func plan(_ control: Int, _ b: Int) -> CohortPlan {
    CohortPlan(
      salt: "xp-curve", since: day("2026-03-02"),
      cohorts: [.init(name: "control", pack: "current", weight: control), .init(name: "b", pack: "curve-b", weight: b)])
  }

  /// Applies events through a run whose players follow their cohorts.
  static func award(_ events: [Event], _ store: SQLiteStore) throws {
    let engines = try #require(try CohortEngines(store: store))
    let run = LedgerRun(store: store, engine: engines.engines[0])
    run.engines = engines
    for event in events { try run.add(event) }
    #expect(try run.commit(deliver: { _ in }) == nil)
  }

  static func workout(_ player: String, _ iso: String, id: String? = nil) -> Event {
    .workout(id: id ?? "\(player)-\(iso)", day: day(iso), player: player, category: "cardio", durationMin: 40, rpe: 6)
  }

  /// With salt "xp-curve" and 100 buckets: ana 79, bo 48, chen 65, p1 98, p2 52, "\u{212B}" 16,
  /// "\u{00C5}" 31 (CohortPlanTests.hashVectors). 90/10: only p1 (98 ≥ 90) is in b. 20/80: all
  /// but "\u{212B}" (16 < 20) are in b.
  @Test func playersFollowTheHashAndStayWhenTheWeightsChange() throws {
    let (directory, store, current, curveB) = try Self.store("cohorts-sticky")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try store.setCohortPlan(Self.plan(90, 10).json, reassign: false) { _ in nil }
    let first = ["ana", "bo", "chen", "p1", "p2"]
    try Self.award(first.map { Self.workout($0, "2026-03-03") }, store)
    for player in first {
      let state = try #require(try store.load(player: LiveOpsStoreFixture.id(player)))
      #expect(state.pack.digest == (player == "p1" ? curveB : current).pack.digest, "\(player)")
    }

    // 20/80: the five players the store holds are pinned where they were; new ones follow 20/80.
    let old = Self.plan(90, 10)
    let pinned = try store.setCohortPlan(Self.plan(20, 80).json, reassign: false) { old.cohort(of: $0.bytes).name }
    #expect(pinned == 5)
    let lookalikes = ["\u{212B}", "\u{00C5}"]
    #expect(lookalikes[0] == lookalikes[1])  // equal as Swift strings, different bytes
    try Self.award((first + lookalikes).map { Self.workout($0, "2026-03-04") }, store)
    let engines = try #require(try CohortEngines(store: store))
    // (A dictionary literal would hold the two lookalikes as one key.)
    let expected = [0, 0, 0, 1, 0, 0, 1]
    for (player, cohort) in zip(first + lookalikes, expected) {
      let id = LiveOpsStoreFixture.id(player)
      #expect(try engines.cohortIndex(of: id) == cohort, "\(player)")
      let state = try #require(try store.load(player: id))
      #expect(state.pack.digest == (cohort == 1 ? curveB : current).pack.digest, "\(player)")
    }
    #expect(try store.players().count == 7)

    // --reassign: every player follows 20/80.
    _ = try store.setCohortPlan(Self.plan(20, 80).json, reassign: true) { _ in nil }
    let reassigned = try #require(try CohortEngines(store: store))
    #expect(try reassigned.cohortIndex(of: LiveOpsStoreFixture.id("ana")) == 1)
    #expect(try reassigned.cohortIndex(of: LiveOpsStoreFixture.id("\u{212B}")) == 0)
    #expect(try store.pinnedCohorts().isEmpty)
  }

  /// As of 2026-03-15, since 2026-03-02: 14 days, 2 weeks. Control: ana 4 workouts since
  /// (03-01 is before), bo 2, chen 2 (03-09 withdrawn); b: p1 3 (03-16 is after the as-of day).
  /// Workouts per week: control 2, 1, 1 → mean 4/3, variance ((2/3)² + 2 × (1/3)²) / 2 = 1/3,
  /// standard error √(1/3 / 3) = 1/3, interval 4/3 ± 1.96/3; b 1.5 (one player: ± 0); the
  /// difference 1/6 ± 1.96/3. Active in the last 7 days (a workout on or after 03-09): ana yes,
  /// bo (03-04) no, chen (03-08, its 03-09 withdrawn) no → 1/3; p1 (03-11) → 1.
  @Test func theComparisonOfAHandWorkedStore() throws {
    let (directory, store, _, _) = try Self.store("cohorts-compare")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try store.setCohortPlan(Self.plan(90, 10).json, reassign: false) { _ in nil }
    var events = ["03-01", "03-03", "03-05", "03-10", "03-14"].map { Self.workout("ana", "2026-" + $0) }
    events += ["03-02", "03-04"].map { Self.workout("bo", "2026-" + $0) }
    events.append(.nutrition(id: "bo-meal", day: Self.day("2026-03-12"), player: "bo", intakeKcal: 2000))
    events += ["03-03", "03-08", "03-09"].map { Self.workout("chen", "2026-" + $0) }
    events.append(.retraction(id: "chen-r", day: Self.day("2026-03-10"), player: "chen", of: "chen-2026-03-09"))
    events += ["03-02", "03-06", "03-11", "03-16"].map { Self.workout("p1", "2026-" + $0) }
    try Self.award(events, store)
    try store.saveSnapshots()

    let engines = try #require(try CohortEngines(store: store))
    let (comparison, damaged) = try StoreCohorts.compare(store: store, engines: engines, asOf: Self.day("2026-03-15"))
    #expect(damaged.isEmpty)
    #expect(comparison.weeks == 2)
    let rows = comparison.rows
    #expect(rows.map(\.players) == [3, 1])
    func metric(_ row: Int, _ name: String) throws -> (Estimate, Estimate?) {
      let found = try #require(rows[row].metrics.first { $0.name == name })
      return (try #require(found.estimate), found.difference)
    }
    let z = 1.959963984540054
    let (controlWorkouts, _) = try metric(0, "workoutsPerWeek")
    #expect(abs(controlWorkouts.value - 4.0 / 3) < 1e-12)
    #expect(abs(controlWorkouts.high - (4.0 / 3 + z / 3)) < 1e-12)
    let (bWorkouts, difference) = try metric(1, "workoutsPerWeek")
    #expect(bWorkouts.value == 1.5 && bWorkouts.low == 1.5)
    let gap = try #require(difference)
    #expect(abs(gap.value - 1.0 / 6) < 1e-12 && abs(gap.low - (1.0 / 6 - z / 3)) < 1e-12)
    #expect(try metric(0, "activeLast7Days").0.value == 1.0 / 3)
    #expect(try metric(1, "activeLast7Days").0.value == 1)

    // XP, level and unlocks are each player's, as the store holds them: their means by hand.
    let states = try ["ana", "bo", "chen"].map { try #require(try store.load(player: LiveOpsStoreFixture.id($0))) }
    let xp = states.map { Double($0.xp) }
    #expect(try metric(0, "xp").0.value == (xp[0] + xp[1] + xp[2]) / 3)
    let p1 = try #require(try store.load(player: LiveOpsStoreFixture.id("p1")))
    #expect(try metric(1, "level").0.value == Double(p1.level))
    #expect(try metric(1, "xp").1?.value == Double(p1.xp) - (xp[0] + xp[1] + xp[2]) / 3)
  }
}
