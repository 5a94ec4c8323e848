import Engine

extension LedgerRun {
  /// The queued events, each with its canonical line, in the form ``Engine/record(batch:to:)``
  /// takes (a batch of one player is handed to the engine whole, not copied event by event),
  /// each one's fingerprint, and the events grouped by player (by the bytes of their ids) as
  /// they come: a player's id is hashed once per run of its events, for the batch's grouping
  /// (``BatchWork``) and its memory (``BatchMemory``) alike.
  struct Queued {
    var events: [(event: ResolvedEvent, line: String)] = []
    /// Each event id's fingerprint (``Engine/record(batch:positions:to:keepingResolved:writingJSON:deferringJSON:quiet:handingParts:fingerprints:)``).
    var fingerprints: [Fingerprint] = []
    /// The players, in the order of their first event.
    private(set) var players: [PlayerID?] = []
    /// Each player's event positions, ascending.
    private(set) var positions: [[Int]] = []
    /// Each event's player (its index in ``players``).
    private(set) var owners: [Int] = []
    private(set) var ordinal: [PlayerID?: Int] = [:]

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }

    /// Queues an event of `player`; true when it is the player's first of the batch.
    @discardableResult
    mutating func append(
      _ event: consuming ResolvedEvent, line: consuming String, player: PlayerID?, fingerprint: Fingerprint
    ) -> Bool {
      let index = events.count
      events.append((consume event, consume line))
      fingerprints.append(fingerprint)
      // A run of one player's events (every event of a state file's batch) is grouped without
      // hashing the player again.
      if let last = owners.last, players[last] == player {
        positions[last].append(index)
        owners.append(last)
        return false
      }
      if let known = ordinal[player] {
        positions[known].append(index)
        owners.append(known)
        return false
      }
      ordinal[player] = players.count
      owners.append(players.count)
      players.append(player)
      // Room for a few events (a day's workout, meals and closure): a list grown one by one from
      // one position was copied at 2, 4 and 8.
      var list = [index]
      list.reserveCapacity(8)
      positions.append(list)
      return true
    }

    /// Empties the queue, keeping its room for the next batch when this one filled at least
    /// half of it: a batch ended early by memory (``LedgerRun/isFull``) after a larger one does
    /// not keep the larger one's room. With `--cache-mb 512`, 10,000 players × 30 days went from
    /// a first batch of 190,000 events (no player cached yet) to batches of 20,000–40,000, and
    /// the first one's room (about 60 MB of heap in use, every page touched) stayed for the
    /// whole run.
    mutating func removeAll() {
      let keepsRoom = keepsRoom
      events.removeAll(keepingCapacity: keepsRoom)
      fingerprints.removeAll(keepingCapacity: keepsRoom)
      owners.removeAll(keepingCapacity: keepsRoom)
      players.removeAll(keepingCapacity: keepsRoom)
      positions.removeAll(keepingCapacity: keepsRoom)
      ordinal.removeAll(keepingCapacity: keepsRoom)
    }

    /// Whether the queue's room is kept for the next batch: this one filled at least half of it.
    private var keepsRoom: Bool { events.count * 2 >= events.capacity }

    /// The queue, taken whole (to be destroyed elsewhere: ``Disposal``), leaving it empty with
    /// room as ``removeAll()`` keeps it.
    mutating func takeAll() -> Queued {
      var taken = Queued()
      swap(&taken, &self)
      if taken.keepsRoom {
        events.reserveCapacity(taken.events.capacity)
        fingerprints.reserveCapacity(taken.fingerprints.capacity)
        owners.reserveCapacity(taken.owners.capacity)
        players.reserveCapacity(taken.players.capacity)
        positions.reserveCapacity(taken.positions.capacity)
        ordinal.reserveCapacity(taken.ordinal.capacity)
      }
      return taken
    }
  }
}
