import RuleLanguage

/// Awards written as NDJSON lines straight from the engine's records (no ``Award`` values), for
/// a batch whose caller prints JSON (``Engine/record(batch:to:keepingResolved:writingJSON:deferringJSON:quiet:)``):
/// one byte buffer for the batch, each event's lines found by its batch index. The bytes are
/// exactly those of ``Award/write(to:)``, a line break after each award.
///
/// The engine notes each event's records as it applies them (``note(_:at:records:)``) in one log
/// for the batch, and ``write()`` turns them into bytes: at once, or later on another thread
/// (the records are plain values and the pack is immutable), while the engine applies other
/// players' events. A long batch of one player can also be cut into parts as it is applied
/// (``takePart(upTo:log:)``): each part takes the events noted so far and their log, is
/// written on another thread while the engine applies the next events, and is then absorbed
/// back (``absorb(_:)``). An event's envelope (`"event"`, `"player"`) is written and escaped once and
/// copied into each of its awards; a day's ISO date is rendered once for the awards of that day.
package struct AwardLines: Sendable {
  /// Each batch index's lines in the buffer, from ``base`` on (an empty range: none written; its
  /// outcome's awards are values).
  private var ranges: [Range<Int>]
  /// The first batch index these lines cover (0 but for a part).
  private let base: Int
  /// Where the next part begins (``takePart(upTo:log:)``).
  private var partStart = 0
  /// The parts taken back (``absorb(_:)``), in batch order, each with its own bytes.
  private var parts: [AwardLines] = []
  /// The lines of every event written, in batch order.
  private var bytes: [UInt8] = []
  /// The day whose ISO date `iso` holds (nil: none yet).
  private var isoDay: Day?
  /// `YYYY-MM-DD` of `isoDay`, when it has that form.
  private var iso: (UInt64, UInt16) = (0, 0)
  /// The batch's log: the records of every event noted, never cleared between them (their
  /// explanation ranges and name indexes point into it).
  private var log = AwardLog(.off)
  /// The events whose records are noted and not yet written, in batch order.
  private var pending: [Pending] = []
  /// The pack whose names the records refer to.
  private let pack: RulePack

  /// An event noted: its batch index, its records in the log, and its envelope's ids.
  private struct Pending: Sendable {
    var index: Int
    var records: Range<Int>
    var id: String
    var player: String?
  }

  /// Room for a batch of `count` events whose records refer to `pack`.
  package init(count: Int, pack: RulePack) {
    self.init(base: 0, count: count, pack: pack)
  }

  private init(base: Int, count: Int, pack: RulePack) {
    ranges = Array(repeating: 0..<0, count: count)
    self.base = base
    self.pack = pack
  }

  /// Takes the events noted so far (those before batch index `end`) out as a part of their own
  /// with the log their records are in, which is replaced by an empty one: the part is written
  /// (``write()``, on any thread) while later events are noted here, then given back to
  /// ``absorb(_:)``.
  package mutating func takePart(upTo end: Int, log: inout AwardLog) -> AwardLines {
    var part = AwardLines(base: partStart, count: end - partStart, pack: pack)
    swap(&part.pending, &pending)
    swap(&part.log, &log)
    log = AwardLog(part.log.mode)
    partStart = end
    return part
  }

  /// Takes in a part's lines, written (``takePart(upTo:log:)``): kept beside these with its own
  /// bytes (copying them in cost the applying thread a twentieth of its time), its events'
  /// lines found through it. Parts are absorbed in the order they were taken.
  package mutating func absorb(_ part: consuming AwardLines) {
    precondition(part.pending.isEmpty, "a part absorbed before it was written")
    parts.append(part)
  }

  /// Whether every event noted is written (``lines(at:)`` reads only written lines).
  package var isWritten: Bool { pending.isEmpty }

  /// The lines written for the event at a batch index (empty when none were).
  package func lines(at index: Int) -> ArraySlice<UInt8> {
    precondition(pending.isEmpty, "award lines read before they were written")
    guard ranges.indices.contains(index - base) else { return [] }
    let range = ranges[index - base]
    guard range.isEmpty, !parts.isEmpty else { return bytes[range] }
    // The last part that begins at or before the index (the parts are in batch order).
    var low = 0
    var high = parts.count
    while low < high {
      let middle = (low + high) / 2
      if parts[middle].base <= index { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return [] }
    // Read in place, field by field: the array's subscript, and then calling this method on the
    // buffer's element, copied the part (every field retained and released) for each event of a
    // batch written in parts.
    return parts.withUnsafeBufferPointer { buffer in
      let offset = index - buffer[low - 1].base
      guard buffer[low - 1].ranges.indices.contains(offset) else { return [] }
      return buffer[low - 1].bytes[buffer[low - 1].ranges[offset]]
    }
  }

  /// Notes that the event (`id`, `player`) at a batch index recorded the log's `records` (its
  /// awards, written by ``write()``).
  mutating func note(id: String, player: String?, at index: Int, records: Range<Int>) {
    guard !records.isEmpty else { return }
    pending.append(Pending(index: index, records: records, id: id, player: player))
  }

  /// Takes the batch's log, whose records the noted events refer to, and writes their lines
  /// unless `deferring` (the caller then calls ``write()``, on any thread).
  mutating func finish(_ log: consuming AwardLog, deferring: Bool) {
    guard !pending.isEmpty else { return }
    self.log = log
    if !deferring { write() }
  }

  /// Writes the lines of every event noted (then forgets the log).
  package mutating func write() {
    guard !pending.isEmpty else { return }
    // Room for the lines at about what a record writes (182 bytes on average over the award
    // benchmark's 50,000 lines, 277 at most), up to 8 MiB: more grows the buffer as needed. Room
    // per event was too little: half of the events record nothing and the others about four
    // records each, so a part of 512 events grew its buffer once, copying about 128 kB.
    bytes.reserveCapacity(Swift.min(log.records.count, 32_768) * 256)
    let log = self.log
    let events = pending
    pending = []
    self.log = AwardLog(.off)
    // Read in place: iterating copied each event's id and player (retained, then released).
    events.withUnsafeBufferPointer { events in
      for index in events.indices { write(events[index], log) }
    }
  }

  /// Writes one event's awards.
  private mutating func write(_ event: Pending, _ log: AwardLog) {
    let start = bytes.count
    defer { ranges[event.index - base] = start..<bytes.count }
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
      for position in event.records {
        let record = log.records[position]
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
