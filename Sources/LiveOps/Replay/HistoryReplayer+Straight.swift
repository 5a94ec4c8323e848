import Engine

extension HistoryReplayer {
  /// The whole player of a history applied in date order without retractions or repeated ids —
  /// almost every one — built without the store's batch path: each event is applied once
  /// straight to the progress (no awards, no window replays), and the window the batch path
  /// would have left is derived. Nil when the history needs the batch path (an event out of date
  /// order, a retraction, an id applied before, an event the pack refuses): that path then gives
  /// the state or the error.
  ///
  /// The batch path keeps each event and, after each, folds the events dated before
  /// `latest day − (window − 1)` into the checkpoint. In date order the latest day is the
  /// event's own, so the events kept at the end are those dated on or after the largest such
  /// start over the history (each event with its chunk's window), and the checkpoint is the
  /// progress before the first of them.
  func straightState(of history: EventHistory, events: [ResolvedEvent]) -> PlayerState? {
    let firstWindow = history.chunks.first?.windowDays ?? 60
    var state = engine.newPlayer(windowDays: firstWindow)
    return events.withUnsafeBufferPointer { buffer -> PlayerState? in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        state.history.windowDays = Self.clamped(history.chunks.last?.windowDays ?? firstWindow)
        return state
      }
      // The start of the window the batch path ends with: the largest fold start.
      var foldStart = Int.min
      var index = 0
      for chunk in history.chunks {
        let window = Self.clamped(chunk.windowDays)
        for _ in chunk.lines {
          foldStart = Swift.max(foldStart, base[index].day.number - (window - 1))
          index += 1
        }
      }
      var live = engine.newLivePlayer()
      var checkpoint = live.progress
      var ids = state.history.ids
      var log = AwardLog(.off)
      var cut = buffer.count
      for index in buffer.indices {
        let event = base + index
        if event.pointee.kind == .retraction { return nil }
        let fingerprint = Fingerprint(event.pointee.id)
        if ids.contains(fingerprint) { return nil }
        if cut == buffer.count && event.pointee.day.number >= foldStart {
          cut = index
          checkpoint = live.progress
        }
        do throws(EngineError) {
          try engine.apply(event, to: &live, log: &log)
        } catch {
          return nil
        }
        ids.append(fingerprint)
      }
      var kept: [KeptEvent] = []
      kept.reserveCapacity(buffer.count - cut)
      index = 0
      for chunk in history.chunks {
        for line in chunk.lines {
          if index >= cut {
            kept.append(
              KeptEvent(
                base[index], line: String(decoding: line, as: UTF8.self), seq: index, keepingResolved: false))
          }
          index += 1
        }
      }
      state.history.windowDays = Self.clamped(history.chunks.last?.windowDays ?? firstWindow)
      state.live = live
      state.history.checkpoint = checkpoint
      state.history.kept = KeptEvents(kept)
      state.history.ids = ids
      state.history.latestDay = base[buffer.count - 1].day
      state.history.appliedCount = buffer.count
      state.history.nextSeq = buffer.count
      return state
    }
  }

  /// A window as the engine keeps it (1–3,650 days).
  static func clamped(_ windowDays: Int) -> Int { Swift.min(Swift.max(windowDays, 1), 3650) }
}
