import Engine

/// One batch of a ``LedgerRun`` in memory: the queued events grouped by player (by the bytes of
/// their ids), each player's state after its events, every event's outcome, and the refusal
/// that stops the batch. A batch may be committed in parts (positions `start..<end`); a player
/// another process changed meanwhile has its events from the part's start applied again.
///
/// The state before the batch is not kept (holding it would make the engine copy every array
/// it changes): a player applied again after a refusal is read again from the store, as
/// committed.
struct BatchWork {
  /// The players, in the order of their first event, each one's event positions, its index by
  /// id, and each event's player: as the queue grouped them (``LedgerRun/Queued``).
  var players: [PlayerID?] { queue.players }
  private var positions: [[Int]] { queue.positions }
  private var ordinal: [PlayerID?: Int] { queue.ordinal }
  private var owners: [Int] { queue.owners }
  /// Each player's state after its events, and its window (read without copying the state).
  private var after: [PlayerState?] = []
  private var windows: [Int?] = []
  /// The engine that applied each player's events.
  private var engines: [Engine?] = []
  private var corrections: [[Award]] = []
  private var outcomes: [EventOutcome?]
  /// Whether each position's outcome changed its player (read without copying the outcome).
  private var changed: [Bool]
  /// Each player's awards written as JSON lines (``LedgerRun/writesAwardJSON``); each event's
  /// player (slot) and index among its player's events applied.
  private var lines: [AwardLines?] = []
  /// Writes the lines on a second thread (nil: the engine writes them as it applies).
  private let writer: AwardLineWriter?
  /// Players' lines not yet handed to the writer, and the groups handed, in order, each item
  /// with what it is (``Handed``).
  private var group: [(slot: Int, lines: AwardLines)] = []
  private var groupTags: [Handed] = []
  private var handed: [(group: AwardLineGroup, tags: [Handed])] = []
  /// How many times each player was applied (lines handed over by an earlier time are dropped).
  private var applications: [Int] = []
  /// Parts of each player's lines taken back before its last lines (``Engine/linesPart``).
  private var parts: [[AwardLines]] = []
  /// Players whose lines are handed over together: few enough that the last group, written
  /// while the batch waits, is short; enough that handing over costs little.
  static let writerGroup = 64
  private var offsets: [Int]
  /// The first refused event; the batch stops before it.
  private(set) var refusal: Refusal?
  private let queue: LedgerRun.Queued
  /// Whether in-order events keep their resolved form (a store of one player: see
  /// ``Engine/record(batch:to:keepingResolved:)``).
  private let keepsResolved: Bool
  private let writesJSON: Bool

  /// Destroys the events players' windows drop, on its thread, as they are set aside in
  /// `dropped` (nil: the engine destroys them as it goes).
  private let disposal: Disposal?
  private let dropped: DroppedEvents?

  init(
    _ queue: LedgerRun.Queued, keepsResolved: Bool, writesJSON: Bool = false, writer: AwardLineWriter? = nil,
    disposal: Disposal? = nil
  ) {
    self.queue = queue
    self.disposal = disposal
    dropped = disposal.map { _ in DroppedEvents() }
    self.keepsResolved = keepsResolved
    self.writesJSON = writesJSON
    self.writer = writesJSON ? writer : nil
    outcomes = Array(repeating: nil, count: queue.count)
    changed = Array(repeating: false, count: queue.count)
    offsets = Array(repeating: 0, count: queue.count)
    after = Array(repeating: nil, count: players.count)
    windows = Array(repeating: nil, count: players.count)
    engines = Array(repeating: nil, count: players.count)
    corrections = Array(repeating: [], count: players.count)
    lines = Array(repeating: nil, count: players.count)
    applications = Array(repeating: 0, count: players.count)
    parts = Array(repeating: [], count: players.count)
  }

  /// What an item handed to the writer is: a player's lines (or a part of them) of one time it
  /// was applied.
  private struct Handed {
    var application: Int
    var isPart: Bool
  }

  /// Events before this position are applied.
  var limit: Int { refusal?.index ?? queue.count }

  /// The players with events at or after a position (before the refusal).
  func players(from start: Int) -> [PlayerID?] {
    players.indices.filter { slot in positions[slot].contains { $0 >= start && $0 < limit } }.map { players[$0] }
  }

