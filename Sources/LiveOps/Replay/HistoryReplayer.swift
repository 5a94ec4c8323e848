import Engine
import RuleLanguage

/// Replays players' histories under one rule pack, as a store applies events: each chunk is one
/// batch of the engine's batch path (late events placed by date, retractions withdrawn) with the
/// chunk's window. A history applied in date order without retractions — almost every one —
/// takes a fast path that applies the events straight to the progress, with no kept window and
/// no awards; the progress is the same (the batch path applies in-order events exactly so), and
/// any other history falls back to the batch path from the start.
///
/// A replayer holds scratch memory: use one per thread.
public struct HistoryReplayer {
  /// The engine whose pack the histories are replayed under.
  public let engine: Engine
  private let fast: FastEventDecoder
  private let full: EventDecoder

  /// A replayer for an engine.
  public init(engine: Engine) {
    self.engine = engine
    fast = FastEventDecoder(pack: engine.pack)
    full = EventDecoder(pack: engine.pack)
  }

  /// The progress the history gives under this pack.
  /// - Throws: ``ReplayFailure`` for the first event the pack refuses (an unknown exercise, a
  ///   formula that fails) or that does not apply again.
  public func progress(of history: EventHistory) throws(ReplayFailure) -> PlayerProgress {
    try progress(of: history, events: try resolve(history))
  }

  /// The whole player the history gives under this pack — progress, kept window, event ids —
  /// exactly as a store that applied the same chunks with this pack holds it.
  /// - Throws: ``ReplayFailure`` as ``progress(of:)``.
  public func state(of history: EventHistory) throws(ReplayFailure) -> PlayerState {
    let events = try resolve(history)
    if let state = straightState(of: history, events: events) { return state }
    return try state(of: history, events: events)
  }

  /// The progress from the history's events already resolved against this pack.
  package func progress(of history: EventHistory, events: [ResolvedEvent]) throws(ReplayFailure) -> PlayerProgress {
    let (progress, stop) = applyStraight(events)
    guard let (index, error) = stop else { return progress }
    // A retraction, or an event out of date order (a late event, or one on a closed day): the
    // batch path withdraws or places it.
    guard let error else { return try state(of: history, events: events).progress }
    if case .outOfOrder = error { return try state(of: history, events: events).progress }
    throw ReplayFailure(index: index, eventID: events[index].id, message: error.message)
  }

  /// The progress of events applied straight — in date order, without retractions, each
  /// accepted — or nil when one is not (the history then needs the batch path, or fails).
  package func straightProgress(of events: [ResolvedEvent]) -> PlayerProgress? {
    let (progress, stop) = applyStraight(events)
    return stop == nil ? progress : nil
  }

  /// The progress of events applied straight after a progress this pack made (a stored
  /// snapshot's): nil when one is not applied straight (a retraction, an event the pack refuses).
  package func straightProgress(from progress: PlayerProgress, of events: ArraySlice<ResolvedEvent>) -> PlayerProgress?
  {
    var live = engine.live(progress)
    var log = AwardLog(.off)
    let applied = events.withUnsafeBufferPointer { buffer -> Bool in
      for index in buffer.indices {
        let event = buffer.baseAddress.unsafelyUnwrapped + index
        if event.pointee.kind == .retraction { return false }
        do throws(EngineError) {
          try engine.apply(event, to: &live, log: &log)
        } catch {
          return false
        }
      }
      return true
    }
    return applied ? live.progress : nil
  }

  /// Applies the events straight to a new progress until the first it stops at: a retraction
  /// (no error) or the engine's error.
  private func applyStraight(_ events: [ResolvedEvent]) -> (PlayerProgress, stop: (index: Int, error: EngineError?)?) {
    var live = engine.newLivePlayer()
    var log = AwardLog(.off)
    // Through a pointer: an event read from the array by subscript would be copied.
    let stop = events.withUnsafeBufferPointer { buffer -> (index: Int, error: EngineError?)? in
      for index in buffer.indices {
        let event = buffer.baseAddress.unsafelyUnwrapped + index
        if event.pointee.kind == .retraction { return (index, nil) }
        do throws(EngineError) {
          try engine.apply(event, to: &live, log: &log)
        } catch {
          return (index, error)
        }
      }
      return nil
    }
    return (live.progress, stop)
  }

