import RuleLanguage

extension Engine {
  /// The values a player's formulas read between events: every fact of the `player` scope (the
  /// player's and the companion's, what achievement conditions see) for a saved player, bound to
  /// this pack first; other slots read 0. One slot per fact of the pack (``FactTable``), for
  /// `fitquest eval --state`.
  package func playerFactValues(_ saved: PlayerState) throws(EngineError) -> [Double] {
    var player = saved
    try bind(&player)
    var progress = player.live.progress
    var values = [Double](repeating: 0, count: max(1, plan.slotCount))
    var scratch = [Double](repeating: 0, count: plan.slotCount + plan.stackDepth + 1)
    let readable = pack.facts.facts.indices.filter { pack.facts.facts[$0].scopes.contains(.player) }
    scratch.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      var context = EventContext(
        day: progress.today.day ?? Day(0), slots: base, stack: base + plan.slotCount, stackCapacity: plan.stackDepth,
        tables: plan.tables, recording: false, explaining: false)
      for slot in readable where slot < plan.slotCount { values[slot] = read(slot, &context, &progress) }
    }
    return values
  }
}
