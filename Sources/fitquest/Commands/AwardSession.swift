import Engine
import Ledger
import RuleLanguage

/// One `award` run, with `--state` or `--store` alike: events queued into the library's
/// ``LedgerRun``, each batch committed after its awards and notices were printed (in input
/// order) and flushed. A refused event is reported at its line, the events before it saved.
struct AwardSession {
  let run: LedgerRun
  let file: String
  /// Events per batch (one commit each).
  let batchSize: Int
  var counts: AwardCounts
  /// The queued events' ids and line numbers (a refused event is reported by them; the events
  /// themselves stay in the run, read back for their notices).
  private var ids: [String] = []
  private var lineNumbers: [Int] = []
  /// The line of the event the engine refused, if one was.
  private(set) var failedLine: Int?
  /// The counts before the last batch committed, while its commit may still be finishing on
  /// the store's other thread (nil once it is durable).
  private var unsaved: AwardCounts?

  init(run: LedgerRun, format: OutputFormat, file: String, batchSize: Int) {
    self.run = run
    self.file = file
    self.batchSize = batchSize
    counts = AwardCounts(format: format)
    run.writesAwardJSON = format == .ndjson
  }

  /// Queues an event (with its line when that is already its canonical line); a full batch is
  /// committed.
  mutating func add(
    _ event: consuming ResolvedEvent, canonicalLine: consuming String?, fingerprint: Fingerprint? = nil, number: Int
  ) throws {
    let id = event.id
    do {
      try run.add(consume event, canonicalLine: canonicalLine.take(), fingerprint: fingerprint)
    } catch {
      throw AwardCommand.diagnostic(error, eventID: id, file: file, line: number)
    }
    ids.append(id)
    lineNumbers.append(number)
    if run.pending >= batchSize || run.isFull { try commit() }
  }

  /// Commits the queued events: their outcomes printed in input order and flushed first (when
  /// standard output fails, exit 74 and nothing of the batch is saved). A refused event is
  /// thrown as a diagnostic at its line, after the events before it were committed.
  mutating func commit() throws {
    guard run.pending > 0 else { return }
    // The batch before is durable before this one is applied (with --store its commit finished
    // on another thread while this batch was read), or before it is delivered (a state file's
    // save finishes while this batch is applied): its failure is reported as the error.
    let waitsToDeliver = run.store.appliesWhileCommitting
    if !waitsToDeliver { try finishCommits() }
    let before = counts
    var delivered = counts
    defer {
      ids.removeAll(keepingCapacity: true)
      lineNumbers.removeAll(keepingCapacity: true)
    }
    let run = self.run
    let refusal = try run.commit { outcomes in
      if waitsToDeliver { try finishCommits() }
      // Read in place: iterating would copy each item (its outcome, awards and lines).
      outcomes.withUnsafeBufferPointer { items in
        for index in items.indices {
          delivered.report(items[index].outcome, json: items[index].awardJSON) {
            run.queuedEvent(at: items[index].index)
          }
          for correction in items[index].corrections { delivered.print(correction) }
        }
      }
      try AwardCounts.flushAwards(unsaved: outcomes.count)
    }
    counts = delivered
    unsaved = before
    if let refusal {
      failedLine = lineNumbers[refusal.index]
      throw AwardCommand.diagnostic(
        refusal.error, eventID: ids[refusal.index], file: file, line: lineNumbers[refusal.index])
    }
  }

  /// Waits until the last batch is durable (``LedgerRun/finishCommits()``). When its commit
  /// failed, the counts go back to what was saved before it (the error says the batch was not
  /// saved; the summary must not count it).
  mutating func finishCommits() throws {
    do {
      try run.finishCommits()
    } catch {
      if let unsaved {
        let otherPartition = counts.otherPartition
        counts.absorbTotals(of: unsaved)
        counts.otherPartition = otherPartition
      }
      unsaved = nil
      throw error
    }
    unsaved = nil
  }

  /// `--today`: an event dated after tomorrow is refused at its date (a wrong device clock would
  /// otherwise move the window and drop every real event after it).
  struct DateCheck {
    let today: Day

    func check(_ event: ResolvedEvent, _ line: ArraySlice<UInt8>, file: String, line number: Int)
      throws(DiagnosticError)
    {
      guard event.day > today.adding(1) else { return }
      let line = Array(line)
      let source = SourceFile(name: file, bytes: line, firstLine: number)
      let offset = (try? JSONReader.parse(line)).map { EventDecoder.offset(of: "date", in: $0) } ?? 0
      throw DiagnosticError(
        Diagnostic(
          in: source, offset: offset,
          message:
            "event dated \(event.day.iso) is after today (\(today.iso)) plus one day; check the device's clock, or pass --today"
        ))
    }
  }
}

extension CommandFailure {
  /// Prints the failure and returns its exit code.
  func report() -> Int32 {
    Console.error.line("error: \(message)")
    return code
  }
}
