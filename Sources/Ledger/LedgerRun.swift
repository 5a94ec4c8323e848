import Engine
import RuleLanguage

/// Events of one player or of many, applied in batches through a ``BatchStore``: the one road
/// of `fitquest award --state` and `--store`, and of a service that imports the library.
///
/// Each ``commit(deliver:)`` applies the queued events with one replay per player for its late
/// events and retractions (``Engine/record(batch:to:)``), grouping players by the bytes of their
/// ids, then locks the store, applies again the events of players another process changed
/// meanwhile, hands the outcomes to `deliver` in input order, and commits: awards are delivered
/// before the events that produced them are durable, and a crash loses no committed event. A
/// refused event stops the batch at its position: the events before it are committed, the
/// ones after it are not applied.
///
/// A run is used from one thread at a time.
public final class LedgerRun {
  /// Where the players are kept.
  public let store: any BatchStore
  /// The engine that applies the events (of every player, unless ``engines`` chooses).
  public let engine: Engine
  /// Chooses each player's engine in a store whose players follow different packs; nil:
  /// ``engine`` applies every event. (Read for each event queued: set before a run, it skips
  /// the runtime's exclusivity checks.)
  @exclusivity(unchecked) public var engines: (any PlayerEngines)?
  /// Days of events kept for late events, given to every player the run touches (nil: keep
  /// each player's own; new players get 60).
  public let windowDays: Int?
  /// The longest a commit may hold the store's write lock, in milliseconds: a batch whose
  /// delivery and writing would take longer is committed in parts (nil: one part).
  public var maxLockMilliseconds: Int?
  /// How long parts held the lock, measured (a guess until the first part): ``LockCost``.
  private var lockCost = LockCost()
  /// The last part of the batch before, whose commit may have finished on the store's other
  /// thread: its events, and how long it held the lock until its commit began. Measured at the
  /// next lock (``BatchStore/takeCommitHold()``), when the commit's hold is known.
  private var unmeasuredPart: (events: Int, seconds: Double)?
  /// Whether the awards of events applied in date order are delivered as JSON lines
  /// (``Delivered/awardJSON``, exactly ``Award/write(to:)``'s bytes) rather than as ``Award``
  /// values in their outcomes: for a caller that prints NDJSON.
  package var writesAwardJSON = false
  /// With ``writesAwardJSON``, whether a second thread writes a batch's award lines while the
  /// batch applies its other players, and a player's lines in parts while its later events are
  /// applied (``Engine/linesPart``; one player's state file: one call of the engine).
  package var writesAwardJSONAside = false
  private lazy var awardWriter = AwardLineWriter()
  /// Whether a second thread destroys each batch's queued events after its commit, and the
  /// events players' windows drop (``Disposal``): for a caller with a core to spare.
  package var disposesAside = false
  private lazy var disposal = Disposal()
  /// The events handed to the thread that frees (``disposesAside``): queued, and dropped by
  /// players' windows.
  package var eventsFreedAside: Int { disposesAside ? disposal.eventsTaken : 0 }
  /// Called once per player whose saved state needed a warning (the rules changed since it was
  /// saved, entries were dropped), with the player and the message.
  public var onWarning: (PlayerID?, String) -> Void = { _, _ in }

  // The run is used from one thread at a time (LedgerRun is not Sendable): the per-event
  // properties below skip the runtime's exclusivity checks, two calls into it per access.
  @exclusivity(unchecked) var queue = Queued()
  /// The queued events' memory, estimated, against the store's ``BatchStore/batchMemoryBudget``
  /// (read once, when the run starts).
  @exclusivity(unchecked) private var batchMemory = BatchMemory()
  private let batchBudget: Int?
  private var warned: Set<PlayerID?> = []
  /// The player id of the last event added.
  @exclusivity(unchecked) private var lastKey: PlayerID?
  /// Writes the queued events' canonical lines (one buffer for the run).
  @exclusivity(unchecked) private var lineWriter = JSONWriter()

  /// A run over a store.
  public init(store: any BatchStore, engine: Engine, windowDays: Int? = nil) {
    self.store = store
    self.engine = engine
    self.windowDays = windowDays
    batchBudget = store.batchMemoryBudget
  }

  /// Events queued and not yet committed.
  public var pending: Int { queue.count }

  /// The queued event at a position (while its batch is delivered, for a caller's notices).
  package func queuedEvent(at index: Int) -> ResolvedEvent { queue.events[index].event }

  /// Whether the queued events and their players fill the memory the store allows a batch
  /// (``BatchStore/batchMemoryBudget``): commit before adding more. Never before
  /// ``BatchMemory/minimumEvents`` events (a batch holds its players whatever the budget).
  public var isFull: Bool {
    guard let budget = batchBudget else { return false }
    return queue.count >= BatchMemory.minimumEvents && batchMemory.bytes >= budget
  }

