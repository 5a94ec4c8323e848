/// The outcome of a batch of events (``Engine/record(batch:to:)``).
package struct BatchResult: Sendable {
  /// One outcome per event that was handled, in order; fewer than the batch when one failed.
  package var outcomes: [EventOutcome] = []
  /// The corrections of the batch's late events (one per group of them placed together), when
  /// earlier awards moved; a retraction's correction is among its own outcome's awards.
  package var corrections: [Award] = []
  /// The event that could not be applied and why; the events before it were applied.
  package var failure: (index: Int, error: EngineError)?
  /// With `writingJSON`, the awards of the events applied in date order, as JSON lines (their
  /// outcomes' award lists are empty); other outcomes carry their awards as values.
  package var lines: AwardLines?
}

/// Events of a batch placed or withdrawn without being applied, waiting for one replay.
private struct Deferred {
  /// The player before the first of them (its snapshots complete).
  var before: PlayerState
  /// The batch index of the first.
  var from: Int
  /// The earliest day they changed (nil until one changed a day).
  var day: Day?
  /// Events placed, in arrival order (their arrival numbers count up from `before`'s next one).
  var placed: [KeptEvent] = []
  /// Arrival number → batch index, for the placed events.
  var indices: [Int: Int] = [:]
  /// Arrival numbers of the events withdrawn (kept before the batch, or placed in it).
  var withdrawn: Set<Int> = []
  /// The events withdrawn, in order, as applying them one by one records them.
  var retracted: [Withdrawn] = []
  /// The placed and kept events by id, built at the first retraction.
  var byID: [Fingerprint: Location]?
  /// The largest replay key among the kept and placed events (a placed event below it is late).
  var lastKey: (Int, Int, Int)
  /// The smallest replay key placed or withdrawn: later kept events are the ones replayed.
  var firstChange = (Int.max, 0, 0)

  enum Location {
    case kept(Int)
    case placed(Int)
  }

  /// Whether these are retractions (a run of them, withdrawn together) rather than placements.
  let isRetractionRun: Bool
  /// The batch index of the last of them.
  var last: Int

  init(before: PlayerState, from: Int, isRetractionRun: Bool) {
    self.before = before
    self.from = from
    self.isRetractionRun = isRetractionRun
    last = from
    lastKey = before.history.kept.last?.key ?? (Int.min, 0, 0)
  }

  /// The event a location names.
  func event(at location: Location) -> KeptEvent {
    switch location {
    case .kept(let position): return before.history.kept[position]
    case .placed(let position): return placed[position]
    }
  }

  /// Indexes the kept and placed events by id (once; then kept up to date by `place`).
  mutating func index() {
    guard byID == nil else { return }
    var map: [Fingerprint: Location] = [:]
    map.reserveCapacity(before.history.kept.count + placed.count)
    for (position, event) in before.history.kept.enumerated() { map[Fingerprint(event.id)] = .kept(position) }
    for (position, event) in placed.enumerated() { map[Fingerprint(event.id)] = .placed(position) }
    byID = map
  }
}

extension Engine {
  /// The in-order events whose award lines go together as a part to a caller that writes them
  /// while the batch goes on (`handingParts` of ``record(batch:positions:to:keepingResolved:writingJSON:deferringJSON:quiet:handingParts:fingerprints:)``):
  /// enough that handing a part over (a log, a lock, a wake-up) is a small cost, few enough
  /// that the last part, written while the caller waits, is short.
  package static let linesPart = 512

