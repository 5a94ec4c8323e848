import Engine

/// How `fitquest migrate` moves a player to a new rule pack, given its state before and its
/// history replayed under the new pack:
/// - `recompute`: the replayed state as it is — exactly what a store built from the same events
///   with the new pack holds;
/// - `never-demote`: the replayed state with the higher of the old and new XP, raised further
///   when needed to the new curve's threshold of the old level, so the level is never lower than
///   before (and still follows the XP, as the engine requires);
/// - `keep-unlocks`: the replayed state with every achievement tier and companion evolution the
///   player had before (already shown to it) kept.
/// A state the policy changed has its window closed, as after a rule change: an event dated on or
/// before the player's latest day can no longer be placed among the earlier ones (a replay of the
/// window would undo the policy's change).
public enum MigrationPolicy: String, Sendable, CaseIterable {
  /// The replayed state as it is.
  case recompute
  /// Never a lower level or less XP than before.
  case neverDemote = "never-demote"
  /// Every unlock shown before kept.
  case keepUnlocks = "keep-unlocks"

  /// The migrated state: `replayed` (the history under `engine`'s pack) adjusted by the policy
  /// against `old` (the state before, under its own pack).
  public func apply(old: PlayerState, replayed: PlayerState, engine: Engine) -> PlayerState {
    apply(old: old.progress, replayed: replayed, engine: engine)
  }

  /// The migrated state, from the progress before alone (all a policy reads of the state before;
  /// of it, only the state of ``ReplaySide/mechanics``: a migration decodes nothing else).
  public func apply(old: PlayerProgress, replayed: PlayerState, engine: Engine) -> PlayerState {
    var progress = replayed.progress
    switch self {
    case .recompute: return replayed
    case .neverDemote: Self.keepLevel(of: old, in: &progress, curve: engine.pack.levels)
    case .keepUnlocks: Self.keepUnlocks(of: old, in: &progress, pack: engine.pack)
    }
    guard progress != replayed.progress else { return replayed }
    var state = replayed
    state.live = engine.live(progress)
    state.history.checkpoint = progress
    state.history.kept = KeptEvents()
    state.history.retracted = []
    state.history.epoch += 1
    state.history.replayFloor = state.history.latestDay.map { $0.adding(1) }
    return state
  }

  /// XP at least the old XP and the new curve's threshold of the old level; the level from it.
  static func keepLevel(of old: PlayerProgress, in progress: inout PlayerProgress, curve: LevelCurve) {
    var level = old.level
    var xp = Swift.max(progress.xp, old.xp)
    curve.keepLevel(&level, xp: &xp)
    guard xp != progress.xp else { return }
    progress.xp = xp
    progress.level = level
  }

  /// Each achievement at the higher of its old and new tier (matched by id bytes), each companion
  /// that had evolved further before as it was (matched by the order they joined; its species
  /// must be in the new pack).
  static func keepUnlocks(of old: PlayerProgress, in progress: inout PlayerProgress, pack: RulePack) {
    for index in progress.achievements.indices {
      let id = progress.achievements[index].id
      guard let before = old.achievements.first(where: { $0.id.utf8.elementsEqual(id.utf8) }),
        before.tier > progress.achievements[index].tier,
        before.tier <= (pack.achievements.first { $0.id == id }?.tiers.count ?? 0)
      else { continue }
      progress.totals.achievements += before.tier - progress.achievements[index].tier
      progress.achievements[index].tier = before.tier
      progress.achievements[index].unlockedOn = before.unlockedOn
    }
    for index in progress.companions.members.indices where index < old.companions.members.count {
      let before = old.companions.members[index]
      guard before.evolutions > progress.companions.members[index].evolutions,
        let species = pack.companions?.species(named: before.species)
      else { continue }
      progress.totals.evolutions += before.evolutions - progress.companions.members[index].evolutions
      var kept = before
      kept.speciesIndex = species
      progress.companions.members[index] = kept
    }
  }
}
