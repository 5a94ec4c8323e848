import RuleLanguage

/// Awards written as NDJSON lines straight from the engine's records (no ``Award`` values), for
/// a batch whose caller prints JSON (``Engine/record(batch:to:keepingResolved:writingJSON:)``):
/// one byte buffer for the batch, each event's lines found by its batch index. The bytes are
/// exactly those of ``Award/write(to:)``, a line break after each award.
///
/// An event's envelope (`"event"`, `"player"`) is written and escaped once and copied into each
/// of its awards; a day's ISO date is rendered once for the awards of that day.
package struct AwardLines: Sendable {
  /// Each batch index's lines in the buffer (an empty range: none written; its outcome's awards
  /// are values).
  private var ranges: [Range<Int>]
  /// The lines of every event written, in batch order.
  private var bytes: [UInt8] = []
  /// The day whose ISO date `iso` holds (nil: none yet).
  private var isoDay: Day?
  /// `YYYY-MM-DD` of `isoDay`, when it has that form.
  private var iso: (UInt64, UInt16) = (0, 0)

  /// Room for a batch of `count` events, and for their lines at about what events write (half
  /// of the default pack's events write at most 285 bytes, one in ten more than 2 kB), up to
  /// 1 MiB: a longer batch grows the buffer as it needs.
  package init(count: Int) {
    ranges = Array(repeating: 0..<0, count: count)
    bytes.reserveCapacity(Swift.min(count, 2048) * 512)
  }

  /// The lines written for the event at a batch index (empty when none were).
  package func lines(at index: Int) -> ArraySlice<UInt8> {
    guard ranges.indices.contains(index) else { return [] }
    return bytes[ranges[index]]
  }

  /// Writes the awards a log recorded for the event at a batch index.
  mutating func write(_ log: borrowing AwardLog, event: ResolvedEvent, at index: Int, pack: RulePack) {
    let start = bytes.count
    defer { ranges[index] = start..<bytes.count }
    guard !log.records.isEmpty else { return }
    let log = copy log
    // An event's lines are written on the stack (the heap when they outgrow it), then copied.
    // 1,024 bytes is the most Swift puts on the stack without asking whether it is safe, which
    // on Linux it never knows: 2,048 went to the heap for every event.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
      var out = AwardJSONBuffer(lending: memory)
      // What every award of the event repeats after its type: `,"event":…,"date":"`.
      out.append(#","event":"#)
      out.string(event.id)
      if let player = event.player {
        out.append(#","player":"#)
        out.string(player)
      }
      out.append(#","date":""#)
      let envelope = 0..<out.count
      for record in log.records {
        out.append(#"{"type":""#)
        // Award types are plain names (AwardLinesTests checks): nothing to escape.
        var type = record.recordType.typeName
        type.withUTF8 { out.append($0) }
        out.byte(UInt8(ascii: "\""))
        out.repeatBytes(envelope)
        writeDate(record.day, to: &out)
        out.byte(UInt8(ascii: "\""))
        record.writePayload(in: log, pack: pack, to: &out)
        out.append("}\n")
      }
      bytes.append(contentsOf: out.written(from: envelope.count))
    }
  }

  /// Writes a day's ISO date (as ``Day/iso``), rendered once for a run of awards of that day.
  private mutating func writeDate(_ day: Day, to out: inout AwardJSONBuffer) {
    if day != isoDay {
      guard withUnsafeMutableBytes(of: &iso, { day.writeISO(to: $0) }) else {
        out.escaped(day.iso)
        return
      }
      isoDay = day
    }
    withUnsafeBytes(of: &iso) { out.append(UnsafeRawBufferPointer(rebasing: $0[0..<10])) }
  }
}
