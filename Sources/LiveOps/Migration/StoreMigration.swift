import Engine
import Ledger
import RuleLanguage
import Store

/// `fitquest migrate`: moves a store's players to a new rule pack by replaying each one's whole
/// logged history under it, adjusting the result by a ``MigrationPolicy``, and writing each
/// player in its own transaction with the pack's digest and the policy recorded. Players already
/// migrated to the pack with the policy are left alone, so a rerun after a crash finishes the
/// rest and a second run changes nothing. Histories are replayed on `threads` threads, each
/// reading its players' histories, migration records and states before through its own
/// read-only connection (the writing connection's thread only streams the ids and writes);
/// players are written in id byte order.
public enum StoreMigration {
  /// What happened to one player.
  public struct Outcome: Sendable {
    /// The player.
    public var player: PlayerID
    /// Whether it was migrated now.
    public var migrated = false
    /// Whether it had been migrated to this pack with this policy before (left alone).
    public var alreadyDone = false
    /// Its events.
    public var events = 0
    /// What the migration changed for the player (nil when nothing visible changed).
    public var change: PlayerImpact?
    /// Why it was not migrated (it is left as it was).
    public var problem: String?
  }

  /// The counts of a run.
  public struct Counts: Sendable {
    /// Players migrated now.
    public var migrated = 0
    /// Of those, players whose level, XP or unlocks changed.
    public var changed = 0
    /// Players migrated to the pack with the policy before.
    public var alreadyDone = 0
    /// Players that could not be migrated (left as they were).
    public var failed = 0
    /// Events replayed.
    public var events = 0

    /// No players yet.
    public init() {}
  }

  /// One player handed to a worker: its history, and whether it is to be migrated (its state
  /// before is then read by the worker) or why not (in its outcome).
  struct Job: Sendable {
    var player: PlayerID
    var history: EventHistory
    var outcome: Outcome
  }

  /// A worker's result: the outcome, and the migrated state with its snapshot already encoded
  /// (nil: the player is left alone).
  struct Migrated: Sendable {
    var outcome: Outcome
    var state: (state: PlayerState, snapshot: [UInt8])?
  }

  /// A worker: its replayer, its own read-only connection to the store, and the packs players
  /// were on, by digest (a store holds a few; read once each). The connection reads with `pread`,
  /// not a memory map: SQLite drops the whole map at every commit of the writing connection.
  final class Worker {
    let replayer: HistoryReplayer
    let store: SQLiteStore
    let policy: MigrationPolicy
    var packs: [String: RulePack?] = [:]

    init(engine: Engine, path: String, policy: MigrationPolicy) throws(LedgerError) {
      replayer = HistoryReplayer(engine: engine)
      store = try SQLiteStore(path: path, access: .readOnly)
      self.policy = policy
    }

    func run(_ player: PlayerID) -> Result<Migrated, LedgerError> {
      let digest = replayer.engine.pack.digest
      do {
        return .success(
          run(try StoreMigration.job(store.loggedHistory(of: player), store: store, digest: digest, policy: policy)))
      } catch let error as LedgerError {
        return .failure(error)
      } catch {
        return .failure(.io(Diagnostic(file: store.path, message: "cannot read player '\(player)': \(error)")))
      }
    }

    func run(_ job: Job) -> Migrated {
      var job = job
      guard job.outcome.problem == nil, !job.outcome.alreadyDone else { return Migrated(outcome: job.outcome) }
      let old: PlayerProgress?
      var oldPack: RulePack?
      do {
        // Only the progress, and only the mechanics a side compares: the policies and the
        // comparison read nothing else of the state before.
        let stored = try store.loadProgress(player: job.player, mechanics: ReplaySide.mechanics)
        old = stored?.progress
        if let digest = stored?.pack.digest {
          if packs[digest] == nil { packs[digest] = .some(try store.pack(digest: digest)) }
          oldPack = packs[digest] ?? nil
        }
      } catch {
        job.outcome.problem = error.diagnostics.first?.message ?? "it cannot be read"
        return Migrated(outcome: job.outcome)
      }
      let (outcome, state) = migrate(job, old: old, oldPack: oldPack, replayer: replayer, policy: policy)
      // Encoded here, not on the writing thread, which every player goes through.
      return Migrated(
        outcome: outcome,
        state: state.map { (state: $0, snapshot: SQLiteStore.migrationSnapshot($0, engine: replayer.engine)) })
    }
  }

