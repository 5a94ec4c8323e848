import Engine
import Ledger
import RuleLanguage
import Store

/// `fitquest replay` over a store: every player's logged history (or the players given)
/// replayed under its base pack — the one given, or the pack it is on — and under the candidate,
/// compared and folded into a summary as the players stream past in id byte order, on
/// `threads` threads (the output is the same for any number).
public enum StoreReplay {
  /// One player handed to a worker: its history and its base pack (with a key naming it: nil
  /// for the given base), or why it is not replayed.
  struct Job: Sendable {
    var player: String
    var history: EventHistory
    var base: (key: String?, engine: Engine)?
    var events: Int
    var problem: PlayerImpact.Problem?
  }

  /// Replays the players and hands each one's impact to `each` in id byte order; returns the
  /// summary. `base` nil: each player's own pack (the pack of its last logged events, or the
  /// pack it was migrated to after them).
  /// - Throws: ``LedgerError`` when the store cannot be read; what `each` throws.
  public static func run(
    store: SQLiteStore, players: [PlayerID]?, candidate: Engine, base: Engine?, threads: Int,
    each: (PlayerImpact) throws -> Void
  ) throws -> ImpactSummary {
    let cursor = try store.histories(of: players)
    let workers = (0..<Swift.max(1, threads)).map { index in
      Worker(candidate: index == 0 ? candidate : candidate.isolatedCopy(), isolated: index > 0).run
    }
    var summary = ImpactSummary()
    var baseEngines: [String: Engine] = [:]
    try OrderedPipeline.run(
      workers: workers, window: 256,
      next: { () throws -> Job? in
        guard let history = try cursor.next() else { return nil }
        return try job(history, store: store, base: base, engines: &baseEngines)
      },
      consume: { impact in
        summary.add(impact)
        try each(impact)
      })
    return summary
  }

  /// The job of a player: its history and base engine, or why it is not replayed.
  static func job(_ logged: LoggedHistory, store: SQLiteStore, base: Engine?, engines: inout [String: Engine]) throws
    -> Job
  {
    let history = EventHistory(
      chunks: logged.chunks.map { EventHistory.Chunk(windowDays: $0.windowDays, lines: $0.lines) })
    var job = Job(player: logged.player.text, history: history, base: nil, events: history.eventCount, problem: nil)
    if let damage = logged.damage {
      job.problem = .skipped("its stored rows are damaged: \(damage)")
    } else if logged.chunks.isEmpty {
      job.problem = .skipped("the store has no events of this player")
    } else if logged.first > 0 {
      job.problem = .skipped("its log starts at event \(logged.first + 1): it was imported with part of its history")
    } else if let base {
      job.base = (nil, base)
    } else {
      do {
        job.base = try ownPack(logged, store: store, engines: &engines)
      } catch {
        job.problem = .skipped("its own rule pack cannot be used: \(error.diagnostics.first?.message ?? "unreadable")")
      }
    }
    return job
  }

  /// The pack a player is on: the one it was migrated to, when that came after its last logged
  /// events, else the pack of those.
  static func ownPack(_ logged: LoggedHistory, store: SQLiteStore, engines: inout [String: Engine]) throws(LedgerError)
    -> (key: String?, engine: Engine)
  {
    if let record = try store.ruleMigration(of: logged.player), record.at >= logged.first + logged.eventCount {
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
    let key = "row \(row)"
    if let engine = engines[key] { return (key, engine) }
    let engine = try store.engine(forPackRow: row)
    engines[key] = engine
    return (key, engine)
  }

  /// A worker thread's replayers and its own copies of the base engines.
  final class Worker {
    var replayer: ImpactReplayer
    let isolated: Bool
    var copies: [String: Engine] = [:]
    var givenBase: Engine?

    init(candidate: Engine, isolated: Bool) {
      replayer = ImpactReplayer(candidate: candidate)
      self.isolated = isolated
    }

    func run(_ job: Job) -> PlayerImpact {
      guard let (key, engine) = job.base, job.problem == nil else {
        return PlayerImpact(player: job.player, problem: job.problem ?? .skipped("no base pack"), events: job.events)
      }
      return replayer.impact(player: job.player, history: job.history, base: own(engine, key: key))
    }

    /// This thread's copy of a base engine (the engine itself on the first thread).
    private func own(_ engine: Engine, key: String?) -> Engine {
      guard isolated else { return engine }
      guard let key else {
        if let givenBase { return givenBase }
        givenBase = engine.isolatedCopy()
        return givenBase ?? engine
      }
      if let copy = copies[key] { return copy }
      let copy = engine.isolatedCopy()
      copies[key] = copy
      return copy
    }
  }
}
