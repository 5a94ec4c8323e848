import Engine
import Ledger
import RuleLanguage
import Store

/// `fitquest replay` over a store: every player's logged history (or the players given)
/// replayed under its base pack — the one given, or the pack it is on — and under the candidate,
/// compared and folded into a summary as the players stream past in id byte order, on
/// `threads` threads (the output is the same for any number).
///
/// A player whose stored state the store made under the base pack from its whole log (every
/// logged event applied under that pack, never a pack change or a migration) has that state's
/// progress as its base side when its history applies straight: it is what replaying the base
/// gives, read instead of computed (``ImpactReplayer/impact(player:history:base:stored:)``).
public enum StoreReplay {
  /// One player handed to a worker: its history and its base pack (with a key naming it: nil
  /// for the given base), or why it is not replayed.
  struct Job: Sendable {
    var id: PlayerID
    var player: String
    var history: EventHistory
    var base: (key: String?, engine: Engine)?
    var events: Int
    var problem: PlayerImpact.Problem?
    /// Whether every logged event was applied under the base pack and the player never
    /// migrated: its stored progress may then stand for the base side.
    var isWholeUnderBase = false
  }

  /// Replays the players and hands each one's impact to `each` in id byte order; returns the
  /// summary. `base` nil: each player's own pack (the pack of its last logged events, or the
  /// pack it was migrated to after them). `readsStoredBase` false: every base side is replayed
  /// (the output is the same; the tests compare the two).
  /// - Throws: ``LedgerError`` when the store cannot be read; what `each` throws.
  public static func run(
    store: SQLiteStore, players: [PlayerID]?, candidate: Engine, base: Engine?, threads: Int,
    readsStoredBase: Bool = true, each: (PlayerImpact) throws -> Void
  ) throws -> ImpactSummary {
    // The caller's thread only streams the ids; each worker reads its players' histories (and
    // stored progress) through its own read-only connection, so reading the log runs on every
    // core. Not through a memory map (``SQLiteStore/mapsFileForReading()``): the mapped pages of
    // the store would count in the process's resident memory, which is to stay flat in the players.
    let ids = try store.loggedPlayers(players)
    let workers = try (0..<Swift.max(1, threads)).map { index in
      Worker(
        candidate: index == 0 ? candidate : candidate.isolatedCopy(), isolated: index > 0,
        store: try SQLiteStore(path: store.path, access: .readOnly), base: base, readsStoredBase: readsStoredBase
      ).run
    }
    var summary = ImpactSummary()
    try OrderedPipeline.run(
      workers: workers, window: 256,
      next: { () throws -> PlayerID? in try ids.next() },
      consume: { (result: Result<PlayerImpact, LedgerError>) throws in
        let impact = try result.get()
        summary.add(impact)
        try each(impact)
      })
    return summary
  }

  /// The job of a player: its history and base engine, or why it is not replayed.
  static func job(_ logged: LoggedHistory, store: SQLiteStore, base: Engine?, engines: inout [String: Engine]) -> Job {
    let history = EventHistory(
      chunks: logged.chunks.map { EventHistory.Chunk(windowDays: $0.windowDays, lines: $0.lines) })
    var job = Job(
      id: logged.player, player: logged.player.text, history: history, base: nil, events: history.eventCount,
      problem: nil)
    if let damage = logged.damage {
      job.problem = .skipped("its stored rows are damaged: \(damage)")
    } else if logged.chunks.isEmpty {
      job.problem = .skipped("the store has no events of this player")
    } else if logged.first > 0 {
      job.problem = .skipped("its log starts at event \(logged.first + 1): it was imported with part of its history")
    } else if let base {
      job.base = (nil, base)
      // A given base equal to the pack of every logged event: read the migration record (a
      // damaged one only costs the shortcut).
      if let row = onePack(logged), (try? store.ruleMigration(of: logged.player)) == .some(nil) {
        job.isWholeUnderBase = (try? rowEngine(row, store: store, engines: &engines))?.pack.digest == base.pack.digest
      }
    } else {
      do {
        let record = try store.ruleMigration(of: logged.player)
        job.base = try ownPack(logged, record: record, store: store, engines: &engines)
        job.isWholeUnderBase = record == nil && onePack(logged) != nil
      } catch {
        job.problem = .skipped("its own rule pack cannot be used: \(error.diagnostics.first?.message ?? "unreadable")")
      }
    }
    return job
  }

