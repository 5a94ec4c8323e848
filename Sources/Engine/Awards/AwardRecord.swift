import RuleLanguage

/// The compact forms in which phases record awards: plain values with indexes into the pack
/// rather than names (each mechanic defines its own in its folder, as `Recorded.Name`).
package enum Recorded {}

/// An award as a phase records it: a plain value (no references, no names: indexes into the
/// pack), turned into its public payload only for callers that want awards.
package protocol RecordedAward: BitwiseCopyable, Sendable {
  /// The public award it becomes.
  associatedtype Payload: AwardPayload
  /// The public award, with names from the pack; the record's ranges and text indexes point
  /// into the log's explanation numbers and names.
  func payload(in log: borrowing AwardLog, pack: RulePack) -> Payload
  /// Writes the public payload's JSON fields (``AwardPayload/write(_:)``'s bytes, each member
  /// after a comma: they follow the award's envelope). A record whose payload has a field list
  /// (``FieldListPayload``) writes through it by default; the others write straight from the
  /// record (their payloads build arrays and Strings).
  func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer)
  /// ``writePayload(in:pack:to:)`` of the record a ``AwardRecord`` stores (the type's witness,
  /// specialized for it: no generic load of the record).
  static func writePayload(
    stored storage: AwardRecord.Storage, in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer)
  /// The `type` of the award's JSON form.
  static var typeName: String { get }
}

/// A public payload built from its record without heap work of its own (names are the pack's
/// Strings), whose fields are written from one list into a ``JSONWriter`` (its
/// ``AwardPayload/write(_:)``) and into an award line (its record's
/// ``RecordedAward/writePayload(in:pack:to:)``).
package protocol FieldListPayload: AwardPayload {
  /// Writes the payload's fields, in their documented order (docs/events.md).
  func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink)
}

extension RecordedAward where Payload: FieldListPayload {
  /// Writes the payload's fields through its field list.
  @inline(__always)
  package func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
    payload(in: log, pack: pack).writeFields(&out)
  }
}

extension RecordedAward {
  /// Loads the stored record and writes its payload's fields.
  package static func writePayload(
    stored storage: AwardRecord.Storage, in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer
  ) {
    withUnsafeBytes(of: storage) { $0.load(as: Self.self) }.writePayload(in: log, pack: pack, to: &out)
  }

  /// The payload's `type`.
  package static var typeName: String { Payload.type }
}

/// One award as the engine records it: its day, its record's type and the record's bytes (a
/// fixed-size value, so a log of records is one flat array, whatever the mechanics).
package struct AwardRecord: Sendable {
  /// The day the award belongs to (for a nutrition target, the day settled).
  package var day: Day
  /// The recorded type: what converts and writes the record (no table to look it up in).
  package let recordType: any RecordedAward.Type
  /// The recorded type's identity.
  package var type: ObjectIdentifier { ObjectIdentifier(recordType) }
  private var storage: Storage

  /// Room for the largest record (a test checks every registered record fits).
  package typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
  package static let capacity = MemoryLayout<Storage>.size

  @inline(__always)
  package init<Record: RecordedAward>(day: Day, _ record: Record) {
    precondition(
      MemoryLayout<Record>.size <= Self.capacity && MemoryLayout<Record>.alignment <= 8,
      "\(Record.self) is too large to record")
    self.day = day
    recordType = Record.self
    storage = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: record, as: Record.self) }
  }

  /// The record, when it is one of this type.
  @inline(__always)
  package func record<Record: RecordedAward>(as type: Record.Type) -> Record? {
    guard self.type == ObjectIdentifier(Record.self) else { return nil }
    return withUnsafeBytes(of: storage) { $0.load(as: Record.self) }
  }

  /// The public award of a record, with names from the pack.
  package func award(eventID: String, player: String? = nil, log: borrowing AwardLog, pack: RulePack) -> Award {
    Award(eventID: eventID, player: player, day: day, payload: payload(recordType, log: log, pack: pack))
  }

  private func payload<Record: RecordedAward>(_ type: Record.Type, log: borrowing AwardLog, pack: RulePack)
    -> any AwardPayload
  {
    withUnsafeBytes(of: storage) { $0.load(as: Record.self) }.payload(in: log, pack: pack)
  }

  /// Writes the record's payload fields (``RecordedAward/writePayload(in:pack:to:)``).
  func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
    recordType.writePayload(stored: storage, in: log, pack: pack, to: &out)
  }
}

extension AwardLog {
  /// The name a record refers to by index (nil for −1 or an index the log does not have).
  package func text(_ index: Int32) -> String? {
    texts.indices.contains(Int(index)) ? texts[Int(index)] : nil
  }
}

extension [Double] {
  /// The explanation numbers of a range (empty when the range does not fit).
  package func slice(_ range: ValueRange) -> ArraySlice<Double> {
    let end = Int(range.start + range.count)
    guard range.count > 0, range.start >= 0, end <= count else { return [] }
    return self[Int(range.start)..<end]
  }
}