  /// Migrates `players` (nil: every player) to `engine`'s pack with `policy`; `each` receives
  /// every player's outcome in id byte order, after its transaction committed.
  /// - Throws: ``LedgerError`` when the store cannot be read or written; what `each` throws.
  public static func run(
    store: SQLiteStore, players: [PlayerID]?, engine: Engine, policy: MigrationPolicy, threads: Int,
    each: (Outcome) throws -> Void
  ) throws -> Counts {
    // A list, not one statement over the log: the writes must not run under an open read.
    let ids = try store.loggedPlayers(try players ?? store.players())
    let workers = try (0..<Swift.max(1, threads)).map { index in
      let worker = try Worker(engine: index == 0 ? engine : engine.isolatedCopy(), path: store.path, policy: policy)
      return { (player: PlayerID) in worker.run(player) }
    }
    var counts = Counts()
    store.mapsFileForReading()
    try store.beginMigration()
    try OrderedPipeline.run(
      workers: workers, window: 64,
      next: { () throws -> PlayerID? in try ids.next() },
      consume: { (migrated: Result<Migrated, LedgerError>) throws in
        let result = try migrated.get()
        var outcome = result.outcome
        if let (state, snapshot) = result.state,
          try !store.migrate(outcome.player, to: state, engine: engine, policy: policy.rawValue, snapshot: snapshot)
        {
          outcome = Outcome(
            player: outcome.player, events: outcome.events,
            problem: "events were applied to it meanwhile; run migrate again")
        }
        count(outcome, into: &counts)
        try each(outcome)
      })
    try store.finishMigration()
    return counts
  }

  static func count(_ outcome: Outcome, into counts: inout Counts) {
    if outcome.alreadyDone { counts.alreadyDone += 1 }
    if outcome.problem != nil { counts.failed += 1 }
    if outcome.migrated && outcome.problem == nil {
      counts.migrated += 1
      counts.events += outcome.events
      if outcome.change != nil { counts.changed += 1 }
    }
  }

  /// A player's job: its history, or why it is left alone.
  static func job(_ logged: LoggedHistory, store: SQLiteStore, digest: String, policy: MigrationPolicy) throws -> Job {
    let history = EventHistory(
      chunks: logged.chunks.map { EventHistory.Chunk(windowDays: $0.windowDays, lines: $0.lines) })
    var job = Job(
      player: logged.player, history: history, outcome: Outcome(player: logged.player, events: history.eventCount))
    if let damage = logged.damage {
      job.outcome.problem = "its stored rows are damaged: \(damage)"
    } else if logged.first > 0 {
      job.outcome.problem =
        "its log starts at event \(logged.first + 1): it was imported with part of its history, which cannot be replayed"
    } else if let record = try store.ruleMigration(of: logged.player), record.digest == digest,
      record.policy == policy.rawValue
    {
      job.outcome.alreadyDone = true
    }
    return job
  }

  /// The migrated state of a player (nil: left alone) and its outcome, from its progress before
  /// (`old`, under `oldPack` when the store has that pack's files).
  static func migrate(
    _ job: Job, old: PlayerProgress?, oldPack: RulePack?, replayer: HistoryReplayer, policy: MigrationPolicy
  ) -> (Outcome, PlayerState?) {
    var outcome = job.outcome
    guard let old else {
      outcome.problem = "the store has no state for it"
      return (outcome, nil)
    }
    let replayed: PlayerState
    do {
      replayed = try replayer.state(of: job.history)
    } catch {
      outcome.problem = "the new pack refuses its history: \(error.description)"
      return (outcome, nil)
    }
    let state = policy.apply(old: old, replayed: replayed, engine: replayer.engine)
    outcome.migrated = true
    let before = ReplaySide(old, pack: oldPack ?? replayer.engine.pack)
    let after = ReplaySide(state.progress, pack: replayer.engine.pack)
    if before != after {
      outcome.change = PlayerImpact(player: job.player.text, base: before, candidate: after, events: outcome.events)
    }
    return (outcome, state)
  }

  /// A player's line of the migration's NDJSON output, for a player whose progress changed:
  /// `{"type":"migration","player","pack":{"name","version","digest"},"policy","level":{"from","to"},
  /// "xp":{"from","to"},"gained":[…],"lost":[…]}`.
  public static func line(_ outcome: Outcome, pack: PackStamp, policy: MigrationPolicy) -> String? {
    guard let change = outcome.change, let before = change.base, let after = change.candidate else { return nil }
    var w = JSONWriter()
    w.object { w in
      w.field("type", "migration")
      w.field("player", outcome.player.text)
      w.key("pack")
      ReplayRules.write(pack, &w)
      w.field("policy", policy.rawValue)
      for (key, from, to) in [("level", Int64(before.level), Int64(after.level)), ("xp", before.xp, after.xp)] {
        w.key(key)
        w.object { w in
          w.field("from", from)
          w.field("to", to)
        }
      }
      for (key, items) in [("gained", change.gained), ("lost", change.lost)] {
        w.key(key)
        w.array { w in
          for item in items { item.write(&w) }
        }
      }
    }
    return w.output
  }
}
