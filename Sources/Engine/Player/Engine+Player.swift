import RuleLanguage

/// What applying one event to a player did: the one outcome type of the engine's history, the
/// ledger and the stores (`Ledger.Outcome` is this type).
public enum EventOutcome: Sendable, Hashable {
  /// Applied in date order: its awards.
  case applied([Award])
  /// Placed among earlier events: its awards, then a ``Correction`` when later events' awards
  /// moved; `replayed` later events were recomputed.
  case late([Award], replayed: Int)
  /// A retraction: one ``Correction`` saying what was withdrawn and what moved (in a batch, the
  /// batch's correction says it for all its late events and retractions at once).
  case retracted([Award], replayed: Int)
  /// The id was applied before (over the player's whole life): nothing changed.
  case duplicate
  /// Dated before the replay window: not applied.
  case beforeWindow(windowStart: Day)

  /// The awards of the outcome.
  public var awards: [Award] {
    switch self {
    case .applied(let awards), .late(let awards, _), .retracted(let awards, _): return awards
    case .duplicate, .beforeWindow: return []
    }
  }

  /// Whether the event changed the player (applied, placed or withdrawing): what a store saves.
  public var changedPlayer: Bool {
    switch self {
    case .applied, .late, .retracted: return true
    case .duplicate, .beforeWindow: return false
    }
  }
}

extension Engine {
  /// A new player for this pack, keeping `windowDays` days (1–3,650) of events for late events
  /// and retractions.
  public func newPlayer(windowDays: Int = 60) -> PlayerState {
    let progress = newProgress()
    var player = PlayerState(
      progress: progress, pack: PackStamp(pack),
      history: History(windowDays: Swift.min(Swift.max(windowDays, 1), 3650), checkpoint: progress))
    player.live = newLivePlayer()
    player.boundDigest = pack.digest
    player.history.resolvedDigest = pack.digest
    player.history.newPlayerDigest = pack.digest
    // No snapshots until a late event or a retraction needs them (``ensureSnapshots(_:)``).
    player.history.hasAllSnapshots = false
    return player
  }

  /// Applies one event to a player and returns its awards.
  ///
  /// - An event is checked like a decoded NDJSON line (ranges, names in the pack); a refused
  ///   event throws and changes nothing.
  /// - An id applied before returns no awards and changes nothing.
  /// - An event dated before others already applied is placed in date order and the later
  ///   events are replayed; a ``Correction`` award says what moved. Events dated before
  ///   ``PlayerState/windowStart`` throw ``EngineError/beforeWindow(day:windowStart:)``.
  /// - ``Event/retraction(id:day:player:of:)`` withdraws an applied event: the state becomes what
  ///   it would be without it, and a ``Correction`` lists the awards withdrawn.
  @discardableResult
  public func apply(_ event: Event, to player: inout PlayerState) throws(EngineError) -> [Award] {
    try record(event, to: &player).awards
  }

  /// Applies one event and says how (``EventOutcome``).
  package func record(_ event: Event, to player: inout PlayerState) throws(EngineError) -> EventOutcome {
    let resolved = try resolve(event)
    return try record(resolved, line: resolved.canonicalLine(pack), to: &player)
  }

  /// Applies one resolved event; `line` is its canonical JSON line (kept in the history).
  package func record(_ resolved: ResolvedEvent, line: String, to player: inout PlayerState) throws(EngineError)
    -> EventOutcome
  {
    try bind(&player)
    let fingerprint = Fingerprint(resolved.id)
    if player.history.ids.contains(fingerprint) { return .duplicate }
    if resolved.kind == .retraction { return try retract(resolved, fingerprint, &player) }
    guard player.live.progress.today.admits(resolved.day) else {
      return try placeLate(resolved, line: line, fingerprint, &player)
    }
    var log = AwardLog(.explained)
    return try withUnsafePointer(to: resolved) { (event: UnsafePointer<ResolvedEvent>) throws(EngineError) in
      try applyInOrder(event, line: line, fingerprint, &player, log: &log)
    }
  }