  /// The pack row of every logged event when they share one, else nil.
  static func onePack(_ logged: LoggedHistory) -> Int64? {
    guard let row = logged.chunks.first?.pack, logged.chunks.allSatisfy({ $0.pack == row }) else { return nil }
    return row
  }

  /// The pack a player is on: the one it was migrated to (`record`), when that came after its
  /// last logged events, else the pack of those.
  static func ownPack(
    _ logged: LoggedHistory, record: RuleMigrationRecord?, store: SQLiteStore, engines: inout [String: Engine]
  ) throws(LedgerError) -> (key: String?, engine: Engine) {
    if let record, record.at >= logged.first + logged.eventCount {
      let key = "digest " + record.digest
      if let engine = engines[key] { return (key, engine) }
      guard let pack = try store.pack(digest: record.digest) else {
        throw .corrupt(
          Diagnostic(
            file: store.path, message: "it was migrated to rule pack \(record.digest), which the store does not have"))
      }
      let engine = Engine(pack: pack)
      engines[key] = engine
      return (key, engine)
    }
    let row = logged.chunks.last?.pack ?? 0
    return ("row \(row)", try rowEngine(row, store: store, engines: &engines))
  }

  /// The engine of the pack in a row of the store (compiled once).
  static func rowEngine(_ row: Int64, store: SQLiteStore, engines: inout [String: Engine]) throws(LedgerError)
    -> Engine
  {
    let key = "row \(row)"
    if let engine = engines[key] { return engine }
    let engine = try store.engine(forPackRow: row)
    engines[key] = engine
    return engine
  }

  /// A worker thread's replayers, its own read-only connection to the store (its players'
  /// histories, migration records, packs and stored progress), and its own base engines.
  final class Worker {
    var replayer: ImpactReplayer
    let store: SQLiteStore
    let givenBase: Engine?
    /// Whether a player's stored progress may stand for its base side.
    let readsStoredBase: Bool
    /// The base engines by their key (a pack row, a digest), compiled once from this thread's
    /// connection (so no other thread uses them).
    var engines: [String: Engine] = [:]

    init(candidate: Engine, isolated: Bool, store: SQLiteStore, base: Engine?, readsStoredBase: Bool) {
      replayer = ImpactReplayer(candidate: candidate)
      self.store = store
      givenBase = base.map { isolated ? $0.isolatedCopy() : $0 }
      self.readsStoredBase = readsStoredBase
    }

    /// The player's impact, or the error that stops the replay (the store cannot be read).
    func run(_ player: PlayerID) -> Result<PlayerImpact, LedgerError> {
      let logged: LoggedHistory
      do {
        logged = try store.loggedHistory(of: player)
      } catch {
        return .failure(error)
      }
      let job = StoreReplay.job(logged, store: store, base: givenBase, engines: &engines)
      guard let (_, engine) = job.base, job.problem == nil else {
        return .success(
          PlayerImpact(player: job.player, problem: job.problem ?? .skipped("no base pack"), events: job.events))
      }
      let stored = stored(job, base: engine)
      return .success(
        replayer.impact(
          player: job.player, history: job.history, base: engine, stored: stored?.progress, storedAt: stored?.at))
    }

    /// The player's stored progress when it is what the base makes of its history's first
    /// events: its snapshot covers them, under the base's pack, with no pack change (a damaged
    /// or unreadable state: nil, and the base is replayed). A snapshot covering the whole log is
    /// decoded only for what a side compares; one covering fewer events whole (the base applies
    /// the rest to it).
    private func stored(_ job: Job, base: Engine) -> (progress: PlayerProgress, at: Int)? {
      guard readsStoredBase, job.isWholeUnderBase else { return nil }
      guard
        let (stored, at) = try? store.storedProgress(
          player: job.id, upTo: job.events, mechanics: ReplaySide.mechanics),
        stored.packChanges == 0, stored.pack.digest.utf8.elementsEqual(base.pack.digest.utf8)
      else { return nil }
      return (stored.progress, at)
    }
  }
}
