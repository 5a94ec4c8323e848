import Engine
import Ledger
import RuleLanguage
import Store

/// `fitquest award --store FILE.sqlite`: many players in one SQLite store. Events name their
/// player; each batch (`--commit-every`) is one transaction: the players it touches are loaded
/// (or taken from a cache still valid), the events applied in input order, the awards written and
/// flushed, then every changed player saved and the transaction committed. Other processes wait
/// for the transaction, so concurrent runs apply each event once.
struct StoreAward {
  let store: SQLiteStore
  let engine: Engine
  let format: OutputFormat
  let windowDays: Int?
  let partition: Partition?
  private var batch: [(event: ResolvedEvent, line: String, number: Int)] = []
  var counts: AwardCounts
  /// The line of the event the engine refused, if one was.
  private(set) var failedLine: Int?
  let file: String

  init(store: SQLiteStore, engine: Engine, format: OutputFormat, windowDays: Int?, partition: Partition?, file: String) {
    self.store = store
    self.engine = engine
    self.format = format
    self.windowDays = windowDays
    self.partition = partition
    self.file = file
    counts = AwardCounts(format: format)
  }

  /// Queues an event of a player; refuses an event without one.
  mutating func add(_ event: ResolvedEvent, line: [UInt8], number: Int) throws(DiagnosticError) {
    guard let player = event.player else {
      let offset = (try? JSONReader.parse(line))?.offset ?? 0
      throw DiagnosticError(
        Diagnostic(in: SourceFile(name: file, bytes: line, firstLine: number), offset: offset, message: "an event needs \"player\" with --store"))
    }
    if let partition, !partition.owns(player) {
      counts.otherPartition += 1
      return
    }
    batch.append((event, String(decoding: line, as: UTF8.self), number))
  }

  var pending: Int { batch.count }

  /// Applies the queued events in one transaction, delivering their awards (in input order)
  /// before committing. Each player of the batch is loaded once, its events applied in input
  /// order, and saved once, so memory holds one player at a time and the batch. When the engine
  /// refuses an event, the batch is applied again up to that line only, then the refusal thrown.
  mutating func commitBatch() throws {
    guard !batch.isEmpty else { return }
    let first = try applyBatch(limit: batch.count)
    if let first {
      // Players after the refused line in the batch may have applied later events: redo the
      // batch up to that line (it cannot fail again: the engine is deterministic).
      _ = try applyBatch(limit: first.index)
    }
    batch.removeAll(keepingCapacity: true)
    if let first {
      failedLine = first.number
      throw first.error
    }
  }

  /// Applies `batch[..<limit]` in one transaction and commits it; returns the first refusal
  /// (then nothing is committed unless `limit` already stops before it).
  private mutating func applyBatch(limit: Int) throws -> (index: Int, number: Int, error: DiagnosticError)? {
    var groups: [String: [Int]] = [:]
    var players: [String] = []
    for index in 0..<limit {
      guard let player = batch[index].event.player else { continue }
      if groups[player] == nil { players.append(player) }
      groups[player, default: []].append(index)
    }
    var outcomes = [Ledger.Outcome?](repeating: nil, count: limit)
    var refusal: (index: Int, number: Int, error: DiagnosticError)?
    try store.begin()
    do {
      for player in players {
        var state = try store.load(player: player) ?? engine.newPlayer(windowDays: windowDays ?? 60)
        for index in groups[player] ?? [] {
          if let refusal, index > refusal.index { break }
          let item = batch[index]
          let outcome: PlayerOutcome
          do {
            outcome = try engine.record(item.event, line: item.line, to: &state)
          } catch {
            if case .beforeWindow(_, let start) = error {
              outcomes[index] = .beforeWindow(windowStart: start)
              continue
            }
            if refusal.map({ index < $0.index }) ?? true {
              refusal = (index, item.number, AwardCommand.diagnostic(error, eventID: item.event.id, file: file, line: item.number))
            }
            break
          }
          outcomes[index] = Ledger.Outcome(outcome)
          if case .duplicate = outcome { continue }
          try store.appendHistory(player: player, number: state.appliedCount, day: item.event.day, line: item.line)
        }
        try store.save(state, player: player)
      }
      if refusal != nil {
        store.rollback()
        return refusal
      }
      var delivered = AwardCounts(format: counts.format)
      delivered.absorbTotals(of: counts)
      for index in 0..<limit {
        if let outcome = outcomes[index] { delivered.report(outcome, batch[index].event) }
      }
      try AwardCounts.flushAwards(unsaved: limit)
      try store.commit()
      counts = delivered
    } catch {
      store.rollback()
      throw error
    }
    return nil
  }

}