  /// Applies an event in date order (``DayState/admits(_:)``) that is not a duplicate, and keeps it.
  /// `log` is emptied and reused (a batch passes one log for all its events: no allocation per
  /// event), or with `clearingLog` false added to (the event's records follow the earlier
  /// events'). `makingAwards`: false leaves the outcome's awards empty, for a caller that reads
  /// them from `log`'s records. The event is read through a pointer: a batch's events are read
  /// where they are, and passing one as a value copied it (its arrays and strings retained).
  func applyInOrder(
    _ event: UnsafePointer<ResolvedEvent>, line: String, _ fingerprint: Fingerprint, _ player: inout PlayerState,
    log: inout AwardLog, keepingResolved: Bool = false, makingAwards: Bool = true, clearingLog: Bool = true
  ) throws(EngineError) -> EventOutcome {
    // A refused event is undone from the day's snapshot (no copy of the state per event). A
    // player without its snapshots (in date order since it was loaded or created) takes none:
    // holding a copy of the progress would make every event copy the arrays it changes. It is
    // undone by replaying its kept events, and its snapshots are built when a late event or a
    // retraction needs them.
    let day = event.pointee.day
    let today = player.live.progress.today
    let isNewDay = today.day.map { day > $0 } ?? true
    let keepsSnapshots = player.history.hasAllSnapshots
    if isNewDay && keepsSnapshots { player.history.snapshots[day.number] = player.live.progress }
    // Looked up by index: the subscript would copy the day's snapshot only to compare it to nil.
    // Boxed (rarely made): an optional progress inline, nil or not, was copied twice an event
    // (521 bytes each).
    let fallback =
      !keepsSnapshots || isNewDay || player.history.snapshots.index(forKey: day.number) != nil
      ? nil : ProgressBox(player.live.progress)
    if clearingLog { log.removeAll() }
    do {
      try apply(event, to: &player.live, log: &log)
    } catch {
      restoreDay(day, isNewDay: isNewDay, fallback: fallback, &player)
      throw error
    }
    // Without snapshots the kept event is read again from its line when a replay needs it
    // (unless the caller keeps resolved events: then the window's fold reads none).
    // Made from the event's fields, read in place: handed the event itself, the call copied it
    // whole (every field retained, then released), 1.6% of `award --store`'s busiest thread.
    // The fields as `KeptEvent.init(_:line:seq:keepingResolved:)` takes them; that initializer
    // taking a pointer instead (tried) still copied the kept event once per event.
    var kept = KeptEvent(
      id: event.pointee.id, day: day, isClosure: event.pointee.kind == .dayClosed, seq: player.history.nextSeq,
      line: line)
    if keepsSnapshots || keepingResolved { kept.resolved = event.pointee }
    // Appended in place (inserting at the end went through the array's generic replacement).
    player.history.kept.append(consume kept)
    player.history.nextSeq += 1
    player.history.appliedCount += 1
    player.history.ids.append(fingerprint)
    player.history.latestDay = player.history.latestDay.map { Swift.max($0, day) } ?? day
    try fold(&player)
    return .applied(
      makingAwards ? log.awards(eventID: event.pointee.id, player: event.pointee.player, pack: pack) : [])
  }

  /// Puts the player back as it was before a refused event of `day`: the day's snapshot with the
  /// day's kept events applied again (they were applied before, so they apply again).
  private func restoreDay(_ day: Day, isNewDay: Bool, fallback: ProgressBox?, _ player: inout PlayerState) {
    if !player.history.hasAllSnapshots {
      var unused: [Int: PlayerProgress] = [:]
      let kept = player.history.kept[...]
      if let (restored, _) = try? replay(kept, from: player.history.checkpoint, explain: false, snapshots: &unused) {
        player.live = restored
      }
      return
    }
    if let fallback {
      player.live = live(aligned: fallback.progress)
      return
    }
    guard let start = player.history.snapshots[day.number] else { return }
    if isNewDay {
      player.history.snapshots.removeValue(forKey: day.number)
      player.live = live(aligned: start)
      return
    }
    let first = player.history.insertionIndex((day.number, Int.min, Int.min))
    var unused: [Int: PlayerProgress] = [:]
    if let (restored, _) = try? replay(player.history.kept[first...], from: start, explain: false, snapshots: &unused) {
      player.live = restored
    }
  }

  /// Makes a player ready for this engine: a state built by another version of the pack is
  /// re-aligned by name (its window is closed: events before the change are not replayed under
  /// the new rules); one built by a pack of another name is refused. Returns the names of
  /// entries the pack no longer has.
  @discardableResult
  package func bind(_ player: inout PlayerState) throws(EngineError) -> [String] {
    guard player.boundDigest != pack.digest else { return [] }
    var dropped: [String] = []
    if player.pack.digest == pack.digest { try checkLevel(player.live.progress, "progress") }
    if player.pack.digest != pack.digest {
      guard player.pack.name == pack.name else { throw .packMismatch(saved: player.pack.name, current: pack.name) }
      var progress = player.live.progress
      dropped = reconcile(&progress)
      // The level follows the XP under the new curve, never below the level shown.
      pack.levels.keepLevel(&progress.level, xp: &progress.xp)
      player.live.progress = progress
      player.history.checkpoint = progress
      player.history.kept = []
      player.history.snapshots = [:]
      player.history.hasAllSnapshots = true
      player.history.retracted = []
      player.history.epoch += 1
      player.history.replayFloor = progress.today.day.map { $0.adding(1) }
      player.pack = PackStamp(pack)
    }
    player.live = live(player.live.progress)
    // Checked once here: replays start from the checkpoint (or from snapshots made from it).
    if !isAligned(player.history.checkpoint) { _ = reconcile(&player.history.checkpoint) }
    if player.history.resolvedDigest != pack.digest {
      for index in player.history.kept.indices { player.history.kept[index].resolved = nil }
      player.history.resolvedDigest = pack.digest
    }
    player.boundDigest = pack.digest
    return dropped
  }