  /// The whole player from the history's events already resolved against this pack.
  package func state(of history: EventHistory, events: [ResolvedEvent]) throws(ReplayFailure) -> PlayerState {
    var state = engine.newPlayer(windowDays: history.chunks.first?.windowDays ?? 60)
    var offset = 0
    for chunk in history.chunks {
      state.history.windowDays = Self.clamped(chunk.windowDays)
      var batch: [(event: ResolvedEvent, line: String)] = []
      batch.reserveCapacity(chunk.lines.count)
      for (position, line) in chunk.lines.enumerated() {
        batch.append((events[offset + position], String(decoding: line, as: UTF8.self)))
      }
      let result = engine.record(batch: batch, to: &state)
      if let failure = result.failure {
        throw ReplayFailure(
          index: offset + failure.index, eventID: batch[failure.index].event.id, message: failure.error.message)
      }
      if let position = result.outcomes.firstIndex(where: { !$0.changedPlayer }) {
        throw ReplayFailure(
          index: offset + position, eventID: batch[position].event.id,
          message: "the event is not applied again (\(Self.describe(result.outcomes[position])))")
      }
      offset += chunk.lines.count
    }
    return state
  }

  /// Every event of a history resolved against this pack, with the positions of the lines the
  /// fast decoder does not read (events a mechanic defines: checked against their pack).
  package func resolve(_ history: EventHistory) throws(ReplayFailure) -> [ResolvedEvent] {
    var slow: [Int] = []
    return try resolve(history, slow: &slow)
  }

  package func resolve(_ history: EventHistory, slow: inout [Int]) throws(ReplayFailure) -> [ResolvedEvent] {
    var events: [ResolvedEvent] = []
    events.reserveCapacity(history.eventCount)
    for chunk in history.chunks {
      for line in chunk.lines {
        if let event = line.withUnsafeBufferPointer({ fast.decode($0) }) {
          events.append(event)
        } else {
          slow.append(events.count)
          events.append(try resolveFully(line, events.count))
        }
      }
    }
    return events
  }

  /// Events resolved by another replayer whose pack resolves names alike (``resolvesAlike(_:)``),
  /// made this pack's in place: the lines the fast decoder read carry only names, so they are
  /// shared; the others (`slow`) are resolved again here.
  package func adopt(_ events: inout [ResolvedEvent], slow: [Int], of history: EventHistory) throws(ReplayFailure) {
    guard !slow.isEmpty else { return }
    var pending = slow[...]
    var index = 0
    for chunk in history.chunks {
      for line in chunk.lines {
        if pending.first == index {
          events[index] = try resolveFully(line, index)
          pending.removeFirst()
        }
        index += 1
      }
    }
  }

  /// An event line resolved by the full decoder (which says why a line is refused).
  private func resolveFully(_ line: ArraySlice<UInt8>, _ index: Int) throws(ReplayFailure) -> ResolvedEvent {
    do {
      return try full.resolveFully(line: Array(line), file: "history", lineNumber: index + 1)
    } catch {
      throw ReplayFailure(
        index: index, eventID: "", message: error.diagnostics.first?.message ?? "the event cannot be read")
    }
  }

  static func describe(_ outcome: EventOutcome) -> String {
    switch outcome {
    case .duplicate: return "its id was applied before"
    case .beforeWindow(let start): return "dated before the window, which starts on \(start.iso)"
    default: return "applied"
    }
  }

  /// Whether another pack resolves event names exactly as this one: the same categories,
  /// exercises (with their aliases), unlisted exercises and companion species, in the same order.
  public func resolvesAlike(_ other: HistoryReplayer) -> Bool {
    let (a, b) = (engine.pack, other.engine.pack)
    func same(_ x: [String], _ y: [String]) -> Bool { x.elementsEqual(y) { $0.utf8.elementsEqual($1.utf8) } }
    return same(a.categories.map(\.name), b.categories.map(\.name))
      && a.exercises.count == b.exercises.count
      && zip(a.exercises, b.exercises).allSatisfy { same([$0.name] + $0.aliases, [$1.name] + $1.aliases) }
      && a.unlistedExercises == b.unlistedExercises
      && same(a.companions?.species.map(\.id) ?? [], b.companions?.species.map(\.id) ?? [])
  }
}
