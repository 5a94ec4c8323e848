import Engine
import Ledger
import RuleLanguage

/// One `award` run: applies events, prints their awards and notices, and saves each batch only
/// after its awards were written and flushed.
struct AwardSession {
  let ledger: Ledger
  let format: String
  let today: Day
  let statePath: String
  var applied = 0
  var skipped = 0
  var late = 0
  var dropped = 0
  var retracted = 0
  /// Events applied since the last save.
  var pending = 0
  private var writer = JSONWriter()
  /// Events read but not applied yet, with their line numbers.
  private var batch: [(event: ResolvedEvent, line: String)] = []
  private var lineNumbers: [Int] = []
  let file: String
  /// The line of the event the engine refused, if one was.
  private(set) var failedLine: Int?

  init(ledger: Ledger, format: String, today: Day, statePath: String, file: String) {
    self.file = file
    self.ledger = ledger
    self.format = format
    self.today = today
    self.statePath = statePath
  }

  /// Refuses an event dated after tomorrow (relative to `--today`), at its date.
  func checkDate(_ event: ResolvedEvent, _ line: [UInt8], file: String, line number: Int) throws(DiagnosticError) {
    let limit = today.adding(1)
    guard event.day > limit else { return }
    let source = SourceFile(name: file, bytes: line, firstLine: number)
    let offset = (try? JSONReader.parse(line)).map { EventDecoder.offset(of: "date", in: $0) } ?? 0
    throw DiagnosticError(
      Diagnostic(
        in: source, offset: offset,
        message: "event dated \(event.day.iso) is after today (\(today.iso)) plus one day; check the device's clock, or pass --today"))
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
    for (index, outcome) in outcomes.enumerated() { report(outcome, batch[index].event) }
    if let correction { print(correction) }
    let events = batch
    let numbers = lineNumbers
    batch.removeAll(keepingCapacity: true)
    lineNumbers.removeAll(keepingCapacity: true)
    if let (index, error) = failure {
      failedLine = numbers[index]
      throw AwardCommand.diagnostic(error, eventID: events[index].event.id, file: file, line: numbers[index])
    }
  }

  private mutating func report(_ outcome: Ledger.Outcome, _ event: ResolvedEvent) {
    switch outcome {
    case .applied(let awards):
      applied += 1
      pending += 1
      for award in awards { print(award) }
    case .late(let awards, _):
      applied += 1
      late += 1
      pending += 1
      for award in awards { print(award) }
      notice(event, "late", nil, text: "placed in date order")
    case .retracted(let awards, _):
      applied += 1
      retracted += 1
      pending += 1
      for award in awards { print(award) }
    case .duplicate:
      skipped += 1
      notice(event, "skipped", "\"reason\":\"already applied\"", text: "skipped: already applied")
    case .beforeWindow(let start):
      dropped += 1
      let reason = "dated before the replay window, which starts on \(start.iso)"
      notice(event, "dropped", "\"reason\":\(JSONWriter.quoted(reason))", text: "not applied: \(reason)")
    }
  }

  /// Writes out the awards printed so far, then saves: events whose awards could not be
  /// written are never saved (a rerun applies them again and prints their awards).
  mutating func deliverAndSave() throws {
    try applyBatch()
    guard Console.output.flush() else {
      let why = Console.output.failureDescription ?? "write failed"
      throw CommandFailure(
        code: ExitCode.ioError,
        message: "cannot write the awards to standard output (\(why)); the last \(pending) event(s) were not saved, so a rerun applies them again")
    }
    try ledger.commit()
    pending = 0
  }

  private mutating func print(_ award: Award) {
    if format == "text" {
      Console.output.line(award.textLine)
      return
    }
    writer.reset()
    award.write(to: &writer)
    Console.output.line(bytes: writer.bytes)
  }

  private func notice(_ event: ResolvedEvent, _ type: String, _ fields: String?, text: String) {
    if format == "text" {
      Console.output.line(Award.escapingControls("\(event.day.iso) \(event.id) \(text)"))
      return
    }
    let extra = fields.map { "," + $0 } ?? ""
    Console.output.line("{\"type\":\"\(type)\",\"event\":\(JSONWriter.quoted(event.id)),\"date\":\"\(event.day.iso)\"\(extra)}")
  }

  func finish() {
    var parts = ["applied \(applied) event(s)"]
    if late > 0 { parts.append("\(late) placed in date order") }
    if retracted > 0 { parts.append("\(retracted) retraction(s)") }
    if skipped > 0 { parts.append("\(skipped) already applied") }
    if dropped > 0 { parts.append("\(dropped) dated before the window, not applied") }
    let state = ledger.state
    Console.error.line("\(parts.joined(separator: ", ")); state: \(statePath) (level \(state.level), \(state.xp) XP)")
  }
}

extension CommandFailure {
  /// Prints the failure and returns its exit code.
  func report() -> Int32 {
    Console.error.line("error: \(message)")
    return code
  }
}