  /// Applies a stream's batch of events with the result of applying them one by one, but one
  /// replay for a group of late events and one for a run of retractions: once an event arrives
  /// out of date order, it and the later events of the batch are placed among the kept events
  /// and the window is replayed once, when the batch ends or a retraction comes; consecutive
  /// retractions are withdrawn together and replayed once (their correction is the last one's).
  /// A stream in reverse date order, or thousands of retractions of one day, cost one replay per
  /// batch, not one per event. `line` is each event's canonical line
  /// (``ResolvedEvent/canonicalLine(_:)``). `keepingResolved`: events applied in date order keep
  /// their resolved form, and the player keeps a snapshot of each kept day's start (built once by
  /// one replay of the window, then taken as each day begins), so the window's fold takes the
  /// checkpoint from a snapshot instead of applying the folded events a second time; for one
  /// player's ledger, not for a cache of many players (a resolved event takes several hundred
  /// bytes beside its line, and a day's snapshot a copy of what the day changes). `writingJSON`:
  /// the awards of events applied in date order are written as JSON lines
  /// (``BatchResult/lines``) instead of ``Award`` values; with `deferringJSON` too, only their
  /// records are kept, and the caller writes them (``AwardLines/write()``, on any thread) before
  /// it reads them; with `handingParts` as well, every ``linesPart`` events noted are handed to
  /// it as a part (``AwardLines/takePart(upTo:log:)``), to be written while the batch goes on and
  /// absorbed into ``BatchResult/lines`` before they are read. `quiet`: events applied in date
  /// order make no awards at all (their outcomes' lists are empty), for a caller that wants the
  /// state alone (a store reading a player back from its log). `positions`: the batch is these
  /// positions of `batch`, in order (a player's events among a queue of many players', read in
  /// place rather than copied out); nil: all of it. The indexes of the result (outcomes, lines,
  /// failure) count the batch's events. `fingerprints`: each of `batch`'s event ids'
  /// ``Fingerprint``, when the caller has them (empty: computed here).
  package func record(
    batch: [(event: ResolvedEvent, line: String)], positions: [Int]? = nil, to player: inout PlayerState,
    keepingResolved: Bool = false, writingJSON: Bool = false, deferringJSON: Bool = false, quiet: Bool = false,
    handingParts: ((consuming AwardLines) -> Void)? = nil, fingerprints: [Fingerprint] = []
  ) -> BatchResult {
    precondition(fingerprints.isEmpty || fingerprints.count == batch.count, "one fingerprint per event")
    let view = BatchView(batch: batch, positions: positions)
    let count = view.count
    var result = BatchResult()
    if writingJSON { result.lines = AwardLines(count: count, pack: pack) }
    do {
      try bind(&player)
      if keepingResolved { try ensureSnapshots(&player) }
    } catch {
      result.failure = (0, error)
      return result
    }
    var deferred: Deferred?
    // `deferred`'s run of retractions or not, nil when nothing is deferred: tested for every
    // event, where testing `deferred` itself (bound, or compared with nil) copied the whole
    // optional, a player state, twice an event.
    var deferredRun: Bool?
    var log = AwardLog(quiet ? .off : .explained)
    // Written as JSON, the batch's records stay in the log until its end (or its part's): room
    // for what the default pack's events make (2.7 records an event over 10,000 players × 30
    // days: room for two grew most players' list once, a copy of all of it; and about six
    // explanation numbers an event).
    let parts = writingJSON && deferringJSON ? handingParts : nil
    let logged = parts == nil ? count : Swift.min(count, Self.linesPart)
    if writingJSON { log.reserve(records: 3 * logged, values: 8 * logged) }
    var noted = 0
    // Each event read in place (``BatchItems``): binding `(event, line)` copied it and its line.
    batch.withUnsafeBufferPointer { buffer in
      let items = BatchItems(buffer)
      for index in 0..<count {
        let position = positions?[index] ?? index
        let event = items.event(position)
        let fingerprint = fingerprints.isEmpty ? Fingerprint(event.pointee.id) : fingerprints[position]
        if player.history.ids.contains(fingerprint) {
          result.outcomes.append(.duplicate)
          continue
        }
        do throws(EngineError) {
          let isRetraction = event.pointee.kind == .retraction
          let day = event.pointee.day
          assert((deferredRun == nil) == (deferred == nil), "deferredRun follows deferred")
          // Placements and a run of retractions never mix: each replays the other first.
          if let run = deferredRun, run != isRetraction, let pending = deferred.take() {
            deferredRun = nil
            try flush(pending, view, until: index, &result, &player)
          }
          if deferredRun == nil && !isRetraction && player.live.progress.today.admits(day) {
            let first = log.records.count
            result.outcomes.append(
              try applyInOrder(
                event, line: items.line(position).pointee, fingerprint, &player, log: &log,
                keepingResolved: keepingResolved, makingAwards: !writingJSON && !quiet, clearingLog: !writingJSON))
            result.lines?.note(
              id: event.pointee.id, player: event.pointee.player, at: index, records: first..<log.records.count)
            noted += 1
            if let parts, noted == Self.linesPart, let part = result.lines?.takePart(upTo: index + 1, log: &log) {
              parts(part)
              log.reserve(records: 3 * logged, values: 8 * logged)
              noted = 0
            }
            continue
          }
          if !isRetraction {
            guard let start = player.history.windowStart, day >= start else {
              result.outcomes.append(.beforeWindow(windowStart: player.history.windowStart ?? day))
              continue
            }
          }
          if deferredRun == nil {
            try ensureSnapshots(&player)
            deferred = Deferred(before: player, from: index, isRetractionRun: isRetraction)
            deferredRun = isRetraction
          }
          result.outcomes.append(
            try self.defer(event.pointee, items.line(position).pointee, index, fingerprint, &deferred, &player))
        } catch {
          if let pending = deferred { try? flush(pending, view, until: index, &result, &player) }
          if result.failure == nil { result.failure = (index, error) }
          return
        }
      }
      if let pending = deferred {
        try? flush(pending, view, until: count, &result, &player)
      }
    }
    result.lines?.finish(log, deferring: deferringJSON)
    return result
  }

