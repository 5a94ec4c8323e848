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
  /// makes of the whole history (the store applied every event under `base`'s pack, with no pack
  /// change or migration since). When the history applies straight under the candidate — in
  /// date order, without retractions: the base's replay would then apply it straight too, and
  /// end where the store did — it stands for the base side, and the base is not replayed.
  /// Otherwise both sides are replayed.
  public mutating func impact(
    player: String, history: EventHistory, base: Engine, stored: PlayerProgress? = nil
  ) -> PlayerImpact {
    let events = history.eventCount
    if let stored, let candidateProgress = try? candidate.straightProgress(of: candidate.resolve(history)) {
      var impact = PlayerImpact(
        player: player, base: ReplaySide(stored, pack: base.pack),
        candidate: ReplaySide(candidateProgress, pack: candidate.engine.pack), events: events)
      impact.isBaseStored = true
      return impact
    }
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
