import Engine
import Ledger
import LiveOps
import RuleLanguage
import Store

extension AwardCommand {
  /// Warnings printed for players before the rest are counted (a rule change warns every player).
  static let warningLimit = 10

  /// `award --store`: the events of many players into one SQLite store, through the same
  /// ``LedgerRun`` as `--state`.
  static func runStore(
    path: String, engine loadEngine: () throws -> Engine, rulesGiven: Bool, reader: LineReader, format: OutputFormat,
    today: Day, window: Int?, commitEvery: Int,
    partition: Partition?, options: SQLiteStore.Options, maxLockMilliseconds: Int, allowLate: Bool
  ) throws -> Int32 {
    let store: SQLiteStore
    let (engine, cohorts): (Engine, CohortEngines?)
    // Lines read ahead (the next batch's, while this one is applied) come out of --cache-mb.
    let readAheadBytes = Self.readAheadShare(of: options.cacheBytes)
    var storeOptions = options
    storeOptions.cacheBytes -= readAheadBytes
    do {
      store = try SQLiteStore(path: path, options: storeOptions)
      (engine, cohorts) = try storeEngines(store, rulesGiven: rulesGiven, load: loadEngine)
    } catch let error as LedgerError {
      return report(error, path: path, waitedMilliseconds: options.waitMilliseconds)
    }
    let run = LedgerRun(store: store, engine: engine, windowDays: window)
    run.engines = cohorts
    run.maxLockMilliseconds = maxLockMilliseconds
    var warned = 0
    run.onWarning = { player, warning in
      warned += 1
      guard warned <= warningLimit else { return }
      Console.error.line(Award.escapingControls("warning: player '\(player?.text ?? "")': \(warning)"))
    }
    var session = AwardSession(run: run, format: format, file: reader.name, batchSize: commitEvery)
    // A batch holds many players: their award lines are written beside the engine, and its
    // commit finishes on another thread while the next batch is read and applied.
    run.writesAwardJSONAside = true
    store.commitsAside = true
    let status = try apply(
      reader, into: &session, today: today, partition: partition, path: path,
      waitedMilliseconds: options.waitMilliseconds, readAheadBytes: readAheadBytes)
    if warned > warningLimit {
      Console.error.line("warning: \(warned - warningLimit) more player(s) were saved with other rules")
    }
    if status == nil {
      do {
        try store.saveSnapshots(minimum: max(1, options.snapshotEvery / 8))
      } catch {
        return report(error, path: path, waitedMilliseconds: options.waitMilliseconds)
      }
    }
    Console.error.line("\(session.counts.summary); store: \(path)")
    store.closeForExit()
    return status ?? droppedStatus(session.counts, allowLate: allowLate)
  }
}

extension AwardCommand {
  /// The share of a memory bound (`--cache-mb`) that lines read ahead may hold: an eighth, at
  /// most 128 MB (about 120,000 lines of 10,000 players × 30 days), from the default bound
  /// (1,024 MB) up; none under it. The share comes out of the players', so a store whose players
  /// just fit a bound pages with it: 100,000 players through 256 MB took a fifth more CPU with
  /// 32 MB read ahead, 10,000 players × 30 days through 512 MB 70% more with 64 MB.
  static func readAheadShare(of cacheBytes: Int) -> Int {
    cacheBytes < 1024 << 20 ? 0 : Swift.min(cacheBytes / 8, 128 << 20)
  }
}
