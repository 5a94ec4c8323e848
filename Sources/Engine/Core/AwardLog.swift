/// Where the engine writes awards: compact records (plain values, no strings), plus the numbers
/// of explanations (XP breakdowns, the values a condition read) when asked. Callers that want
/// only the state use ``Mode/off`` and pay nothing; others turn records into ``Award`` values
/// (``AwardLog/awards(eventID:player:pack:)``) or read them directly (the simulation's recorder).
package struct AwardLog: Sendable {
  package enum Mode: Sendable {
    /// No awards (the state is all the caller wants).
    case off
    /// Awards without explanations.
    case records
    /// Awards with their explanations.
    case explained
  }

  package var mode: Mode
  package private(set) var records: [AwardRecord] = []
  /// Explanation numbers, referenced by records as ranges.
  package private(set) var values: [Double] = []
  /// Names records refer to by index (records hold no strings).
  package private(set) var texts: [String] = []

  package init(_ mode: Mode) {
    self.mode = mode
    if mode != .off { records.reserveCapacity(32) }
  }

  /// Makes room for at least this many records and explanation numbers (a log kept for a whole
  /// batch grew by doubling, each time copying every record before).
  package mutating func reserve(records recordCount: Int, values valueCount: Int) {
    guard mode != .off else { return }
    records.reserveCapacity(recordCount)
    if mode == .explained { values.reserveCapacity(valueCount) }
  }

  package var isRecording: Bool { mode != .off }
  package var isExplaining: Bool { mode == .explained }

  @inline(__always)
  package mutating func append(_ record: AwardRecord) {
    records.append(record)
  }

  /// Appends explanation numbers; returns their range.
  @inline(__always)
  package mutating func append(values newValues: some Sequence<Double>) -> ValueRange {
    let start = values.count
    values.append(contentsOf: newValues)
    return ValueRange(start: Int32(start), count: Int32(values.count - start))
  }

  /// Appends one explanation number (the caller extends its range).
  @inline(__always)
  package mutating func append(value: Double) {
    values.append(value)
  }

  /// Keeps a name a record refers to; returns its index (−1 when not recording).
  package mutating func append(text: String) -> Int32 {
    guard isRecording else { return -1 }
    texts.append(text)
    return Int32(texts.count - 1)
  }

  package mutating func removeAll() {
    records.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    texts.removeAll(keepingCapacity: true)
  }

  /// The explanation numbers of a range.
  package func values(_ range: ValueRange) -> ArraySlice<Double> {
    values[Int(range.start)..<Int(range.start + range.count)]
  }
}

/// A range of a log's explanation numbers.
package struct ValueRange: Sendable, Equatable, BitwiseCopyable {
  package var start: Int32
  package var count: Int32

  package static let empty = ValueRange(start: 0, count: 0)
}
