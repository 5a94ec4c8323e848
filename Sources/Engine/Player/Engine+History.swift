// Changing the past: a late event is placed in date order and a retraction removes an event;
// either way the events from that day on are replayed from the day's snapshot, once as they were
// and once as they are now, and the difference of their awards is the correction.

extension Engine {
  /// Places an event dated before others already applied.
  func placeLate(_ resolved: ResolvedEvent, line: String, _ fingerprint: Fingerprint, _ player: inout PlayerState)
    throws(EngineError) -> EventOutcome
  {
    guard let start = player.history.windowStart, resolved.day >= start else {
      throw .beforeWindow(day: resolved.day, windowStart: player.history.windowStart ?? resolved.day)
    }
    let newcomer = KeptEvent(resolved, line: line, seq: player.history.nextSeq)
    let index = player.history.insertionIndex(newcomer.key)
    var events = player.history.kept
    events.insert(newcomer, at: index)
    let change = try rewrite(events, changedAt: index, reason: .late, of: &player)
    let own = change.newAwards[index - change.from]
    var awards = own
    if !change.correction.withdrawn.isEmpty || !change.correction.granted.isEmpty {
      awards.append(Award(eventID: resolved.id, player: resolved.player, day: resolved.day, payload: change.correction))
    }
    player.history.nextSeq += 1
    player.history.appliedCount += 1
    player.history.ids.append(fingerprint)
    return .late(awards, replayed: change.correction.replayed)
  }

  /// Withdraws a kept event.
  func retract(_ event: ResolvedEvent, _ fingerprint: Fingerprint, _ player: inout PlayerState) throws(EngineError)
    -> EventOutcome
  {
    let target = event.retracted
    guard let index = player.history.index(ofID: target) else {
      if player.history.ids.contains(Fingerprint(target)) {
        let start = player.history.windowStart.map { " (which starts on \($0.iso))" } ?? ""
        throw .cannotRetract(
          id: target,
          reason:
            "it is no longer kept: withdrawn already, or applied before the replay window\(start); such events cannot be withdrawn"
        )
      }
      throw .cannotRetract(id: target, reason: "no event with this id was applied")
    }
    let removed = player.history.kept[index]
    var events = player.history.kept
    events.remove(at: index)
    let change = try rewrite(events, changedAt: index, removing: removed, reason: .retraction, of: &player)
    player.history.retracted.append(Withdrawn(seq: removed.seq, day: removed.day))
    player.history.appliedCount += 1
    player.history.ids.append(fingerprint)
    let correction = Award(eventID: event.id, player: event.player, day: event.day, payload: change.correction)
    return .retracted([correction], replayed: change.correction.replayed)
  }

  /// Replays the window from the snapshot of the changed event's day, before and after the
  /// change, and installs the new kept events, snapshots and progress.
  private func rewrite(
    _ events: KeptEvents, changedAt index: Int, removing removed: KeptEvent? = nil, reason: Correction.Reason,
    of player: inout PlayerState
  ) throws(EngineError) -> (correction: Correction, newAwards: [[Award]], from: Int) {
    try ensureSnapshots(&player)
    var events = events
    try resolveAll(&events)
    let day = (removed ?? events[index]).day
    let old = player.history.kept
    let from = player.history.insertionIndex((day.number, Int.min, Int.min))
    let start =
      from < old.count
      ? player.history.snapshots[old[from].day.number] ?? player.history.checkpoint : player.live.progress
    var unused: [Int: PlayerProgress] = [:]
    let (_, oldAwards) = try replay(old[from...], from: start, explain: true, snapshots: &unused)
    var snapshots = player.history.snapshots.filter { $0.key < day.number }
    let (live, newAwards) = try replay(events[from...], from: start, explain: true, snapshots: &snapshots)
    let before = player.live.progress
    let isNewcomer = removed == nil
    let others = newAwards.enumerated().filter { !isNewcomer || $0.offset != index - from }.flatMap(\.element)
    let (withdrawn, granted) = Correction.difference(old: oldAwards.flatMap { $0 }, new: others)
    let replayed = events.count - index - (isNewcomer ? 1 : 0)
    let correction = Correction(
      reason: reason, replayed: replayed, xp: .init(from: before.xp, to: live.progress.xp),
      level: .init(from: before.level, to: live.progress.level), withdrawn: withdrawn, granted: granted)
    player.history.kept = events
    player.history.snapshots = snapshots
    player.live = live
    return (correction, newAwards, from)
  }
}
