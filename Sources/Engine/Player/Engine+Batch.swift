/// The outcome of a batch of events (``Engine/record(batch:to:)``).
package struct BatchResult: Sendable {
  /// One outcome per event that was handled, in order; fewer than the batch when one failed.
  package var outcomes: [PlayerOutcome] = []
  /// The correction of the batch's late events, when later awards moved.
  package var correction: Award?
  /// The event that could not be applied and why; the events before it were applied.
  package var failure: (index: Int, error: EngineError)?
}

/// Events of a batch placed without being applied, waiting for one replay.
private struct Deferred {
  /// The player before the first of them.
  var before: PlayerState
  /// The batch index of the first.
  var from: Int
  /// The earliest day they changed.
  var day: Day
  /// Batch index → the arrival number each was given.
  var seqs: [Int: Int] = [:]
}

extension Engine {
  /// Applies a stream's batch of events with the result of applying them one by one, but one
  /// replay for all its late events: once an event arrives out of date order, it and every later
  /// event of the batch are placed among the kept events, and the window is replayed once at the
  /// end (or before a retraction). A stream in reverse date order costs one replay per batch,
  /// not one per event.
  package func record(batch: [(event: ResolvedEvent, line: String)], to player: inout PlayerState) -> BatchResult {
    var result = BatchResult()
    do {
      try bind(&player)
    } catch {
      result.failure = (0, error)
      return result
    }
    var deferred: Deferred?
    for (index, (event, line)) in batch.enumerated() {
      let fingerprint = Fingerprint(event.id)
      if player.history.ids.contains(fingerprint) {
        result.outcomes.append(.duplicate)
        continue
      }
      do {
        if event.kind == .retraction {
          if let pending = deferred {
            deferred = nil
            try flush(pending, batch, &result, &player)
          }
          result.outcomes.append(try retract(event, fingerprint, &player))
          continue
        }
        if deferred == nil && isInOrder(event, player) {
          result.outcomes.append(try record(event, line: line, to: &player))
          continue
        }
        guard let start = player.history.windowStart, event.day >= start else {
          result.outcomes.append(.beforeWindow(windowStart: player.history.windowStart ?? event.day))
          continue
        }
        if deferred == nil {
          try ensureSnapshots(&player)
          deferred = Deferred(before: player, from: index, day: event.day)
        }
        if var pending = deferred {
          pending.day = Swift.min(pending.day, event.day)
          pending.seqs[index] = player.history.nextSeq
          deferred = pending
        }
        let late = !isInOrder(event, player) || player.history.kept.last.map { KeptEvent(event, line: "", seq: Int.max).key < $0.key } ?? false
        place(event, line, fingerprint, &player)
        result.outcomes.append(late ? .late([], replayed: 0) : .applied([]))
      } catch {
        if result.failure == nil { result.failure = (index, error) }
        return result
      }
    }
    if let pending = deferred {
      try? flush(pending, batch, &result, &player)
    }
    return result
  }

  private func isInOrder(_ event: ResolvedEvent, _ player: PlayerState) -> Bool {
    let today = player.live.progress.today
    return today.day.map { event.day > $0 || (event.day == $0 && !today.isClosed) } ?? true
  }

  /// Puts an event among the kept ones without applying it (the flush replays).
  private func place(_ event: ResolvedEvent, _ line: String, _ fingerprint: Fingerprint, _ player: inout PlayerState) {
    let kept = KeptEvent(event, line: line, seq: player.history.nextSeq)
    player.history.kept.insert(kept, at: player.history.insertionIndex(kept.key))
    player.history.nextSeq += 1
    player.history.appliedCount += 1
    player.history.ids.append(fingerprint)
    player.history.latestDay = player.history.latestDay.map { Swift.max($0, event.day) } ?? event.day
  }

  /// Replays the window once from the earliest day the deferred events changed, gives each its
  /// awards, and the batch its correction. On a failure, goes back to the state before the first
  /// deferred event and applies them one by one, so the run stops at the failing one.
  private func flush(
    _ pending: Deferred, _ batch: [(event: ResolvedEvent, line: String)], _ result: inout BatchResult,
    _ player: inout PlayerState
  ) throws(EngineError) {
    let before = pending.before
    do {
      try resolveAll(&player.history.kept)
      let old = before.history.kept
      let dayStart = (pending.day.number, Int.min, Int.min)
      let from = before.history.insertionIndex(dayStart)
      let newFrom = player.history.insertionIndex(dayStart)
      let start = from < old.count ? before.history.snapshots[old[from].day.number] ?? before.history.checkpoint : before.live.progress
      var unused: [Int: PlayerProgress] = [:]
      let (_, oldAwards) = try replay(old[from...], from: start, explain: true, snapshots: &unused)
      var snapshots = before.history.snapshots.filter { $0.key < pending.day.number }
      let (live, newAwards) = try replay(player.history.kept[newFrom...], from: start, explain: true, snapshots: &snapshots)
      // Each deferred event's own awards; the difference of the others' is the correction.
      var own: [Int: [Award]] = [:]
      var others: [Award] = []
      for (offset, event) in player.history.kept[newFrom...].enumerated() {
        if event.seq >= before.history.nextSeq { own[event.seq] = newAwards[offset] } else { others += newAwards[offset] }
      }
      for (index, seq) in pending.seqs {
        let awards = own[seq] ?? []
        switch result.outcomes[index] {
        case .late: result.outcomes[index] = .late(awards, replayed: 0)
        default: result.outcomes[index] = .applied(awards)
        }
      }
      let (withdrawn, granted) = Correction.difference(old: oldAwards.flatMap { $0 }, new: others)
      if !withdrawn.isEmpty || !granted.isEmpty {
        let first = batch[pending.from].event
        let correction = Correction(
          reason: .late, replayed: old.count - from, xp: .init(from: before.live.progress.xp, to: live.progress.xp),
          level: .init(from: before.live.progress.level, to: live.progress.level), withdrawn: withdrawn, granted: granted)
        result.correction = Award(eventID: first.id, player: first.player, day: first.day, payload: correction)
      }
      player.history.snapshots = snapshots
      player.history.hasAllSnapshots = true
      player.live = live
      try fold(&player)
    } catch {
      player = before
      result.outcomes.removeSubrange(pending.from...)
      for index in pending.from..<batch.count where result.failure == nil {
        do {
          result.outcomes.append(try record(batch[index].event, line: batch[index].line, to: &player))
        } catch {
          if case .beforeWindow(_, let start) = error {
            result.outcomes.append(.beforeWindow(windowStart: start))
          } else {
            result.failure = (index, error)
          }
        }
      }
      throw error
    }
  }
}