  /// Refuses a level the pack's curve does not give for the XP (possible only by editing: the
  /// level follows the XP under unchanged rules).
  private func checkLevel(_ progress: PlayerProgress, _ path: String) throws(EngineError) {
    let level = pack.levels.level(forXP: progress.xp)
    guard progress.level == level else {
      throw .invalidState(
        message:
          "'\(path).level' is \(progress.level), but \(progress.xp) XP is level \(level) in rule pack '\(pack.name)'")
    }
  }

  /// Folds the events that left the window into the checkpoint: the checkpoint becomes the
  /// snapshot of the first day still in the window (no event is applied again).
  func fold(_ player: inout PlayerState) throws(EngineError) {
    // The first kept day read in place: this runs after every event (`first` copied the event).
    guard let latest = player.history.latestDay, let firstDay = player.history.kept.firstDay else { return }
    let start = latest.adding(-(player.history.windowDays - 1))
    guard firstDay < start else { return }
    let cut = player.history.insertionIndex((start.number, Int.min, Int.min))
    if cut == player.history.kept.count {
      player.history.checkpoint = player.live.progress
    } else if !player.history.hasAllSnapshots {
      // The progress before the first day kept: the folded events applied to the checkpoint.
      var unused: [Int: PlayerProgress] = [:]
      let folded = player.history.kept[..<cut]
      let replayed = try replay(folded, from: player.history.checkpoint, explain: false, snapshots: &unused)
      player.history.checkpoint = replayed.0.progress
    } else {
      try ensureSnapshots(&player)
      // The day read in place: the subscript copied the kept event (its id, line and resolved
      // form retained and released, each a cache miss for an event kept since 60 days).
      let firstKept = player.history.kept.day(at: cut).number
      player.history.checkpoint = player.history.snapshots[firstKept] ?? player.live.progress
    }
    // A day's events are together: its snapshot is removed once, the days read in place.
    var foldedDay: Int?
    for position in 0..<cut {
      let day = player.history.kept.day(at: position).number
      guard day != foldedDay else { continue }
      player.history.snapshots.removeValue(forKey: day)
      foldedDay = day
    }
    player.history.kept.removeFirst(cut)
    player.history.retracted.removeAll { $0.day < start }
  }

  /// Makes sure every kept day has its snapshot (after loading, snapshots are rebuilt once by
  /// replaying the window from the checkpoint).
  func ensureSnapshots(_ player: inout PlayerState) throws(EngineError) {
    guard !player.history.hasAllSnapshots else { return }
    try resolveAll(&player.history.kept)
    var snapshots: [Int: PlayerProgress] = [:]
    _ = try replay(player.history.kept[...], from: player.history.checkpoint, explain: false, snapshots: &snapshots)
    player.history.snapshots = snapshots
    player.history.hasAllSnapshots = true
  }

  /// Resolves a kept event's line against this pack (the fast decoder first: a kept line is
  /// canonical, so it almost always reads it).
  func resolve(line: String, id: String) throws(EngineError) -> ResolvedEvent {
    var line = line
    if let event = line.withUTF8({ FastEventDecoder(pack: pack).decode($0) }) { return event }
    do {
      return try EventDecoder(pack: pack).resolveFully(line: Array(line.utf8), file: "event '\(id)'", lineNumber: 1)
    } catch {
      throw .invalidEvent(message: "kept event '\(id)': \(error.diagnostics.first?.message ?? "invalid")")
    }
  }

  /// Resolves the kept events that have no resolved form yet.
  func resolveAll(_ events: inout KeptEvents) throws(EngineError) {
    for index in events.indices where events[index].resolved == nil {
      events[index].resolved = try resolve(line: events[index].line, id: events[index].id)
    }
  }

  /// Applies kept events from a progress, resolving them as needed; returns the final player
  /// and, when `explain`, each event's awards. Snapshots of each day's start are recorded.
  func replay(
    _ events: Slice<KeptEvents>, from start: PlayerProgress, explain: Bool, snapshots: inout [Int: PlayerProgress]
  ) throws(EngineError) -> (LivePlayer, [[Award]]) {
    var live = live(aligned: start)
    var log = AwardLog(explain ? .explained : .off)
    var awards: [[Award]] = []
    var lastDay: Day?
    for event in events {
      let resolved: ResolvedEvent
      if let known = event.resolved { resolved = known } else { resolved = try resolve(line: event.line, id: event.id) }
      if lastDay.map({ event.day > $0 }) ?? true {
        snapshots[event.day.number] = live.progress
        lastDay = event.day
      }
      try apply(resolved, to: &live, log: &log)
      if explain {
        awards.append(log.awards(eventID: event.id, player: resolved.player, pack: pack))
        log.removeAll()
      }
    }
    return (live, awards)
  }
}

/// A player's progress held by reference: what a refused event falls back to when the player
/// keeps its snapshots, the event does not begin a new day and that day has no snapshot (made
/// only then).
private final class ProgressBox {
  let progress: PlayerProgress
  init(_ progress: PlayerProgress) { self.progress = progress }
}
