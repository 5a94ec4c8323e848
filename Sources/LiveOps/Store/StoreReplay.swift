import Engine
import Ledger
import Store

/// `fitquest replay` over a store: every player's logged history (or the players given)
/// replayed under its base pack — the one given, or the pack it is on — and under the candidate,
/// compared and folded into a summary as the players stream past in id byte order, on
/// `threads` threads (the output is the same for any number).
public enum StoreReplay {
  /// One player handed to a worker: its history and the row of its base pack (nil: the given
  /// base), or why it is not replayed.
  struct Job: Sendable {
    var player: String
    var history: EventHistory
    var base: (row: Int64?, engine: Engine)?
    var events: Int
    var problem: PlayerImpact.Problem?
  }

  /// Replays the players and hands each one's impact to `each` in id byte order; returns the
  /// summary. `base` nil: each player's own pack (the pack of its last logged events).
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
    var baseEngines: [Int64: Engine] = [:]
    try OrderedPipeline.run(
      workers: workers, window: 256,
      next: { () throws -> Job? in
        guard let history = try cursor.next() else { return nil }
        return job(history, store: store, base: base, engines: &baseEngines)
      },
      consume: { impact in
        summary.add(impact)
        try each(impact)
      })
    return summary
  }

  /// The job of a player: its history and base engine, or why it is not replayed.
  static func job(_ logged: LoggedHistory, store: SQLiteStore, base: Engine?, engines: inout [Int64: Engine]) -> Job {
    let history = EventHistory(chunks: logged.chunks.map { EventHistory.Chunk(windowDays: $0.windowDays, lines: $0.lines) })
    var job = Job(player: logged.player.text, history: history, base: nil, events: history.eventCount, problem: nil)
    if let damage = logged.damage {
      job.problem = .skipped("its stored rows are damaged: \(damage)")
    } else if logged.chunks.isEmpty {
      job.problem = .skipped("the store has no events of this player")
    } else if logged.first > 0 {
      job.problem = .skipped("its log starts at event \(logged.first + 1): it was imported with part of its history")
    } else if let base {
      job.base = (nil, base)
    } else if let row = logged.chunks.last?.pack {
      if let engine = engines[row] {
        job.base = (row, engine)
      } else {
        do {
          let engine = try store.engine(forPackRow: row)
          engines[row] = engine
          job.base = (row, engine)
        } catch {
          job.problem = .skipped("its own rule pack cannot be used: \(error.diagnostics.first?.message ?? "unreadable")")
        }
      }
    }
    return job
  }

  /// A worker thread's replayers and its own copies of the base engines.
  final class Worker {
    var replayer: ImpactReplayer
    let isolated: Bool
    var copies: [Int64: Engine] = [:]
    var givenBase: Engine?

    init(candidate: Engine, isolated: Bool) {
      replayer = ImpactReplayer(candidate: candidate)
      self.isolated = isolated
    }

    func run(_ job: Job) -> PlayerImpact {
      guard let (row, engine) = job.base, job.problem == nil else {
        return PlayerImpact(player: job.player, problem: job.problem ?? .skipped("no base pack"), events: job.events)
      }
      return replayer.impact(player: job.player, history: job.history, base: own(engine, row: row))
    }

    /// This thread's copy of a base engine (the engine itself on the first thread).
    private func own(_ engine: Engine, row: Int64?) -> Engine {
      guard isolated else { return engine }
      guard let row else {
        if let givenBase { return givenBase }
        givenBase = engine.isolatedCopy()
        return givenBase ?? engine
      }
      if let copy = copies[row] { return copy }
      let copy = engine.isolatedCopy()
      copies[row] = copy
      return copy
    }
  }
}
