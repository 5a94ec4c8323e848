import Engine
import Foundation
import Ledger
import RuleLanguage
import Store

/// `fitquest award`: applies logged events to a player's state file and prints the awards.
enum AwardCommand: Command {
  static let name = "award"
  static let summary = "Apply logged events to a player's state file and print the awards"
  static let usage =
    "fitquest award (--state FILE | --store FILE.sqlite [--partition I/N]) [--rules DIR] [EVENTS_FILE | -] [--format ndjson|text] [--today DATE]"
  static let about = """
    Reads events (NDJSON, one per line; '-' or no file reads standard input), applies them to the
    player state in FILE (created if absent) and prints every award as NDJSON, or as text with
    --format text. The state file is replaced atomically and locked while in use.

    An id applied before (ever) is skipped. A back-dated event is placed in date order and the
    later events are replayed; a 'correction' award says what moved. A 'retraction' event
    withdraws an earlier one. An event dated before the replay window is not applied: it is
    reported, and the exit code is 3 unless --allow-late. An event dated after --today plus one
    day is an error (a wrong device clock would otherwise push the window forward).
    On an invalid line, the events before it are applied and saved, the error is printed with
    its position, and the exit code is 65: fix the line and run the same command again.
    Awards are written and flushed before the events that produced them are saved; when they
    cannot be written, the exit code is 74 and those events are not saved.
    With --store, the run stays within --cache-mb: a batch whose players and events fill it is
    saved before --commit-every events, and players the next batch does not name leave memory.
    From the default 1024 MB up, an eighth of it (at most 128 MB) holds the next lines, read
    while a batch is applied.
    """
  static let footer = """
    Exit codes: 0 done · 3 events dated before the window were not applied · 64 usage · 65 invalid
    event, rules or state file · 66 unreadable file · 74 cannot write the awards or the state ·
    75 locked (--no-wait). See docs/events.md for event fields and award types,
    docs/reliability.md for guarantees and limits.
    """
  struct Options: CommandOptions {
    let state = Option.value("--state", "FILE", "one player's state file (a symbolic link is followed to its file)")
    let store = Option.value(
      "--store", "FILE", "many players in one SQLite store (created if absent); every event names its \"player\"")
    let partition = Option.value(
      "--partition", "I/N", "with --store: apply only players of partition I of N (docs/scale.md); skip the others"
    ) { text throws(UsageError) in
      guard let partition = Partition(text) else {
        throw UsageError(message: "--partition must be I/N with 0 ≤ I < N; found '\(text)'")
      }
      return partition
    }
    let rules = Option.value("--rules", "DIR", "the rule pack (default: rules)", default: "rules")
    let format = Option.format([.ndjson, .text])
    let today = Option.value(
      "--today", "DATE", "today's date, YYYY-MM-DD (default: this machine's date); later events are refused"
    ) {
      text throws(UsageError) in
      guard let day = Day(iso: text) else {
        throw UsageError(message: "--today must be a date, YYYY-MM-DD; found '\(text)'")
      }
      return day
    }
    let allowLate = Option.flag("--allow-late", "exit 0 even when events dated before the window were not applied")
    let window = Option.integer(
      "--window", "DAYS", "days of events kept for late events (default 60; stored in the file)", in: 1...3650)
    let commitEvery = Option.integer(
      "--commit-every", "N", "save after every N events (default 10000; 200000 with --store) as well as at the end",
      in: 1...100_000_000)
    let noWait = Option.flag("--no-wait", "fail with exit 75 instead of waiting when another award holds the lock")
    let waitMs = Option.integer(
      "--wait-ms", "MS", "with --store: wait at most MS ms for another writer (default 60000), then exit 75",
      in: 0...86_400_000)
    let maxLockMs = Option.integer(
      "--max-lock-ms", "MS", "with --store: commit at least every MS ms while holding the write lock (default 1000)",
      in: 1...86_400_000)
    let cacheMb = Option.integer(
      "--cache-mb", "MB", "with --store: memory for the players, the batch and lines read ahead (default 1024)",
      in: 0...1_048_576)
    let snapshotEvery = Option.integer(
      "--snapshot-every", "N", "with --store: write a player's snapshot every N logged events (default 256)",
      in: 1...1_000_000)
    let set = Option.repeated("--set", "PATH=VALUE", "override a rule value for this run")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    let storeArgument = arguments.store
    guard let stateArgument = arguments.state ?? storeArgument else {
      throw UsageError(message: "missing --state FILE (one player) or --store FILE.sqlite (many players)")
    }
    if storeArgument != nil && arguments.state != nil {
      throw UsageError(message: "give --state or --store, not both")
    }
    let partition = arguments.partition
    if partition != nil && storeArgument == nil { throw UsageError(message: "--partition needs --store") }
    let format = arguments.format
    let today = arguments.today ?? Day(Date(), in: Calendar.current)
    let window = arguments.window
    let commitEvery = arguments.commitEvery ?? (storeArgument == nil ? 10_000 : 200_000)
    let overrides = try Overrides.rulesOnly(arguments.set)
    let loadEngine = { Engine(pack: try RulePackLoader.load(directory: arguments.rules, overrides: overrides)) }
    if let storeArgument {
      let defaults = SQLiteStore.Options()
      let options = SQLiteStore.Options(
        waitMilliseconds: arguments.noWait ? 0 : arguments.waitMs ?? defaults.waitMilliseconds,
        cacheBytes: arguments.cacheMb.map { $0 << 20 } ?? defaults.cacheBytes,
        snapshotEvery: arguments.snapshotEvery ?? defaults.snapshotEvery)
      let reader = try LineReader(
        path: arguments.positionals.first ?? "-", standardInputClosed: StandardStreams.inputWasClosed)
      return try runStore(
        path: storeArgument, engine: loadEngine,
        rulesGiven: arguments.scan.texts("--rules") != nil || !overrides.isEmpty,
        reader: reader, format: format, today: today, window: window,
        commitEvery: commitEvery,
        partition: partition, options: options, maxLockMilliseconds: arguments.maxLockMs ?? 1000,
        allowLate: arguments.allowLate)
    }
    let storeOnly = [
      ("--wait-ms", arguments.waitMs), ("--max-lock-ms", arguments.maxLockMs), ("--cache-mb", arguments.cacheMb),
      ("--snapshot-every", arguments.snapshotEvery),
    ]
    if let (option, _) = storeOnly.first(where: { $0.1 != nil }) {
      throw UsageError(message: "\(option) needs --store")
    }
    AwardMemory.keepBatchMemory()
    let engine = try loadEngine()
    let statePath = try FileSystem.resolved(stateArgument)
    let reader = try LineReader(
      path: arguments.positionals.first ?? "-", standardInputClosed: StandardStreams.inputWasClosed)
    let lock: FileLock
    let store = FileStore(path: statePath)
    let run = LedgerRun(store: store, engine: engine, windowDays: window)
    run.onWarning = { _, warning in Console.error.line("warning: \(warning)") }
    // The batch's award lines are written on another thread, in parts, while the engine applies
    // the events after them; each save finishes on another thread while the next batch applies.
    let twoCores = ProcessInfo.processInfo.activeProcessorCount > 1
    run.writesAwardJSONAside = twoCores
    run.disposesAside = twoCores
    store.savesAside = twoCores
    do {
      lock = try FileLock(path: statePath + ".lock", wait: !arguments.noWait) {
        Console.error.line("waiting for the lock on \(statePath) (another 'fitquest award' is using it)…")
        Console.error.flush()
      }
      AtomicFile.removeLeftovers(of: statePath)
      try run.prepare(nil)
    } catch {
      return report(error, path: statePath, waitedMilliseconds: 0)
    }
    defer { withExtendedLifetime(lock) {} }
    let batchSize = min(commitEvery, 10_000)
    var session = AwardSession(run: run, format: format, file: reader.name, batchSize: batchSize)
    let status = try apply(
      reader, into: &session, today: today, partition: nil, path: statePath,
      readAheadBytes: AwardReadAhead.batchShare(of: batchSize))
    let state = try? store.load(nil, engine: engine)
    Console.error.line(
      "\(session.counts.summary); state: \(statePath) (level \(state?.level ?? 1), \(state?.xp ?? 0) XP)")
    return status ?? droppedStatus(session.counts, allowLate: arguments.allowLate)
  }

