import RuleLanguage

/// Awards written as NDJSON lines straight from the engine's records (no ``Award`` values), for
/// a batch whose caller prints JSON (``Engine/record(batch:to:keepingResolved:writingJSON:)``):
/// one byte buffer for the batch, each event's lines found by its batch index. The bytes are
/// exactly those of ``Award/write(to:)``, a line break after each award.
///
/// Sendable: it holds only values (the writer's byte buffer and bookkeeping).
package struct AwardLines: @unchecked Sendable {
  /// Each batch index's lines in the buffer (an empty range: none written; its outcome's awards
  /// are values).
  private var ranges: [Range<Int>]
  /// The lines of every event written, in batch order (top-level values: no separators).
  private var writer = JSONWriter()

  /// Room for a batch of `count` events.
  package init(count: Int) {
    ranges = Array(repeating: 0..<0, count: count)
  }

  /// The lines written for the event at a batch index (empty when none were).
  package func lines(at index: Int) -> ArraySlice<UInt8> {
    guard ranges.indices.contains(index) else { return [] }
    return writer.bytes[ranges[index]]
  }

  /// Writes the awards a log recorded for the event at a batch index.
  mutating func write(_ log: borrowing AwardLog, event: ResolvedEvent, at index: Int, pack: RulePack) {
    let start = writer.bytes.count
    for record in log.records {
      record.writeJSON(eventID: event.id, player: event.player, log: log, pack: pack, to: &writer)
      writer.raw("\n")
    }
    ranges[index] = start..<writer.bytes.count
  }
}
