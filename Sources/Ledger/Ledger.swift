import Engine
import Foundation
import RuleLanguage

/// A player's durable award ledger: a ``PlayerState`` loaded from a ``PlayerStore``, events
/// applied to it, and saves. The engine does the rest — ids applied once over the player's life,
/// late events placed in date order with corrections, retractions (see ``Engine/apply(_:to:)``).
///
/// `fitquest award` is this with a ``FileStore``; an app or a service can use any store. Calls
/// are serialized, so one ledger may be shared between threads; to use one player from several
/// processes, hold a lock around the ledger's life (the CLI locks `STATE.lock`).
public final class Ledger: @unchecked Sendable {
  /// What happened to one event: the engine's ``EventOutcome`` (one type for the engine, the
  /// ledger and the stores).
  public typealias Outcome = EventOutcome

  /// The engine that applies the events.
  public let engine: Engine
  /// Where the player is kept.
  public let store: any PlayerStore
  /// The player's key in the store.
  public let player: String
  /// Warnings found when opening (the rules changed since the state was saved).
  public let warnings: [String]
  private let mutex = NSLock()
  private var current: PlayerState
  private var isDirty = false

  /// Opens a player, or starts a new one when the store has none. `windowDays` (1–3,650) changes
  /// the days of events kept for late events (stored with the state; default 60).
  /// - Throws: ``LedgerError`` when the saved state cannot be read, is damaged, or was built by
  ///   a rule pack of another name.
  public init(store: any PlayerStore, player: String = "", engine: Engine, windowDays: Int? = nil) throws(LedgerError) {
    self.store = store
    self.player = player
    self.engine = engine
    guard var state = try store.load(player: player) else {
      current = engine.newPlayer(windowDays: windowDays ?? 60)
      warnings = []
      return
    }
    let savedWindow = state.windowDays
    warnings = try Self.prepare(&state, engine: engine, windowDays: windowDays)
    isDirty = state.windowDays != savedWindow
    current = state
  }

  /// Makes a saved player ready for an engine: bound to its pack (re-aligned when the rules
  /// changed, refused when the pack has another name) and given `windowDays` when set. Returns
  /// the warnings to print: the rules changed since the state was saved, entries dropped.
  /// - Throws: ``LedgerError/corrupt(_:)`` for a state of another pack or one its rules cannot
  ///   have built.
  package static func prepare(_ state: inout PlayerState, engine: Engine, windowDays: Int?) throws(LedgerError)
    -> [String]
  {
    var warnings: [String] = []
    let saved = state.pack
    if saved.digest != engine.pack.digest && saved.name == engine.pack.name {
      warnings.append(
        "the state was saved with rule pack '\(saved.name)' \(saved.version) (digest \(saved.digest)); the rules have changed (digest \(engine.pack.digest)), so awards from now on follow the current rules, and events dated before today can no longer be placed among earlier ones"
      )
    }
    do {
      let dropped = try engine.bind(&state)
      if !dropped.isEmpty {
        warnings.append(
          "entries no longer in the pack were dropped from the state: \(Set(dropped).sorted().joined(separator: ", "))")
      }
    } catch {
      throw .corrupt(Diagnostic(message: error.message))
    }
    if let windowDays, windowDays != state.history.windowDays {
      state.history.windowDays = min(max(windowDays, 1), 3650)
    }
    return warnings
  }

  /// The player's current state.
  public var state: PlayerState {
    mutex.lock()
    defer { mutex.unlock() }
    return current
  }

  /// Applies an event built in Swift (checked like a decoded line).
  /// - Throws: the engine's refusal; the state is then as before the event.
  public func apply(_ event: Event) throws(EngineError) -> Outcome {
    let resolved = try engine.resolve(event)
    mutex.lock()
    defer { mutex.unlock() }
    let outcome: Outcome
    do {
      outcome = try engine.record(resolved, line: resolved.canonicalLine(engine.pack), to: &current)
    } catch {
      if case .beforeWindow(_, let start) = error { return .beforeWindow(windowStart: start) }
      throw error
    }
    if outcome.changedPlayer { isDirty = true }
    return outcome
  }

  /// Applies a batch of resolved events with their canonical lines, with one replay for all its
  /// late events and retractions (see ``Engine/record(batch:to:)``).
  package func apply(batch: [(event: ResolvedEvent, line: String)]) -> BatchResult {
    mutex.lock()
    defer { mutex.unlock() }
    let result = engine.record(batch: batch, to: &current)
    if result.outcomes.contains(where: \.changedPlayer) { isDirty = true }
    return result
  }

  /// Saves the state if anything changed since it was loaded or last saved.
  public func commit() throws(LedgerError) {
    mutex.lock()
    defer { mutex.unlock() }
    guard isDirty else { return }
    try store.save(current, player: player)
    isDirty = false
  }
}