  /// Queues an event built in Swift (checked like a decoded line).
  /// - Throws: the engine's refusal of the event's fields; in a store of many players, an event
  ///   without a `player`.
  public func add(_ event: Event) throws(EngineError) {
    try add(engine.resolve(event))
  }

  /// Queues a resolved event. `canonicalLine`: the line it was read from, when the decoder found
  /// it to be the event's canonical line with ``engine``'s pack (it is then kept as it is, not
  /// written again; ignored when ``engines`` chooses the packs). `fingerprint`: the event id's
  /// ``Fingerprint``, when the caller computed it already (on another thread).
  package func add(
    _ event: consuming ResolvedEvent, canonicalLine: consuming String? = nil, fingerprint: Fingerprint? = nil
  ) throws(EngineError) {
    var key: PlayerID?
    if store.keepsPlayersApart {
      guard let text = event.player else {
        throw .invalidEvent(message: "an event needs \"player\" in a store of many players")
      }
      // A player's events often come together (a day's workout, meals and closure): the last
      // id is reused when its bytes are the same, rather than made and checked again.
      if let last = lastKey, last.bytes.withUnsafeBufferPointer({ text.hasSameBytes(as: $0) }) {
        key = last
      } else {
        guard let id = PlayerID(text) else { throw .invalidEvent(message: "'player': \(PlayerID.requirement)") }
        key = id
        lastKey = id
      }
    }
    let line: String
    if engines == nil, let text = canonicalLine.take() {
      // Kept as read (moved, not copied): the engine and its pack are not touched (retaining them for each line
      // moved their reference counts between this thread and the one that read the line).
      line = text
    } else {
      let pack: RulePack
      do {
        pack = try engine(for: key).pack
      } catch {
        throw .invalidEvent(
          message:
            "the rules of player '\(key?.text ?? "")' cannot be read: \(error.diagnostics.first?.message ?? "unknown")")
      }
      line = event.canonicalLine(pack, writer: &lineWriter)
    }
    let id: Fingerprint
    if let fingerprint { id = fingerprint } else { id = Fingerprint(event.id) }
    // Counted only for a budget: reading the count retained the line, the first touch on this
    // thread of a line the reading thread made (a cache miss, 4% of `award --state`'s thread).
    let lineBytes = batchBudget != nil ? line.utf8.count : 0
    // Moved into the queue (passed borrowed, the line was retained for it and released here).
    let isNewPlayer = queue.append(consume event, line: consume line, player: key, fingerprint: id)
    if batchBudget != nil {
      // A store of one player (nil) counts no player's state, as ``BatchMemory`` always did.
      let estimate = isNewPlayer && key != nil ? store.estimatedBytes(of: key) : 0
      batchMemory.add(lineBytes: lineBytes, player: estimate)
    }
  }

  /// The engine that applies a player's events: the one ``engines`` chooses, else ``engine``.
  /// An event of the player must be resolved with its pack.
  /// - Throws: ``LedgerError`` as ``PlayerEngines/engine(for:)``.
  public func engine(for player: PlayerID?) throws(LedgerError) -> Engine {
    guard let engines, let player else { return engine }
    return try engines.engine(for: player)
  }

  /// Applies the queued events, hands their outcomes to `deliver` (in the order the events were
  /// added, each with the corrections that follow it), and commits them.
  /// - Returns: the refused event, if one was: its position among the queued events and why.
  ///   The events before it are committed; it and the ones after it are dropped.
  /// - Throws: ``LedgerError`` when the store cannot be read or written, or what `deliver`
  ///   throws; nothing of the batch is committed then.
  @discardableResult
  public func commit(deliver: ([Delivered]) throws -> Void) throws -> Refusal? {
    guard !queue.isEmpty else { return nil }
    // After the batch (and its hold on the queue) is gone.
    defer { emptyQueue() }
    return try commitQueued(deliver: deliver)
  }

  /// Empties the queue for the next batch; its events are destroyed on the ``Disposal``'s
  /// thread with ``disposesAside``.
  private func emptyQueue() {
    batchMemory.removeAll()
    guard disposesAside else {
      queue.removeAll()
      return
    }
    let events = queue.count
    disposal.dispose(Disposal.Garbage(queue.takeAll()), events: events)
  }

