extension PlayerState {
  /// The memory a player takes, estimated from its parts (the stores' cache budget): the
  /// progress and the checkpoint, the per-day copies of the progress, the kept events with their
  /// lines and resolved forms, and 24 bytes per applied id. O(kept events + entries).
  package var estimatedBytes: Int {
    let progress = live.progress.estimatedBytes
    var kept = 0
    for event in history.kept {
      kept += MemoryLayout<KeptEvent>.stride + event.line.utf8.count + 32
      if let resolved = event.resolved {
        kept += resolved.exercises.count * 4 + resolved.sets.count * MemoryLayout<ResolvedSet>.stride + 64
      }
    }
    return MemoryLayout<PlayerState>.stride + progress + history.checkpoint.estimatedBytes
      + history.snapshots.count * (progress / 2 + 48) + kept + history.ids.count * 24 + history.retracted.count * 24
      + live.cursors.count * 8
  }
}

extension PlayerProgress {
  /// The memory a progress takes, estimated: its fixed part and its per-entry arrays (each
  /// element's size plus a share of its names), with 32 bytes of array header each.
  var estimatedBytes: Int {
    func array<T>(_ values: [T], extra: Int = 0) -> Int { 32 + values.count * (MemoryLayout<T>.stride + extra) }
    var total = MemoryLayout<PlayerProgress>.stride
    total += array(categories) + array(loads) + array(achievements) + array(companions.members, extra: 16)
    total += array(records, extra: 16) + records.reduce(0) { $0 + array($1.repsAtWeight) }
    total += array(nutrition.recentIntake) + array(quests.quests) + array(quests.periods, extra: 64)
    return total
  }
}
