import Engine
import Ledger
import RuleLanguage
import Store

extension AwardCommand {
  /// `award --store`: the events of many players into one SQLite store.
  static func runStore(
    path: String, engine: Engine, reader: LineReader, format: OutputFormat, today: Day, window: Int?, commitEvery: Int,
    partition: Partition?, allowLate: Bool
  ) throws -> Int32 {
    let store: SQLiteStore
    do {
      store = try SQLiteStore(path: path)
    } catch {
      return report(error, path: path)
    }
    var run = StoreAward(store: store, engine: engine, format: format, windowDays: window, partition: partition, file: reader.name)
    let dates = AwardSession.DateCheck(today: today)
    do {
      while let line = try reader.nextLine() {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let bytes = Array(line)
        let event = try EventDecoder(pack: engine.pack).resolve(line: bytes, file: reader.name, lineNumber: reader.lineNumber)
        try dates.check(event, bytes, file: reader.name, line: reader.lineNumber)
        try run.add(event, line: bytes, number: reader.lineNumber)
        if run.pending >= commitEvery { try run.commitBatch() }
      }
      try run.commitBatch()
    } catch let failure as CommandFailure {
      return failure.report()
    } catch let error as LedgerError {
      return report(error, path: path)
    } catch let error as DiagnosticError {
      var reported = error
      do {
        try run.commitBatch()
      } catch let earlier as DiagnosticError {
        reported = earlier
      } catch let failure as CommandFailure {
        return failure.report()
      } catch let error as LedgerError {
        return report(error, path: path)
      }
      Console.error.diagnostics(reported.diagnostics)
      let line = run.failedLine ?? reader.lineNumber
      Console.error.line(
        "note: \(run.counts.applied) event(s) before line \(line) were applied and saved; fix the line (or the rules) and run the same command again (applied events are skipped)")
      Console.error.line("\(run.counts.summary); store: \(path)")
      return ExitCode.dataError
    }
    Console.error.line("\(run.counts.summary); store: \(path)")
    guard run.counts.dropped > 0, !allowLate else { return ExitCode.success }
    Console.error.line(
      "error: \(run.counts.dropped) event(s) dated before the replay window were not applied (see the 'dropped' lines); pass --allow-late to accept that")
    return ExitCode.dropped
  }
}
