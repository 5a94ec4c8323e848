import Engine
import Ledger
import LiveOps
import RuleLanguage
import Store

extension AwardCommand {
  /// The engine of `award --store`, and the cohorts' engines when the store runs cohorts (each
  /// player then follows its cohort's stored pack, and --rules and --set are refused: they would
  /// be ignored).
  static func storeEngines(_ store: SQLiteStore, rulesGiven: Bool, load: () throws -> Engine) throws -> (
    Engine, CohortEngines?
  ) {
    guard let cohorts = try CohortEngines(store: store) else { return (try load(), nil) }
    if rulesGiven {
      throw UsageError(
        message:
          "the store runs cohorts: each player follows its cohort's stored pack, so --rules and --set do not apply (see 'fitquest cohorts --store \(store.path) show')"
      )
    }
    return (cohorts.engines[0], cohorts)
  }
}

/// Resolves event lines of `award`: with the run's engine, or, when the run chooses an engine
/// per player (cohorts), with the pack of the line's player. A line is resolved first with the
/// run's engine (the first cohort's), and again only when its player follows another pack. Only
/// a run of cohorts is kept (and asked, so then on the run's thread alone): otherwise the decoder
/// holds its pack and nothing else, and may run on another thread.
struct PlayerEventDecoder {
  /// The run, when it chooses an engine per player.
  private let cohorts: LedgerRun?
  private let decoder: EventDecoder

  init(run: LedgerRun) {
    cohorts = run.engines == nil ? nil : run
    decoder = EventDecoder(pack: run.engine.pack)
  }

  /// Whether a line's pack depends on its player (the run's cohorts, read from the store).
  var choosesPackPerPlayer: Bool { cohorts != nil }

  /// The event of a line; `canonical` tells whether the line is its canonical line with the run's
  /// engine's pack (never when the run chooses an engine per player).
  func resolve(line: ArraySlice<UInt8>, file: String, lineNumber: Int, canonical: inout Bool) throws -> ResolvedEvent {
    canonical = false
    guard let run = cohorts else {
      return try decoder.resolve(line: line, file: file, lineNumber: lineNumber, canonical: &canonical)
    }
    let line = Array(line)
    let first = try? decoder.resolve(line: line, file: file, lineNumber: lineNumber)
    let text = first.map(\.player) ?? (try? JSONReader.parse(line))?["player"]?.string
    guard let text, let player = PlayerID(text) else {
      return try first ?? decoder.resolve(line: line, file: file, lineNumber: lineNumber)
    }
    let engine = try run.engine(for: player)
    if engine === run.engine, let first { return first }
    return try EventDecoder(pack: engine.pack).resolve(line: line, file: file, lineNumber: lineNumber)
  }
}
