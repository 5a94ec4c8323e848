import Engine
import Ledger
import RuleLanguage

/// One `award` run: applies events, prints their awards and notices, and saves each batch only
/// after its awards were written and flushed.
struct AwardSession {
  let ledger: Ledger
  let format: OutputFormat
  let today: Day
  let statePath: String
  var counts: AwardCounts
  /// Events applied since the last save.
  var pending = 0
  /// Events read but not applied yet, with their line numbers.
  private var batch: [(event: ResolvedEvent, line: String)] = []
  private var lineNumbers: [Int] = []
  let file: String
  /// The line of the event the engine refused, if one was.
  private(set) var failedLine: Int?

  init(ledger: Ledger, format: OutputFormat, today: Day, statePath: String, file: String) {
    self.file = file
    self.ledger = ledger
    self.format = format
    self.today = today
    self.statePath = statePath
    counts = AwardCounts(format: format)
  }

  var applied: Int { counts.applied }
  var dropped: Int { counts.dropped }

  /// Refuses an event dated after tomorrow (relative to `--today`), at its date.
  func checkDate(_ event: ResolvedEvent, _ line: [UInt8], file: String, line number: Int) throws(DiagnosticError) {
    try DateCheck(today: today).check(event, line, file: file, line: number)
  }

  /// `--today`: an event dated after tomorrow is refused at its date (a wrong device clock would
  /// otherwise move the window and drop every real event after it).
  struct DateCheck {
    let today: Day

    func check(_ event: ResolvedEvent, _ line: [UInt8], file: String, line number: Int) throws(DiagnosticError) {
      guard event.day > today.adding(1) else { return }
      let source = SourceFile(name: file, bytes: line, firstLine: number)
      let offset = (try? JSONReader.parse(line)).map { EventDecoder.offset(of: "date", in: $0) } ?? 0
      throw DiagnosticError(
        Diagnostic(
          in: source, offset: offset,
          message: "event dated \(event.day.iso) is after today (\(today.iso)) plus one day; check the device's clock, or pass --today"))
    }
  }

  /// Queues an event; the queue is applied as one batch (one replay for its late events).
  mutating func add(_ event: ResolvedEvent, line: [UInt8], number: Int, batchSize: Int) throws(DiagnosticError) {
    batch.append((event, String(decoding: line, as: UTF8.self)))
    lineNumbers.append(number)
    if batch.count >= batchSize { try applyBatch() }
  }

  /// Applies the queued events and prints their outcomes; a failing event is reported at its
  /// line, after the events before it were applied.
  mutating func applyBatch() throws(DiagnosticError) {
    guard !batch.isEmpty else { return }
    let (outcomes, correction, failure) = ledger.apply(batch: batch)
    for (index, outcome) in outcomes.enumerated() {
      counts.report(outcome, batch[index].event)
      if case .duplicate = outcome {} else if case .beforeWindow = outcome {} else { pending += 1 }
    }
    if let correction { counts.print(correction) }
    let events = batch
    let numbers = lineNumbers
    batch.removeAll(keepingCapacity: true)
    lineNumbers.removeAll(keepingCapacity: true)
    if let (index, error) = failure {
      failedLine = numbers[index]
      throw AwardCommand.diagnostic(error, eventID: events[index].event.id, file: file, line: numbers[index])
    }
  }

  /// Writes out the awards printed so far, then saves: events whose awards could not be
  /// written are never saved (a rerun applies them again and prints their awards).
  mutating func deliverAndSave() throws {
    try applyBatch()
    try AwardCounts.flushAwards(unsaved: pending)
    try ledger.commit()
    pending = 0
  }

  func finish() {
    let state = ledger.state
    Console.error.line("\(counts.summary); state: \(statePath) (level \(state.level), \(state.xp) XP)")
  }
}

extension CommandFailure {
  /// Prints the failure and returns its exit code.
  func report() -> Int32 {
    Console.error.line("error: \(message)")
    return code
  }
}