  /// Places or withdraws an event of the batch without applying it (the flush replays); its
  /// outcome's awards are filled in by the flush.
  private func `defer`(
    _ event: ResolvedEvent, _ line: String, _ index: Int, _ fingerprint: Fingerprint, _ deferred: inout Deferred?,
    _ player: inout PlayerState
  ) throws(EngineError) -> EventOutcome {
    // Taken out while it changes, so that its arrays are never copied.
    guard var pending = deferred.take() else { return .duplicate }
    defer { deferred = pending }
    let outcome: EventOutcome
    if event.kind == .retraction {
      try withdraw(event, &pending, player)
      outcome = .retracted([], replayed: 0)
    } else {
      let kept = KeptEvent(event, line: line, seq: player.history.nextSeq)
      let isLate = !player.live.progress.today.admits(event.day) || kept.key < pending.lastKey
      pending.day = pending.day.map { Swift.min($0, event.day) } ?? event.day
      pending.indices[kept.seq] = index
      if pending.byID != nil { pending.byID?[fingerprint] = .placed(pending.placed.count) }
      pending.placed.append(kept)
      if pending.lastKey < kept.key { pending.lastKey = kept.key }
      if kept.key < pending.firstChange { pending.firstChange = kept.key }
      player.history.nextSeq += 1
      player.history.latestDay = player.history.latestDay.map { Swift.max($0, event.day) } ?? event.day
      outcome = isLate ? .late([], replayed: 0) : .applied([])
    }
    // Only now: a refused event is not the run's last (the flush gives the last its correction).
    pending.last = index
    player.history.appliedCount += 1
    player.history.ids.append(fingerprint)
    return outcome
  }

