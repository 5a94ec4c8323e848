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
    var live = engine.live(engine.newProgress())
    var log = AwardLog(.off)
    var index = 0
    for chunk in history.chunks {
      for line in chunk.lines {
        let event = try resolve(line, index)
        if event.kind == .retraction { return try state(of: history).progress }
        do {
          try engine.apply(event, to: &live, log: &log)
        } catch {
          // Out of date order (a late event, or one on a closed day): the batch path places it.
          if case .outOfOrder = error { return try state(of: history).progress }
          throw ReplayFailure(index: index, eventID: event.id, message: error.message)
        }
        index += 1
      }
    }
    return live.progress
  }

  /// The whole player the history gives under this pack — progress, kept window, event ids —
  /// exactly as a store that applied the same chunks with this pack holds it.
  /// - Throws: ``ReplayFailure`` as ``progress(of:)``.
  public func state(of history: EventHistory) throws(ReplayFailure) -> PlayerState {
    var state = engine.newPlayer(windowDays: history.chunks.first?.windowDays ?? 60)
    var offset = 0
    for chunk in history.chunks {
      state.history.windowDays = Swift.min(Swift.max(chunk.windowDays, 1), 3650)
      var batch: [(event: ResolvedEvent, line: String)] = []
      batch.reserveCapacity(chunk.lines.count)
      for (position, line) in chunk.lines.enumerated() {
        batch.append((try resolve(line, offset + position), String(decoding: line, as: UTF8.self)))
      }
      let result = engine.record(batch: batch, to: &state)
      if let failure = result.failure {
        throw ReplayFailure(index: offset + failure.index, eventID: batch[failure.index].event.id, message: failure.error.message)
      }
      if let position = result.outcomes.firstIndex(where: { !Self.isApplied($0) }) {
        throw ReplayFailure(
          index: offset + position, eventID: batch[position].event.id,
          message: "the event is not applied again (\(Self.describe(result.outcomes[position])))")
      }
      offset += chunk.lines.count
    }
    return state
  }

  /// An event line resolved against the pack: the fast decoder, else the full one (which says why).
  private func resolve(_ line: ArraySlice<UInt8>, _ index: Int) throws(ReplayFailure) -> ResolvedEvent {
    if let event = line.withUnsafeBufferPointer({ fast.decode($0) }) { return event }
    do {
      return try full.resolveFully(line: Array(line), file: "history", lineNumber: index + 1)
    } catch {
      throw ReplayFailure(index: index, eventID: "", message: error.diagnostics.first?.message ?? "the event cannot be read")
    }
  }

  /// Whether an outcome applied its event (a logged event always did).
  static func isApplied(_ outcome: PlayerOutcome) -> Bool {
    switch outcome {
    case .applied, .late, .retracted: return true
    case .duplicate, .beforeWindow: return false
    }
  }

  static func describe(_ outcome: PlayerOutcome) -> String {
    switch outcome {
    case .duplicate: return "its id was applied before"
    case .beforeWindow(let start): return "dated before the window, which starts on \(start.iso)"
    default: return "applied"
    }
  }
}