  /// ``commit(deliver:)`` of a queue that is not empty.
  private func commitQueued(deliver: ([Delivered]) throws -> Void) throws -> Refusal? {
    var batch = BatchWork(
      queue, keepsResolved: !store.keepsPlayersApart, writesJSON: writesAwardJSON,
      writer: writesAwardJSONAside ? awardWriter : nil, disposal: disposesAside ? disposal : nil)
    if batchBudget != nil { store.prepareBatch(players: batch.players, eventBytes: batchMemory.eventBytes) }
    for player in batch.players {
      let engine = try engine(for: player)
      try batch.apply(player, from: load(player, engine), engine)
    }
    // The store handed its states over: a player applied again is read as committed.
    let reload = { (player: PlayerID?, engine: Engine) throws(LedgerError) -> PlayerState in
      try self.load(player, engine)
    }
    try batch.stopAtRefusal(from: 0, reload)
    var start = 0
    repeat {
      let stale = try store.lock(for: batch.players(from: start))
      let locked = ContinuousClock.now
      // The batch before's last part: when its commit finished on the store's other thread, it
      // held the lock longer than this thread saw, and counts with that hold; when it finished
      // here, with what this thread measured.
      let hold = store.takeCommitHold()
      if let part = unmeasuredPart {
        lockCost.record(events: part.events, seconds: hold.map(Self.seconds) ?? part.seconds)
        unmeasuredPart = nil
      }
      do {
        if !stale.isEmpty {
          for player in batch.players(from: start) where stale.contains(player) {
            let engine = try engine(for: player)
            try batch.apply(player, from: load(player, engine), at: start, engine)
          }
          try batch.stopAtRefusal(from: start, reload)
        }
        let end = partEnd(from: start, limit: batch.limit)
        try deliver(batch.delivered(start..<end))
        // Handed over one by one in the players' order, each moved out of the list (not copied).
        var changes = batch.changesReversed(start..<end, listingEvents: store.recordsEvents)
        while let change = changes.popLast() { try store.record(consume change) }
        if end == batch.limit {
          for (player, state) in batch.unchanged() { store.restore(player, state) }
        }
        try store.commit()
        // A part before the batch's last: the next part takes the lock at once, so its commit
        // is waited for here (nothing would overlap it), and measured whole.
        if end < batch.limit { try store.finishCommits() }
        let held = Self.seconds(ContinuousClock.now - locked)
        if end < batch.limit {
          // Until its `COMMIT` returned: the wait above also covers the checkpoint after it.
          lockCost.record(events: end - start, seconds: store.takeCommitHold().map(Self.seconds) ?? held)
        } else {
          unmeasuredPart = (end - start, held)
        }
        start = end
      } catch {
        store.rollback()
        throw error
      }
    } while start < batch.limit
    return batch.refusal
  }

  /// Where the part of a batch committed under one hold of the lock ends: as many events as
  /// the holds measured so far allow in ``maxLockMilliseconds`` (with a margin, ``LockCost``),
  /// all of them without a limit.
  /// When the rest needs more than one part, the first part takes what the others leave
  /// (every part within the limit): the last part, whose commit may finish while the next batch
  /// is read (``BatchStore/finishCommits()``), is the largest.
  private func partEnd(from start: Int, limit: Int) -> Int {
    guard let maxLockMilliseconds else { return limit }
    let budget = Double(maxLockMilliseconds) / 1000 * 0.7
    let events = Swift.max(64, lockCost.events(within: budget))
    let rest = limit - start
    guard rest > events else { return limit }
    let parts = (rest + events - 1) / events
    return start + Swift.max(64, rest - (parts - 1) * events)
  }

  private static func seconds(_ elapsed: Duration) -> Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Waits until every commit is durable (``BatchStore/finishCommits()``): after the last
  /// batch, before saying its events were saved.
  /// - Throws: ``LedgerError`` that a commit finishing on the store's other thread failed with
  ///   (nothing of that batch was saved).
  public func finishCommits() throws(LedgerError) {
    try store.finishCommits()
  }

  /// Reads a player and makes it ready for the engine before any event (its warnings reported
  /// now): a state that cannot be read, or one of another pack, fails here rather than at the
  /// first commit.
  /// - Throws: ``LedgerError`` as ``BatchStore/load(_:engine:)`` and ``Ledger/prepare(_:engine:windowDays:)``.
  public func prepare(_ player: PlayerID?) throws(LedgerError) {
    store.restore(player, try load(player, engine(for: player)))
  }

  /// A player's state from the store, ready for the engine (warnings reported once).
  private func load(_ player: PlayerID?, _ engine: Engine) throws(LedgerError) -> PlayerState {
    guard var state = try store.load(player, engine: engine) else {
      return engine.newPlayer(windowDays: windowDays ?? 60)
    }
    let warnings = try Ledger.prepare(&state, engine: engine, windowDays: windowDays)
    if !warnings.isEmpty, warned.insert(player).inserted {
      for warning in warnings { onWarning(player, warning) }
    }
    return state
  }
}

/// One event's outcome as a ``LedgerRun`` delivers it.
public struct Delivered: Sendable {
  /// The event's position among the events queued for the batch.
  public var index: Int
  /// What happened to it.
  public var outcome: EventOutcome
  /// The corrections of its player's late events in the batch (one per group placed together),
  /// after the player's last event of the batch; empty for the player's other events.
  public var corrections: [Award]
  /// With ``LedgerRun/writesAwardJSON``: the outcome's awards as NDJSON lines when its award
  /// list is empty because they were written here (else empty).
  package var awardJSON: ArraySlice<UInt8> = []
}

/// An event a batch refused: its position among the queued events and the engine's reason.
public struct Refusal: Sendable {
  /// The event's position among the events queued for the batch.
  public var index: Int
  /// Why it was refused.
  public var error: EngineError
}