  /// Marks the kept or placed event a retraction names as withdrawn, or refuses the retraction
  /// as applying it alone would (an id never applied, or applied before the window).
  private func withdraw(_ event: ResolvedEvent, _ pending: inout Deferred, _ player: PlayerState) throws(EngineError) {
    let target = event.retracted
    pending.index()
    let found = pending.byID?[Fingerprint(target)].map { (location: $0, event: pending.event(at: $0)) }
    guard let found, found.event.id.utf8.elementsEqual(target.utf8), !pending.withdrawn.contains(found.event.seq),
      player.history.foldDay.map({ found.event.day >= $0 }) ?? true
    else {
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
    pending.withdrawn.insert(found.event.seq)
    pending.day = pending.day.map { Swift.min($0, found.event.day) } ?? found.event.day
    if found.event.key < pending.firstChange { pending.firstChange = found.event.key }
    pending.retracted.append(Withdrawn(seq: found.event.seq, day: found.event.day))
  }

  /// Replays the window once from the earliest day the deferred events changed, gives each
  /// placed event its awards, and the batch its correction. On a failure, goes back to the state
  /// before the first deferred event and applies the events up to `end` one by one, so the run
  /// stops at the failing one.
  private func flush(
    _ pending: Deferred, _ batch: BatchView, until end: Int, _ result: inout BatchResult,
    _ player: inout PlayerState
  ) throws(EngineError) {
    let before = pending.before
    guard let day = pending.day else { return }
    do {
      let old = before.history.kept
      var fresh = pending.placed.filter { !pending.withdrawn.contains($0.seq) }
      fresh.sort { $0.key < $1.key }
      let kept = old.merging(fresh, removing: pending.withdrawn)
      let dayStart = (day.number, Int.min, Int.min)
      let from = old.insertionIndex(dayStart)
      let newFrom = kept.insertionIndex(dayStart)
      let start =
        from < old.count
        ? before.history.snapshots[old[from].day.number] ?? before.history.checkpoint : before.live.progress
      var unused: [Int: PlayerProgress] = [:]
      let (_, oldAwards) = try replay(old[from...], from: start, explain: true, snapshots: &unused)
      var snapshots = before.history.snapshots.filter { $0.key < day.number }
      let (live, newAwards) = try replay(kept[newFrom...], from: start, explain: true, snapshots: &snapshots)
      // Each placed event's own awards; the difference of the others' is the correction.
      var others: [Award] = []
      var replayed = 0
      for (offset, event) in kept[newFrom...].enumerated() {
        guard let index = pending.indices[event.seq] else {
          others += newAwards[offset]
          if event.key > pending.firstChange { replayed += 1 }
          continue
        }
        switch result.outcomes[index] {
        case .late: result.outcomes[index] = .late(newAwards[offset], replayed: 0)
        default: result.outcomes[index] = .applied(newAwards[offset])
        }
      }
      let (withdrawn, granted) = Correction.difference(old: oldAwards.flatMap { $0 }, new: others)
      // Placements count the events replayed from the earliest changed day (as a batch always
      // has); a retraction the events after the one it withdrew (as applied alone).
      if !pending.isRetractionRun { replayed = old.count - from }
      let correction = Correction(
        reason: pending.isRetractionRun ? .retraction : .late, replayed: replayed,
        xp: .init(from: before.live.progress.xp, to: live.progress.xp),
        level: .init(from: before.live.progress.level, to: live.progress.level), withdrawn: withdrawn, granted: granted)
      if pending.isRetractionRun {
        // Every retraction is answered with a correction: a run's is its last retraction's.
        let last = batch[pending.last].event
        result.outcomes[pending.last] = .retracted(
          [Award(eventID: last.id, player: last.player, day: last.day, payload: correction)], replayed: replayed)
      } else if !withdrawn.isEmpty || !granted.isEmpty {
        let first = batch[pending.from].event
        result.corrections.append(Award(eventID: first.id, player: first.player, day: first.day, payload: correction))
      }
      player.history.kept = kept
      player.history.snapshots = snapshots
      player.history.hasAllSnapshots = true
      player.history.retracted += pending.retracted
      player.live = live
      try fold(&player)
    } catch {
      player = before
      result.outcomes.removeSubrange(pending.from...)
      for index in pending.from..<end where result.failure == nil {
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

/// The events of a batch: positions of an array of them (``Engine/record(batch:positions:to:keepingResolved:writingJSON:deferringJSON:quiet:handingParts:fingerprints:)``),
/// or all of it.
private struct BatchView {
  let batch: [(event: ResolvedEvent, line: String)]
  let positions: [Int]?

  var count: Int { positions?.count ?? batch.count }

  /// The batch's event at an index (copied: for the rare paths, a replay's first and last).
  subscript(index: Int) -> (event: ResolvedEvent, line: String) { batch[positions?[index] ?? index] }
}
