import Engine
import Foundation
import LiveOps
import RuleLanguage
import Testing

/// The policies on real players: `recompute` is the replay itself; `never-demote` never lowers a
/// level (or XP) and leaves a state the engine accepts; `keep-unlocks` keeps every tier and
/// evolution. A state a policy changed closes its window.
@Suite struct MigrationPolicyTests {
  /// Each shipped scenario's player over 90 days: its state under the base pack, and its history
  /// replayed under a steeper curve (lower levels, the 'level' achievement's tiers later).
  static func players() throws -> [(old: PlayerState, replayed: PlayerState)] {
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    return try (0..<7).map { index in
      let (history, old) = try LiveOpsFixture.history(try LiveOpsFixture.events(player: index, days: 90), engine: base)
      return (old, try HistoryReplayer(engine: candidate).state(of: history))
    }
  }

  @Test func recomputeIsTheReplay() throws {
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    for (old, replayed) in try Self.players() {
      let migrated = MigrationPolicy.recompute.apply(old: old, replayed: replayed, engine: candidate)
      #expect(migrated.progress == replayed.progress)
      #expect(migrated.windowStart == replayed.windowStart)
    }
  }

  @Test func neverDemoteNeverLowersALevelAndTheEngineAcceptsTheState() throws {
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    var demotedByReplay = 0
    for (old, replayed) in try Self.players() {
      if replayed.level < old.level { demotedByReplay += 1 }
      var migrated = MigrationPolicy.neverDemote.apply(old: old, replayed: replayed, engine: candidate)
      #expect(migrated.level >= old.level)
      #expect(migrated.level >= replayed.level)
      #expect(migrated.xp >= old.xp && migrated.xp >= replayed.xp)
      // The level follows the XP on the candidate's curve.
      let thresholds = candidate.pack.levels.thresholds
      #expect(thresholds[migrated.level - 1] <= migrated.xp)
      #expect(migrated.level == thresholds.count || migrated.xp < thresholds[migrated.level])
      // Saved, loaded and given one more event, it carries on from where the policy left it.
      var loaded = try PlayerState(data: try migrated.data())
      let day = (migrated.latestDay ?? Day(0)).adding(1)
      _ = try candidate.apply(.dayClosed(id: "after-migration", day: day), to: &loaded)
      _ = try candidate.apply(.dayClosed(id: "after-migration-2", day: day.adding(1)), to: &migrated)
      #expect(loaded.level >= old.level)
      if migrated.progress != replayed.progress, let latest = replayed.latestDay {
        // Changed by the policy: the window is closed, an event of the latest day is too late.
        #expect(migrated.windowStart == latest.adding(1))
      }
    }
    #expect(demotedByReplay > 0, "the steeper curve must demote someone for this test to mean anything")
  }

  @Test func keepUnlocksKeepsEveryTierAndEvolution() throws {
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    var lostByReplay = 0
    for (old, replayed) in try Self.players() {
      let migrated = MigrationPolicy.keepUnlocks.apply(old: old, replayed: replayed, engine: candidate)
      for before in old.progress.achievements where before.tier > 0 {
        let after = migrated.progress.achievements.first { $0.id == before.id }
        #expect((after?.tier ?? 0) >= before.tier, "\(before.id)")
        if (replayed.progress.achievements.first { $0.id == before.id }?.tier ?? 0) < before.tier { lostByReplay += 1 }
      }
      for (index, before) in old.progress.companions.members.enumerated() {
        #expect(migrated.progress.companions.members[index].evolutions >= before.evolutions)
      }
      #expect(migrated.level == replayed.level)
      _ = try PlayerState(data: try migrated.data())
    }
    #expect(lostByReplay > 0, "the steeper curve must take a tier away for this test to mean anything")
  }
}
