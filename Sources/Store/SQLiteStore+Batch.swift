import Engine
import Ledger
import RuleLanguage

/// The store as a backend of the ledger's batch path (``LedgerRun``): players handed out from the
/// cache or read, one write transaction per commit in which each player's applied events are
/// appended to the log (and its snapshot written when its log has grown by
/// ``Options/snapshotEvery`` events), players kept in memory between batches within
/// ``Options/cacheBytes``.
extension SQLiteStore: BatchStore {
  /// A store holds many players: every event names its own.
  public var keepsPlayersApart: Bool { true }

  /// A player from the cache, or read from the store (snapshot and log): the state is handed
  /// over, not copied (the cache keeps the player's entry and takes the state back at
  /// ``record(_:)`` or ``restore(_:_:)``). Asked for again before that, the player is read from
  /// the store: its state as committed.
  public func load(_ player: PlayerID?, engine: Engine) throws(LedgerError) -> PlayerState? {
    guard let player else {
      throw .corrupt(Diagnostic(file: path, message: "a store of many players needs a player id"))
    }
    mutex.lock()
    defer { mutex.unlock() }
    currentEngine = engine
    let entry = cache.entry(player)
    if let entry {
      if entry.isNew { return nil }
      if let state = cache.take(player) { return state }
    }
    try settle()
    do {
      guard let stored = try read(player, engine: engine) else {
        cache.putNew(player, verified: generation)
        return nil
      }
      // Read again while its state is out: the entry stays as it is.
      guard entry == nil else { return stored.state }
      cache.put(
        player, state: stored.state, head: stored.head, at: stored.at, isNew: false, verified: generation,
        saved: stored.savedIDs.map { PlayerCache.SavedIDs(count: $0, asOf: generation) })
      cache.setLogged(player, stored.logged)
      return cache.take(player)
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// Starts a write transaction (`BEGIN IMMEDIATE`, waiting ``Options/waitMilliseconds``), and
  /// returns (and forgets) the players whose logged events differ from what this process holds:
  /// any player not verified since another process's last commit is compared with the store.
  /// Commits of this process alone never make a player stale: when the store's commit count is
  /// the one this process left, no player is read (a batch committed in parts, or players that
  /// skipped a batch, cost nothing here).
  public func lock(for players: [PlayerID?]) throws(LedgerError) -> Set<PlayerID?> {
    guard !isReadOnly else {
      throw .io(Diagnostic(file: path, message: "cannot apply events: the store was opened read-only"))
    }
    mutex.lock()
    do throws(LedgerError) {
      try settle()
    } catch {
      mutex.unlock()
      throw error
    }
    do {
      try database.execute("BEGIN IMMEDIATE")
    } catch {
      mutex.unlock()
      throw failure(error, "cannot start a transaction")
    }
    lockedAt = .now
    inTransaction = true
    packsAtBegin = packs
    do {
      try noteGeneration()
      var stale: Set<PlayerID?> = []
      for case let player? in players {
        guard let held = cache.entries[player] else {
          stale.insert(player)
          continue
        }
        guard held.verified < foreignGeneration else { continue }
        if try storedHead(player) == held.head {
          cache.verified(player, at: generation)
        } else {
          cache.remove(player)
          stale.insert(player)
        }
      }
      return stale
    } catch {
      rollback()
      throw error.isAboutContents
        ? .corrupt(Diagnostic(file: path, message: error.message)) : failure(error, "cannot read the store")
    }
  }

  /// Appends the player's applied events to the log (and its row when it is new); writes its
  /// snapshot when its log has grown by ``Options/snapshotEvery`` events since the last.
  public func record(_ change: consuming PlayerChange) throws(LedgerError) {
    guard let player = change.player, let engine = change.engine ?? currentEngine, inTransaction,
      let held = cache.entry(player)
    else {
      throw .io(Diagnostic(file: path, message: "a change recorded outside a transaction, or of a player never read"))
    }
    var state = change.state.take()
    do {
      if held.isNew { try writePlayerRow(player, at: 0, snapshot: nil, isNew: true) }
      let lines = change.events.map(\.line)
      // Read from the state in place (optional chaining): `state.map(PlayerSummary.init)`, or
      // binding it, copied it whole (every array retained), for each log row.
      let summary = state?.summary
      let row = PendingLogRow(
        player: player, seq: held.head, pack: try packID(for: engine),
        windowDays: change.windowDays ?? state?.windowDays ?? held.windowDays, lines: lines, summary: summary)
      // With commits aside, written when the transaction commits, on the commit's thread.
      if commitsAside { pendingLog.append(row) } else { try write(row) }
      cache.appendLogged(player, lines, from: held.head)
      touched.insert(player)
      let head = held.head + change.events.count
      guard let after = state.take() else {
        // More of the batch follows in a later part: the state comes with it.
        cache.advance(player, to: head, verified: generation + 1)
        awaitingState.insert(player)
        return
      }
      awaitingState.remove(player)
      cache.put(
        player, state: consume after, head: head, at: held.at, isNew: false, verified: generation + 1, saved: held.saved
      )
      if head - held.at >= options.snapshotEvery, let entry = cache.entry(player), let state = cache.states[player] {
        try writeSnapshot(player, entry, state)
      }
    } catch {
      throw failure(error, "cannot save player '\(player)'")
    }
  }

  /// Commits the transaction (counting it in `fitquest_head`), then brings the cache within its
  /// budget when it is over it (``evict(downTo:)``). When players that held an eighth of the
  /// cache's budget left it since the heap's free pages were last given back to the system
  /// (``FreeHeapPages``), they are given back (at every commit that some left, 100,000 players ×
  /// 2 days through `--cache-mb 256` ran 7.6% slower and peaked no lower): now rather
  /// than as they leave, once the players this batch read took what they freed where they could
  /// (given back as they left, the pages were faulted in again by the players read next: 10,000
  /// players × 30 days through `--cache-mb 256` took 14.6 s of system time that way, 7.3 s this
  /// way, 5.3 s giving nothing back).
  public func commit() throws(LedgerError) {
    guard inTransaction else { return }
    defer {
      if bytesLeft > 0, bytesLeft >= cache.limit / 8 {
        bytesLeft = 0
        FreeHeapPages.release()
      }
    }
    if commitsAside && !cache.isOverBudget {
      commitAside()
      mutex.unlock()
      return
    }
    do {
      // Rows left by commits aside when this one commits here (the cache over its budget).
      for row in pendingLog { try write(row) }
      pendingLog = []
      try database.execute("UPDATE fitquest_head SET generation = generation + 1")
      try database.execute("COMMIT")
      generation += 1
    } catch {
      rollback()
      throw failure(error, "cannot commit; nothing of this batch was saved")
    }
    inTransaction = false
    touched.removeAll()
    mutex.unlock()
    if cache.isOverBudget { evict(downTo: cache.limit * 4 / 5) }
  }

  /// Puts back a player's state that a batch loaded and applied no event to.
  public func restore(_ player: PlayerID?, _ state: consuming PlayerState) {
    guard let player, !awaitingState.contains(player) else { return }
    mutex.lock()
    defer { mutex.unlock() }
    cache.restore(player, state)
  }

  /// Abandons the transaction; the players it changed, and those whose state a batch holds,
  /// are read again when next needed.
  public func rollback() {
    guard inTransaction else { return }
    try? database.execute("ROLLBACK")
    pendingLog = []
    packs = packsAtBegin
    for player in touched.union(awaitingState) { cache.remove(player) }
    cache.removeTaken()
    touched.removeAll()
    awaitingState.removeAll()
    inTransaction = false
    mutex.unlock()
  }

  /// Writes the snapshot of every cached player whose log grew by at least `minimum` events
  /// since its snapshot, in one transaction (what a run does when it ends).
  public func saveSnapshots(minimum: Int = 1) throws(LedgerError) {
    let players = cache.entries.filter {
      !$0.value.isNew && $0.value.tail >= Swift.max(1, minimum) && cache.states[$0.key] != nil
    }.keys.sorted()
    guard !players.isEmpty else { return }
    do {
      try writing("cannot save snapshots", counted: true) { () throws(SQLiteError) in
        try writeSnapshots(players, touching: true)
      }
    } catch {
      // Their entries say snapshots were written: they are read again as committed.
      for player in players { cache.remove(player) }
      throw error
    }
  }

  /// Brings the cache to `target` bytes: players shed what they can rebuild, then leave
  /// (``PlayerCache/leaving(downTo:keeping:)``); those whose log grew by an eighth of
  /// ``Options/snapshotEvery`` since their snapshot get one first (as when a run ends), the
  /// others are read back from their snapshot and the few events logged after it. Players of
  /// `keeping` (a batch's, about to be read) stay. What they free that stays free is given back
  /// to the system when the batch commits (``FreeHeapPages``).
  func evict(downTo target: Int, keeping: Set<PlayerID> = []) {
    let keeping = keeping.union(awaitingState)
    cache.shrink(downTo: target, keeping: keeping)
    let leaving = cache.leaving(downTo: target, keeping: keeping)
    let minimum = Swift.max(1, options.snapshotEvery / 8)
    let unsaved = leaving.filter {
      (cache.entries[$0]?.tail ?? 0) >= minimum && cache.entries[$0]?.isNew == false
    }
    if !unsaved.isEmpty {
      // Without its snapshot a player is still exact (its log replays): a failure here loses nothing.
      try? writing("cannot save snapshots", counted: true) { () throws(SQLiteError) in
        try writeSnapshots(unsaved, touching: false)
      }
    }
    for player in leaving {
      bytesLeft += cache.entries[player]?.bytes ?? 0
      cache.remove(player)
    }
  }
}
