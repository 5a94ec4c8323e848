extension PlayerState {
  /// Drops what the engine rebuilds when it needs it: the per-day snapshots of the
  /// progress (rebuilt by one replay of the window when a late event, a retraction or the window's
  /// fold needs them) and the kept events' resolved forms (resolved again from their lines). The
  /// same player, exactly: what a store reads back has neither.
  package mutating func shrink() {
    history.snapshots = [:]
    history.hasAllSnapshots = history.kept.isEmpty
    for index in history.kept.indices where history.kept[index].resolved != nil {
      history.kept[index].resolved = nil
    }
  }

  /// The memory a player takes, estimated from its parts (the stores' cache budget), counting
  /// each heap block with its header and the allocator's rounding: the progress and the
  /// checkpoint, the per-day snapshots (each what its day changed), the kept events with their
  /// lines, ids and resolved forms, and the applied ids (ordered and hashed). O(kept events +
  /// entries). Within a few percent of the heap growth measured over 400 players of 30 days.
  package var estimatedBytes: Int {
    let progress = live.progress.estimatedBytes
    var kept = heapBlock(MemoryLayout<KeptEvent>.stride * history.kept.count)
    for event in history.kept {
      kept += heapString(event.line) + heapString(event.id)
      if let resolved = event.resolved {
        kept += heapBlock(16 + MemoryLayout<ResolvedEvent>.stride)
        kept += heapBlock(32 + resolved.exercises.count * 4) + heapBlock(32 + resolved.sets.count * 24)
        kept += resolved.player.map(heapString) ?? 0
      }
    }
    // A snapshot shares the arrays its day left unchanged: measured at about an eighth of the
    // progress, plus its place in the dictionary (load factor 3/4 at worst, so two slots).
    let snapshots = history.snapshots.count * (progress / 8 + 2 * (MemoryLayout<PlayerProgress>.stride + 8))
    return MemoryLayout<PlayerState>.stride + progress + history.checkpoint.estimatedBytes + snapshots + kept
      + history.ids.count * 56 + history.retracted.count * 32 + heapBlock(32 + live.cursors.count * 8)
  }
}

/// The bytes a heap block of `size` takes: glibc's 8-byte header, rounded up to 16, at least 32.
package func heapBlock(_ size: Int) -> Int { Swift.max(32, (size + 8 + 15) & ~15) }

/// The heap a string takes beyond its inline 16 bytes (up to 15 UTF-8 bytes are inline).
func heapString(_ text: String) -> Int { text.utf8.count <= 15 ? 0 : heapBlock(32 + text.utf8.count + 1) }

extension PlayerProgress {
  /// The memory a progress takes, estimated: its fixed part and its per-entry arrays (each a
  /// heap block of a 32-byte header and its elements, plus a share of their names). An array's
  /// room is taken as its count rounded up to a power of two (as appending grows it), not its
  /// `capacity`: on Linux that is the allocator's usable size of the block, which depends on
  /// what was freed before — and the estimate decides where a batch ends, so it must depend on
  /// the events alone.
  var estimatedBytes: Int {
    func array<T>(_ values: [T], extra: Int = 0) -> Int {
      let room = values.isEmpty ? 0 : 1 << (Int.bitWidth - (values.count - 1).leadingZeroBitCount)
      return heapBlock(32 + room * MemoryLayout<T>.stride) + values.count * extra
    }
    var total = MemoryLayout<PlayerProgress>.stride
    total += array(categories) + array(loads) + array(achievements) + array(companions.members, extra: 16)
    total += array(records, extra: 16) + records.reduce(0) { $0 + array($1.repsAtWeight) }
    total += array(nutrition.recentIntake) + array(quests.quests) + array(quests.periods, extra: 64)
    total += array(seasons.seasons) + array(rest.paused) + array(rest.quarters) + array(goals.history)
    return total
  }
}