  /// Reads every event line into a session (`--state` and `--store` alike) and commits the
  /// last batch. On a bad line, the events before it are committed, the error is printed with
  /// its position, and the result is 65; nil when every line was applied. `waitedMilliseconds`:
  /// how long a busy store was waited for (nil: the state file, whose lock is taken before).
  static func apply(
    _ reader: LineReader, into session: inout AwardSession, today: Day, partition: Partition?, path: String,
    waitedMilliseconds: Int? = nil, readAheadBytes: Int = 0
  ) throws -> Int32? {
    let run = session.run
    let source = AwardInput(
      reader: reader, decoder: PlayerEventDecoder(run: run),
      dates: AwardSession.DateCheck(today: today), needsPlayer: run.store.keepsPlayersApart, partition: partition)
    // Read ahead on another thread (unless the lines' packs depend on their players: cohorts),
    // up to `readAheadBytes` of lines while a batch is applied.
    var readAhead: AwardReadAhead?
    if !source.decoder.choosesPackPerPlayer, ProcessInfo.processInfo.activeProcessorCount > 1 {
      readAhead = AwardReadAhead(source, budget: readAheadBytes)
    }
    defer { readAhead?.stop() }
    // The line of the item being applied (of a failure, its own).
    var lineNumber = 0
    func take(_ item: inout AwardInputItem) throws {
      switch item.kind {
      case .otherPartition: session.counts.otherPartition += 1
      case .wouldWait: return  // only when asked not to wait
      case .event:
        lineNumber = item.number
        // Taken out: the event moves on to the session, not copied.
        guard let event = item.event.take() else { return }
        try session.add(
          consume event, canonicalLine: item.canonicalLine.take(), fingerprint: item.fingerprint,
          number: item.number)
      }
    }
    do {
      do {
        if let readAhead {
          while try readAhead.withNext(take) {}
        } else {
          while var item = try source.next() { try take(&item) }
        }
        lineNumber = reader.lineNumber
      } catch let failure as AwardInputFailure {
        lineNumber = failure.line
        throw failure.error
      }
      try session.commit()
      try session.finishCommits()
    } catch let failure as CommandFailure {
      let status = failure.report()
      return finish(&session, path: path, waitedMilliseconds: waitedMilliseconds) ?? status
    } catch let error as LedgerError {
      let status = report(error, path: path, waitedMilliseconds: waitedMilliseconds)
      return finish(&session, path: path, waitedMilliseconds: waitedMilliseconds, reported: error) ?? status
    } catch let error as DiagnosticError {
      // Apply what was read before the bad line (an earlier refused event is the error then).
      var reported = error
      do {
        try session.commit()
      } catch let earlier as DiagnosticError {
        reported = earlier
      } catch let failure as CommandFailure {
        return failure.report()
      } catch let error as LedgerError {
        return report(error, path: path, waitedMilliseconds: waitedMilliseconds)
      }
      // The events before the line are durable before the note says they were saved.
      if let status = finish(&session, path: path, waitedMilliseconds: waitedMilliseconds) { return status }
      Console.error.diagnostics(reported.diagnostics)
      let line = session.failedLine ?? lineNumber
      Console.error.line(
        "note: \(session.counts.applied) event(s) before line \(line) were applied and saved; fix the line (or the rules) and run the same command again (applied events are skipped)"
      )
      return ExitCode.dataError
    }
    return nil
  }