  /// Applies a player's events from position `start` on (those before the refusal) to a state.
  mutating func apply(_ player: PlayerID?, from state: consuming PlayerState, at start: Int = 0, _ engine: Engine) {
    guard let slot = ordinal[player] else { return }
    after[slot] = nil
    engines[slot] = engine
    let mine = positions[slot].filter { $0 >= start && $0 < limit }
    for index in positions[slot] where index >= start {
      outcomes[index] = nil
      changed[index] = false
    }
    var current = consume state
    // The engine reads the player's events in the queue's own list, shared (copying them out
    // retained and released every field of every event, 2–3% of `award --store`).
    let isWhole = mine.count == queue.count
    applications[slot] += 1
    let application = applications[slot]
    // A player with more events than a part: its lines are written in parts as it is applied
    // (one player's state file: one call of the engine, with nothing else to overlap).
    var partsHanded: [AwardLineGroup] = []
    var handPart: ((consuming AwardLines) -> Void)?
    if let writer, mine.count > Engine.linesPart {
      handPart = { part in
        let group = AwardLineGroup([(slot, part)])
        writer.write(group)
        partsHanded.append(group)
      }
    }
    var result = Self.record(&current, droppingInto: dropped) { state in
      engine.record(
        batch: queue.events, positions: isWhole ? nil : mine, to: &state, keepingResolved: keepsResolved,
        writingJSON: writesJSON, deferringJSON: writer != nil, handingParts: handPart, fingerprints: queue.fingerprints)
    }
    if let disposal, let dropped {
      let (storages, events) = dropped.take()
      if !storages.isEmpty { disposal.dispose(Disposal.Garbage(consume storages), events: events) }
    }
    for group in partsHanded { handed.append((group, [Handed(application: application, isPart: true)])) }
    for offset in result.outcomes.indices {
      let index = mine[offset]
      // Moved out of the result (swapped for a payload-free case), not copied.
      var outcome = EventOutcome.duplicate
      swap(&outcome, &result.outcomes[offset])
      changed[index] = outcome.changedPlayer
      outcomes[index] = outcome
      offsets[index] = offset
    }
    corrections[slot] = result.corrections
    lines[slot] = nil
    if let writer, let written = result.lines.take() {
      group.append((slot, written))
      groupTags.append(Handed(application: application, isPart: false))
      if group.count >= Self.writerGroup { hand(to: writer) }
    } else {
      lines[slot] = result.lines
    }
    windows[slot] = current.windowDays
    after[slot] = consume current
    if let failure = result.failure, mine[failure.index] < limit {
      refusal = Refusal(index: mine[failure.index], error: failure.error)
    }
  }

  /// Calls `body` with the state's window setting aside the events it drops in `sink`.
  private static func record(
    _ state: inout PlayerState, droppingInto sink: DroppedEvents?, _ body: (inout PlayerState) -> BatchResult
  ) -> BatchResult {
    state.history.kept.droppedInto = sink
    defer { state.history.kept.droppedInto = nil }
    return body(&state)
  }

  /// Applies again, from position `start` (the part being committed) up to the refused event,
  /// every player that applied events after it, from its state as `reload` reads it (the
  /// store's: what was committed before `start`); until no player has (a player applied again
  /// may be refused earlier).
  mutating func stopAtRefusal(
    from start: Int, _ reload: (PlayerID?, Engine) throws(LedgerError) -> PlayerState
  ) throws(LedgerError) {
    while let refusal {
      let overrun = players.indices.filter { slot in
        positions[slot].contains { $0 > refusal.index && outcomes[$0] != nil }
      }
      guard !overrun.isEmpty else { return }
      for slot in overrun {
        if let engine = engines[slot] {
          apply(players[slot], from: try reload(players[slot], engine), at: start, engine)
        }
      }
    }
  }

  /// Hands over the states of the players no event of the batch changed (to give back to the
  /// store).
  mutating func unchanged() -> [(PlayerID?, PlayerState)] {
    var list: [(PlayerID?, PlayerState)] = []
    for slot in players.indices
    where !positions[slot].contains(where: { $0 < limit && changed[$0] }) {
      if let state = after[slot].take() { list.append((players[slot], state)) }
    }
    return list
  }

