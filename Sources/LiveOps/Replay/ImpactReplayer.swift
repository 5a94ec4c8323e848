import Engine

/// Replays a player's history under its base pack and under the candidate and compares them
/// (``PlayerImpact``). When the two packs resolve names alike (the usual rule change: a curve,
/// a multiplier, a tier) each line is decoded once for both. One per thread: it keeps a
/// replayer per base pack it has met.
public struct ImpactReplayer {
  /// The candidate's replayer.
  public let candidate: HistoryReplayer
  private var bases: [String: (replayer: HistoryReplayer, isAlike: Bool)] = [:]

  /// A replayer comparing against a candidate engine.
  public init(candidate: Engine) {
    self.candidate = HistoryReplayer(engine: candidate)
  }

  /// The impact of the candidate on one player, against `base` (its own pack, or the one given).
  ///
  /// `stored`: the player's progress as the store holds it, when it is known to be what `base`
  /// makes of the history's first `storedAt` events (nil: all of them) — the store applied every
  /// event under `base`'s pack, with no pack change or migration since. When the history applies
  /// straight under the candidate — in date order, without retractions: the base's replay would
  /// then apply it straight too, and pass where the store did — the stored progress stands for
  /// the base side (with the events after it applied straight under the base), and the base is
  /// not replayed. Otherwise both sides are replayed.
  public mutating func impact(
    player: String, history: EventHistory, base: Engine, stored: PlayerProgress? = nil, storedAt: Int? = nil
  ) -> PlayerImpact {
    let events = history.eventCount
    if let stored {
      var slow: [Int] = []
      if let resolved = try? candidate.resolve(history, slow: &slow),
        let candidateProgress = candidate.straightProgress(of: resolved),
        let baseProgress = storedBase(stored, at: storedAt ?? events, resolved, slow, history, base)
      {
        var impact = PlayerImpact(
          player: player, base: ReplaySide(baseProgress, pack: base.pack),
          candidate: ReplaySide(candidateProgress, pack: candidate.engine.pack), events: events)
        impact.isBaseStored = true
        return impact
      }
    }
    let (baseReplayer, isAlike) = replayer(for: base)
    var slow: [Int] = []
    let baseSide: ReplaySide
    var resolved: [ResolvedEvent]
    do {
      resolved = try baseReplayer.resolve(history, slow: &slow)
      baseSide = ReplaySide(try baseReplayer.progress(of: history, events: resolved), pack: base.pack)
    } catch {
      return PlayerImpact(player: player, problem: .failed(side: "base", error), events: events)
    }
    do {
      // The base's events are not needed any more: made the candidate's in place (no copy).
      if isAlike {
        try candidate.adopt(&resolved, slow: slow, of: history)
      } else {
        resolved = try candidate.resolve(history)
      }
      let candidateSide = ReplaySide(try candidate.progress(of: history, events: resolved), pack: candidate.engine.pack)
      return PlayerImpact(player: player, base: baseSide, candidate: candidateSide, events: events)
    } catch {
      return PlayerImpact(player: player, problem: .failed(side: "candidate", error), base: baseSide, events: events)
    }
  }

  /// The replayer of a base pack (made once per pack), and whether it resolves names as the
  /// candidate does.
  private mutating func replayer(for base: Engine) -> (replayer: HistoryReplayer, isAlike: Bool) {
    if let known = bases[base.pack.digest] { return known }
    let replayer = HistoryReplayer(engine: base)
    let known = (replayer, replayer.resolvesAlike(candidate))
    bases[base.pack.digest] = known
    return known
  }

  /// The base side from a stored progress of the first `at` events: itself when it covers them
  /// all, else with the rest applied straight under the base (the candidate's resolved events
  /// reused when the packs resolve alike; nil when one is not applied straight).
  private mutating func storedBase(
    _ stored: PlayerProgress, at: Int, _ resolved: [ResolvedEvent], _ slow: [Int], _ history: EventHistory,
    _ base: Engine
  ) -> PlayerProgress? {
    guard at < resolved.count else { return at == resolved.count ? stored : nil }
    let (baseReplayer, isAlike) = replayer(for: base)
    var events = resolved
    do {
      if isAlike {
        try baseReplayer.adopt(&events, slow: slow, of: history)
      } else {
        events = try baseReplayer.resolve(history)
      }
    } catch {
      return nil
    }
    return baseReplayer.straightProgress(from: stored, of: events[at...])
  }
}