  /// After an error that stops the run: waits for the commit still finishing (`--store`), so
  /// the summary counts only what was saved; its own failure is reported too (its status
  /// returned; not again when it is the error `reported`, which a read of the store met first),
  /// else nil.
  static func finish(
    _ session: inout AwardSession, path: String, waitedMilliseconds: Int?, reported: LedgerError? = nil
  ) -> Int32? {
    do {
      try session.finishCommits()
      return nil
    } catch let error as LedgerError {
      let message = error.diagnostics.map(\.message)
      if let reported, reported.diagnostics.map(\.message) == message { return nil }
      return report(error, path: path, waitedMilliseconds: waitedMilliseconds)
    } catch {
      Console.error.line("error: \(error)")
      return ExitCode.ioError
    }
  }

  /// 3 when events dated before the window were dropped (unless `--allow-late`), else 0.
  static func droppedStatus(_ counts: AwardCounts, allowLate: Bool) -> Int32 {
    guard counts.dropped > 0, !allowLate else { return ExitCode.success }
    Console.error.line(
      "error: \(counts.dropped) event(s) dated before the replay window were not applied (see the 'dropped' lines); pass --allow-late to accept that"
    )
    return ExitCode.dropped
  }

  /// The engine's refusal of the event on a line, with the failed rule formula as a note.
  static func diagnostic(_ error: EngineError, eventID: String, file: String, line: Int) -> DiagnosticError {
    var diagnostics = [
      Diagnostic(
        file: file, position: SourcePosition(line: line, column: 1),
        message: "event '\(Award.escapingControls(eventID))': \(error.message)")
    ]
    if case .formulaFailed(var formula) = error {
      formula.severity = .note
      formula.message = "the rule formula that failed"
      diagnostics.append(formula)
    }
    return DiagnosticError(diagnostics)
  }

  /// Prints a ledger failure (naming the state file where the diagnostic names none).
  /// `waitedMilliseconds`: how long the command waited for a lock (0: `--no-wait`; nil: a command
  /// without wait options, which waits the store's default).
  static func report(_ error: LedgerError, path: String? = nil, waitedMilliseconds: Int? = nil) -> Int32 {
    Console.error.diagnostics(
      error.diagnostics.map { diagnostic in
        var diagnostic = diagnostic
        if diagnostic.file == nil, let path, !path.isEmpty { diagnostic.file = path }
        return diagnostic
      })
    switch error {
    case .locked, .busy:
      switch waitedMilliseconds {
      case 0: Console.error.line("note: run again when it is done, or omit --no-wait to wait for it")
      case let waited?:
        Console.error.line(
          "note: it held the lock for longer than the wait (\(waited) ms): run again when it is done, or wait longer with --wait-ms"
        )
      case nil: Console.error.line("note: run again when it is done")
      }
      return ExitCode.busy
    case .unreadable: return ExitCode.noInput
    case .io: return ExitCode.ioError
    case .corrupt: return ExitCode.dataError
    }
  }
}
