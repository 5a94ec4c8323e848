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
  public mutating func impact(player: String, history: EventHistory, base: Engine) -> PlayerImpact {
    let events = history.eventCount
    let known = bases[base.pack.digest]
    let baseReplayer = known?.replayer ?? HistoryReplayer(engine: base)
    let isAlike = known?.isAlike ?? baseReplayer.resolvesAlike(candidate)
    if known == nil { bases[base.pack.digest] = (baseReplayer, isAlike) }
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
}
