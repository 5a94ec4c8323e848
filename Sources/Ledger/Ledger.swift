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
  /// What happened to one event.
  public enum Outcome: Sendable, Equatable {
    /// Applied in date order: its awards.
    case applied([Award])
    /// Placed among earlier events: its awards, then a correction when later awards moved.
    case late([Award], replayed: Int)
    /// A retraction: the correction saying what was withdrawn.
    case retracted([Award], replayed: Int)
    /// Its id was applied before (over the player's whole life): nothing changed.
    case duplicate
    /// Dated before the replay window: not applied.
    case beforeWindow(windowStart: Day)

    /// The awards of the outcome.
    public var awards: [Award] {
      switch self {
      case .applied(let awards), .late(let awards, _), .retracted(let awards, _): return awards
      case .duplicate, .beforeWindow: return []
      }
    }

    /// The outcome of the engine's history, as the ledger reports it.
    package init(_ outcome: PlayerOutcome) {
      switch outcome {
      case .applied(let awards): self = .applied(awards)
      case .late(let awards, let replayed): self = .late(awards, replayed: replayed)
      case .retracted(let awards, let replayed): self = .retracted(awards, replayed: replayed)
      case .duplicate: self = .duplicate
      case .beforeWindow(let start): self = .beforeWindow(windowStart: start)
      }
    }
  }

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
    var warnings: [String] = []
    let saved = state.pack
    if saved.digest != engine.pack.digest && saved.name == engine.pack.name {
      warnings.append(
        "the state was saved with rule pack '\(saved.name)' \(saved.version) (digest \(saved.digest)); the rules have changed (digest \(engine.pack.digest)), so awards from now on follow the current rules, and events dated before today can no longer be placed among earlier ones")
    }
    do {
      let dropped = try engine.bind(&state)
      if !dropped.isEmpty {
        warnings.append("entries no longer in the pack were dropped from the state: \(Set(dropped).sorted().joined(separator: ", "))")
      }
    } catch {
      throw .corrupt(Diagnostic(message: error.message))
    }
    if let windowDays, windowDays != state.history.windowDays {
      state.history.windowDays = min(max(windowDays, 1), 3650)
      isDirty = true
    }
    current = state
    self.warnings = warnings
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
    try apply(engine.resolve(event), line: event.jsonLine)
  }

  /// Applies a resolved event with its line as received (kept in the history as it came).
  package func apply(_ event: ResolvedEvent, line: String) throws(EngineError) -> Outcome {
    mutex.lock()
    defer { mutex.unlock() }
    let outcome: PlayerOutcome
    do {
      outcome = try engine.record(event, line: line, to: &current)
    } catch {
      if case .beforeWindow(_, let start) = error { return .beforeWindow(windowStart: start) }
      throw error
    }
    switch outcome {
    case .applied(let awards):
      isDirty = true
      return .applied(awards)
    case .late(let awards, let replayed):
      isDirty = true
      return .late(awards, replayed: replayed)
    case .retracted(let awards, let replayed):
      isDirty = true
      return .retracted(awards, replayed: replayed)
    case .duplicate:
      return .duplicate
    case .beforeWindow(let start):
      return .beforeWindow(windowStart: start)
    }
  }

  /// Applies a batch of resolved events with their lines, with one replay for all its late
  /// events (see ``Engine/record(batch:to:)``): the outcomes in order, the batch's correction,
  /// and the failing event's index and error, if one failed (the events before it are applied).
  package func apply(batch: [(event: ResolvedEvent, line: String)]) -> (outcomes: [Outcome], correction: Award?, failure: (Int, EngineError)?) {
    mutex.lock()
    defer { mutex.unlock() }
    let result = engine.record(batch: batch, to: &current)
    let outcomes = result.outcomes.map(Outcome.init)
    if outcomes.contains(where: { if case .duplicate = $0 { false } else if case .beforeWindow = $0 { false } else { true } }) {
      isDirty = true
    }
    return (outcomes, result.correction, result.failure.map { ($0.index, $0.error) })
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
