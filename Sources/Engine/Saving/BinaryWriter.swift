/// Writes FitQuest's compact binary forms (the player progress of ``PlayerProgress/binary(for:)``,
/// and whatever a store keeps beside it): unsigned integers as LEB128 varints, signed ones
/// zigzagged first, Doubles as their 8 raw bytes (little-endian, so every value comes back
/// exactly), strings as a varint length and their UTF-8 bytes, optionals behind a 0/1 byte.
package struct BinaryWriter {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8]

  /// Creates a writer with room for `capacity` bytes.
  package init(capacity: Int = 2048) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  @inline(__always) package mutating func byte(_ value: UInt8) { bytes.append(value) }

  @inline(__always) package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// An unsigned varint: 7 bits per byte, low bits first.
  @inline(__always)
  package mutating func unsigned(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// A signed integer, zigzagged (small magnitudes take one byte either side of zero).
  @inline(__always)
  package mutating func int64(_ value: Int64) {
    unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  @inline(__always) package mutating func int(_ value: Int) { int64(Int64(value)) }

  /// 8 raw bytes, little-endian.
  @inline(__always)
  package mutating func raw64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A Double as its bits (NaN payloads, signed zeros and every digit kept).
  @inline(__always) package mutating func double(_ value: Double) { raw64(value.bitPattern) }

  /// A day as its day number.
  @inline(__always) package mutating func day(_ value: Day) { int(value.number) }

  package mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      unsigned(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// An optional: 0, or 1 and the value.
  @inline(__always)
  package mutating func optional<Value>(_ value: Value?, _ write: (inout BinaryWriter, Value) -> Void) {
    guard let value else { return byte(0) }
    byte(1)
    write(&self, value)
  }

  /// A list: its count, then each element.
  @inline(__always)
  package mutating func list<Element>(_ values: [Element], _ write: (inout BinaryWriter, Element) -> Void) {
    unsigned(UInt64(values.count))
    for value in values { write(&self, value) }
  }

  /// Writes a section whose length precedes it: the body is written, then its length is
  /// inserted in front (bodies are small, so the move is a few bytes).
  package mutating func lengthPrefixed(_ body: (inout BinaryWriter) -> Void) {
    let start = bytes.count
    body(&self)
    insertUnsigned(UInt64(bytes.count - start), at: start)
  }

  /// Inserts an unsigned varint at an offset already written (a length or count known only
  /// once what follows it is written; the bytes after it move).
  package mutating func insertUnsigned(_ value: UInt64, at offset: Int) {
    var varint = BinaryWriter(capacity: 10)
    varint.unsigned(value)
    bytes.insert(contentsOf: varint.bytes, at: offset)
  }

  /// Appends bytes as they are.
  package mutating func append(_ raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

  /// Appends an array's bytes as they are (one copy: the generic form, called from another
  /// module, steps through them one by one).
  package mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
}
