import Engine

/// One batch of a ``LedgerRun`` in memory: the queued events grouped by player (by the bytes of
/// their ids), each player's state before and after, every event's outcome, and the refusal
/// that stops the batch.
struct BatchWork {
  /// The players, in the order of their first event.
  private(set) var players: [PlayerID?] = []
  /// Each player's event positions, ascending.
  private var positions: [[Int]] = []
  private var ordinal: [PlayerID?: Int] = [:]
  private var before: [PlayerState?] = []
  private var after: [PlayerState?] = []
  private var corrections: [Award?] = []
  private var outcomes: [EventOutcome?]
  /// The first refused event; the batch stops before it.
  private(set) var refusal: Refusal?
  private let queue: [LedgerRun.Queued]

  init(_ queue: [LedgerRun.Queued]) {
    self.queue = queue
    outcomes = Array(repeating: nil, count: queue.count)
    for (index, item) in queue.enumerated() {
      if let known = ordinal[item.player] {
        positions[known].append(index)
        continue
      }
      ordinal[item.player] = players.count
      players.append(item.player)
      positions.append([index])
    }
    before = Array(repeating: nil, count: players.count)
    after = before
    corrections = Array(repeating: nil, count: players.count)
  }

  /// Events before this position are applied.
  private var limit: Int { refusal?.index ?? queue.count }

  /// Applies a player's events (those before the refusal) to a state.
  mutating func apply(_ player: PlayerID?, from state: PlayerState, _ engine: Engine) {
    guard let slot = ordinal[player] else { return }
    before[slot] = state
    let mine = positions[slot].prefix { $0 < limit }
    for index in positions[slot] { outcomes[index] = nil }
    var current = state
    let result = engine.record(batch: mine.map { (queue[$0].event, queue[$0].line) }, to: &current)
    for (offset, outcome) in result.outcomes.enumerated() { outcomes[mine[mine.startIndex + offset]] = outcome }
    corrections[slot] = result.correction
    after[slot] = current
    if let failure = result.failure {
      let index = mine[mine.startIndex + failure.index]
      if index < limit { refusal = Refusal(index: index, error: failure.error) }
    }
  }

  /// Applies again, up to the refused event, every player that applied events after it; until
  /// no player has (a player applied again may be refused earlier).
  mutating func stopAtRefusal(_ engine: Engine) {
    while let refusal {
      let overrun = players.indices.filter { slot in positions[slot].contains { $0 > refusal.index && outcomes[$0] != nil } }
      guard !overrun.isEmpty else { return }
      for slot in overrun {
        if let state = before[slot] { apply(players[slot], from: state, engine) }
      }
    }
  }

  /// The outcomes in input order, each player's correction after its last event.
  func delivered() -> [Delivered] {
    var last: [Int: Int] = [:]
    for slot in players.indices {
      if let index = positions[slot].last(where: { $0 < limit }) { last[index] = slot }
    }
    var list: [Delivered] = []
    list.reserveCapacity(limit)
    for index in 0..<limit {
      guard let outcome = outcomes[index] else { continue }
      list.append(Delivered(index: index, outcome: outcome, correction: last[index].flatMap { corrections[$0] }))
    }
    return list
  }

  /// What the batch did to each player that applied an event.
  func changes() -> [PlayerChange] {
    var changes: [PlayerChange] = []
    for (slot, player) in players.enumerated() {
      guard let state = after[slot] else { continue }
      var events: [AppliedEvent] = []
      for index in positions[slot] where index < limit && outcomes[index]?.changedPlayer == true {
        let item = queue[index]
        events.append(AppliedEvent(id: item.event.id, day: item.event.day, line: item.line))
      }
      if !events.isEmpty { changes.append(PlayerChange(player: player, events: events, state: state)) }
    }
    return changes
  }
}