  /// Hands the players' lines not yet handed over to the writer.
  private mutating func hand(to writer: AwardLineWriter) {
    guard !group.isEmpty else { return }
    let items = group
    group = []
    let handing = AwardLineGroup(items)
    handed.append((handing, groupTags))
    groupTags = []
    writer.write(handing)
  }

  /// Takes back every player's lines from the writer, written, with their parts (a player
  /// applied again has the lines of its last time; a player's parts are handed over before its
  /// last lines).
  private mutating func collectLines() {
    guard let writer else { return }
    hand(to: writer)
    for (handing, tags) in handed {
      for (position, item) in handing.wait().enumerated() where tags[position].application == applications[item.slot] {
        if tags[position].isPart {
          parts[item.slot].append(item.lines)
          continue
        }
        var written = item.lines
        for part in parts[item.slot] { written.absorb(part) }
        parts[item.slot] = []
        lines[item.slot] = written
      }
    }
    handed = []
  }

  /// The outcomes of positions `range` in input order, each player's corrections after its last
  /// event of the batch.
  mutating func delivered(_ range: Range<Int>) -> [Delivered] {
    collectLines()
    // The player (slot) whose last event of the batch is at each position of the range, else -1.
    var last = [Int](repeating: -1, count: range.count)
    for slot in players.indices {
      if let index = positions[slot].last(where: { $0 < limit }), range.contains(index) {
        last[index - range.lowerBound] = slot
      }
    }
    var list: [Delivered] = []
    list.reserveCapacity(range.count)
    // The lines of the player of the last position read, moved out of the array for each run of
    // its events and back after it: read through the array (`lines[owner]?.lines(at:)`), they
    // were copied (every field retained and released) for every event, and copied once per run,
    // for every three events of many players' interleaved days.
    var linesSlot = -1
    var playerLines: AwardLines?
    defer { if linesSlot >= 0 { lines[linesSlot] = playerLines.take() } }
    for index in range {
      // Moved out, not copied: a position is delivered once (a part's positions come before the
      // next part's, and a refused batch stops before them).
      guard let outcome = outcomes[index].take() else { continue }
      let slot = last[index - range.lowerBound]
      if owners[index] != linesSlot {
        if linesSlot >= 0 { lines[linesSlot] = playerLines.take() }
        linesSlot = owners[index]
        playerLines = lines[linesSlot].take()
      }
      list.append(
        Delivered(
          index: index, outcome: outcome, corrections: slot >= 0 ? corrections[slot] : [],
          awardJSON: playerLines?.lines(at: offsets[index]) ?? []))
    }
    return list
  }

  /// What positions `range` did to each player that applied an event there, in the players'
  /// order **reversed** (the last player first, so that a caller hands them on by `popLast()`,
  /// moving each out rather than copying it); the state after the batch goes with the part that
  /// holds the player's last event (handed over: the store keeps it, the batch no longer has it).
  /// `listingEvents` false: the changes' event lists are left empty (``BatchStore/recordsEvents``).
  mutating func changesReversed(_ range: Range<Int>, listingEvents: Bool = true) -> [PlayerChange] {
    var changes: [PlayerChange] = []
    changes.reserveCapacity(players.count)
    for slot in players.indices.reversed() {
      let player = players[slot]
      var events: [AppliedEvent] = []
      var applied = false
      if listingEvents {
        events.reserveCapacity(positions[slot].count)
        // Read in place (``BatchItems``): reading the queue's elements copied each one whole.
        queue.events.withUnsafeBufferPointer { buffer in
          let items = BatchItems(buffer)
          for index in positions[slot] where range.contains(index) && changed[index] {
            let event = items.event(index)
            events.append(AppliedEvent(id: event.pointee.id, day: event.pointee.day, line: items.line(index).pointee))
          }
        }
        applied = !events.isEmpty
      } else {
        applied = positions[slot].contains { range.contains($0) && changed[$0] }
      }
      let lastApplied = positions[slot].last { $0 < limit && changed[$0] }
      let isLast = lastApplied.map { range.contains($0) } ?? false
      if applied {
        // The window read from its own list: read through the optional state, the whole state was
        // copied (every field retained and released) for each player.
        changes.append(
          PlayerChange(
            player: player, events: events, state: isLast ? after[slot].take() : nil, engine: engines[slot],
            windowDays: windows[slot]))
      }
    }
    return changes
  }
}
