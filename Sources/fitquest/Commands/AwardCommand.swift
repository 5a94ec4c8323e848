import Engine
import Ledger
import RuleLanguage

/// `fitquest award`: applies logged events to a player's state file and prints the awards.
enum AwardCommand: Command {
  static let name = "award"
  static let summary = "Apply logged events to a player's state file and print the awards"
  static let usage = "fitquest award --state FILE [--rules DIR] [EVENTS_FILE | -] [--format ndjson|text]"
  static let about = """
    Reads events (NDJSON, one per line; '-' or no file reads standard input), applies them to the
    player state in FILE (created if absent) and prints every award as NDJSON, or as text with
    --format text. The state file is replaced atomically and locked while in use.

    Events already applied (same id) are skipped and reported as skipped. A back-dated event is
    placed in date order and the recent window is replayed, so nothing is lost or awarded twice.
    On an invalid line, the events before it are applied and saved, the error is printed with
    its position, and the exit code is 65: fix the line and run the same command again.
    """
  static let footer = """
    See docs/events.md for event fields and award types, docs/reliability.md for guarantees.
    """
  static let options: [Option] = [
    .value("--state", "FILE", "the player's state file (required)"),
    .value("--rules", "DIR", "the rule pack (default: rules)"),
    .value("--format", "FORMAT", "ndjson (default) or text"),
    .value("--window", "DAYS", "days of events kept for late events (default 60; stored in the file)"),
    .value("--commit-every", "N", "save after every N events (default 10000) as well as at the end"),
    .flag("--no-wait", "fail with exit 75 instead of waiting when another award holds the lock"),
    .repeated("--set", "PATH=VALUE", "override a rule value for this run"),
  ]

  static func run(_ arguments: Arguments) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    guard let statePath = arguments.value("--state") else { throw UsageError(message: "missing --state FILE") }
    let format = arguments.value("--format") ?? "ndjson"
    guard format == "ndjson" || format == "text" else {
      throw UsageError(message: "--format must be 'ndjson' or 'text'; found '\(format)'")
    }
    let window = arguments.value("--window") == nil ? nil : try arguments.integer("--window", default: 60, in: 1...3650)
    let commitEvery = try arguments.integer("--commit-every", default: 10_000, in: 1...100_000_000)
    let overrides = try Overrides.rulesOnly(arguments.all("--set"))
    let engine = Engine(pack: try RulePackLoader.load(directory: arguments.value("--rules") ?? "rules", overrides: overrides))
    let reader = try LineReader(path: arguments.positionals.first ?? "-", standardInputClosed: StandardStreams.inputWasClosed)

    let lock: FileLock
    let ledger: Ledger
    do {
      lock = try FileLock(path: statePath + ".lock", wait: !arguments.has("--no-wait")) {
        Console.error.line("waiting for the lock on \(statePath) (another 'fitquest award' is using it)…")
        Console.error.flush()
      }
      AtomicFile.removeLeftovers(of: statePath)
      ledger = try Ledger(path: statePath, engine: engine, windowDays: window)
    } catch {
      return report(error)
    }
    defer { withExtendedLifetime(lock) {} }
    for warning in ledger.warnings { Console.error.line("warning: \(warning)") }

    var session = AwardSession(ledger: ledger, format: format)
    do {
      let decoder = EventDecoder(pack: engine.pack)
      while let line = try reader.nextLine() {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
        let event = try decoder.resolve(line: Array(line), file: reader.name, lineNumber: reader.lineNumber)
        do {
          try session.apply(event)
        } catch {
          throw AwardCommand.diagnostic(error, eventID: event.id, file: reader.name, line: reader.lineNumber)
        }
        if session.pending >= commitEvery {
          try ledger.commit()
          session.pending = 0
        }
      }
      try ledger.commit()
    } catch let error as LedgerError {
      return report(error)
    } catch let error as DiagnosticError {
      do {
        try ledger.commit()
      } catch {
        return report(error)
      }
      for diagnostic in error.diagnostics { Console.error.line(diagnostic.rendered()) }
      Console.error.line(
        "note: \(session.applied) event(s) before line \(reader.lineNumber) were applied and saved; fix the line (or the rules) and run the same command again (applied events are skipped)")
      session.finish(statePath)
      return ExitCode.dataError
    }
    session.finish(statePath)
    return ExitCode.success
  }

  /// The engine's refusal of the event on a line, with the failed rule formula as a note.
  static func diagnostic(_ error: EngineError, eventID: String, file: String, line: Int) -> DiagnosticError {
    var diagnostics = [
      Diagnostic(file: file, position: SourcePosition(line: line, column: 1), message: "event '\(eventID)': \(error.message)")
    ]
    if case .formulaFailed(var formula) = error {
      formula.severity = .note
      formula.message = "the rule formula that failed"
      diagnostics.append(formula)
    }
    return DiagnosticError(diagnostics)
  }

  private static func report(_ error: LedgerError) -> Int32 {
    for diagnostic in error.diagnostics { Console.error.line(diagnostic.rendered()) }
    switch error {
    case .locked: return ExitCode.busy
    case .io: return ExitCode.ioError
    case .corrupt, .invalidEvent: return ExitCode.dataError
    }
  }
}

/// Counts and prints the outcomes of one `award` run.
struct AwardSession {
  let ledger: Ledger
  let format: String
  var applied = 0
  var skipped = 0
  var tooOld = 0
  var pending = 0
  var writer = JSONWriter()

  mutating func apply(_ event: ResolvedEvent) throws(EngineError) {
    writer.reset()
    switch try ledger.apply(event) {
    case .applied(let awards):
      applied += 1
      pending += 1
      for award in awards { print(award) }
    case .replayed(let awards, let later, let change):
      applied += 1
      pending += 1
      for award in awards { print(award) }
      notice(event, ["replayed": "\(later)", "xpChange": "\(change)"],
             text: "placed in date order; \(later) later event(s) replayed; total XP changed by \(change)")
    case .alreadyApplied:
      skipped += 1
      notice(event, ["reason": "\"already applied\""], text: "skipped: already applied")
    case .beforeWindow(let watermark):
      tooOld += 1
      notice(event, ["reason": "\"dated before the ledger's window (\(watermark.iso))\""],
             text: "skipped: dated before the ledger's window (\(watermark.iso))")
    }
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

  private func notice(_ event: ResolvedEvent, _ fields: KeyValuePairs<String, String>, text: String) {
    if format == "text" {
      Console.output.line("\(event.day.iso) \(event.id) \(text)")
      return
    }
    let type = fields.first?.key == "replayed" ? "replayed" : "skipped"
    var line = "{\"type\":\"\(type)\",\"event\":\(JSONWriter.quoted(event.id)),\"date\":\"\(event.day.iso)\""
    for (key, value) in fields where key != "replayed" || type == "replayed" {
      line += ",\"\(key == "replayed" ? "laterEvents" : key)\":\(value)"
    }
    Console.output.line(line + "}")
  }

  func finish(_ path: String) {
    var parts = ["applied \(applied) event(s)"]
    if skipped > 0 { parts.append("\(skipped) already applied") }
    if tooOld > 0 { parts.append("\(tooOld) dated before the window, not applied") }
    Console.error.line("\(parts.joined(separator: ", ")); state: \(path) (level \(ledger.state.level), \(ledger.state.xp) XP)")
  }
}
