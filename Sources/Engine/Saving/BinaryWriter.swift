/// Writes FitQuest's compact binary forms (the player progress of ``PlayerProgress/binary(for:)``,
/// and whatever a store keeps beside it): unsigned integers as LEB128 varints, signed ones
/// zigzagged first, Doubles as their 8 raw bytes (little-endian, so every value comes back
/// exactly), strings as a varint length and their UTF-8 bytes, optionals behind a 0/1 byte.
///
/// The bytes go into memory of its own through a pointer, room made at most once per value:
/// appending to an `[UInt8]` checked the array's uniqueness (a call into the runtime) and its
/// capacity for every byte, and the calls from another module (a store's snapshot) were not
/// inlined. It cannot be copied (its memory is its own), so a writer is passed `inout`.
package struct BinaryWriter: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  /// The bytes written.
  @usableFromInline var written = 0
  @usableFromInline var capacity: Int

  /// Creates a writer with room for `capacity` bytes.
  package init(capacity: Int = 2048) {
    self.capacity = Swift.max(capacity, 16)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written so far, copied out.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: written)) }

  /// How many bytes are written.
  package var count: Int { written }

  /// Calls `body` with the bytes written from `offset` on, in place.
  package func withBytes<Result>(from offset: Int = 0, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    precondition(offset >= 0 && offset <= written, "an offset among the bytes written")
    return body(UnsafeRawBufferPointer(start: base + offset, count: written - offset))
  }

  /// Makes room for `more` bytes after those written.
  @inlinable @inline(__always)
  mutating func reserve(_ more: Int) {
    if written + more > capacity { grow(more) }
  }

  @usableFromInline @inline(never)
  mutating func grow(_ more: Int) {
    let newCapacity = Swift.max(2 * capacity, written + more)
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    memory.initialize(from: base, count: written)
    base.deallocate()
    base = memory
    capacity = newCapacity
  }

  /// Copies bytes in (room made by the caller).
  @inlinable @inline(__always)
  mutating func put(_ source: UnsafeRawBufferPointer) {
    if let start = source.baseAddress {
      UnsafeMutableRawPointer(base + written).copyMemory(from: start, byteCount: source.count)
    }
    written += source.count
  }

  @inlinable @inline(__always)
  package mutating func byte(_ value: UInt8) {
    reserve(1)
    base[written] = value
    written += 1
  }

  @inlinable @inline(__always) package mutating func bool(_ value: Bool) { byte(value ? 1 : 0) }

  /// An unsigned varint: 7 bits per byte, low bits first.
  @inlinable @inline(__always)
  package mutating func unsigned(_ value: UInt64) {
    // 10 bytes at most (64 bits, 7 a byte).
    reserve(10)
    var rest = value
    while rest >= 0x80 {
      base[written] = UInt8(truncatingIfNeeded: rest) | 0x80
      written += 1
      rest >>= 7
    }
    base[written] = UInt8(truncatingIfNeeded: rest)
    written += 1
  }

  /// A signed integer, zigzagged (small magnitudes take one byte either side of zero).
  @inlinable @inline(__always)
  package mutating func int64(_ value: Int64) {
    unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  @inlinable @inline(__always) package mutating func int(_ value: Int) { int64(Int64(value)) }

  /// 8 raw bytes, little-endian.
  @inlinable @inline(__always)
  package mutating func raw64(_ value: UInt64) {
    reserve(8)
    UnsafeMutableRawPointer(base + written).storeBytes(of: value.littleEndian, as: UInt64.self)
    written += 8
  }

  /// A Double as its bits (NaN payloads, signed zeros and every digit kept).
  @inlinable @inline(__always) package mutating func double(_ value: Double) { raw64(value.bitPattern) }

  /// A day as its day number.
  @inlinable @inline(__always) package mutating func day(_ value: Day) { int(value.number) }

  /// A string: its UTF-8 byte count, then its bytes, read in place.
  @inlinable
  package mutating func string(_ value: String) {
    let stored: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
      unsigned(UInt64(utf8.count))
      reserve(utf8.count)
      put(UnsafeRawBufferPointer(utf8))
    }
    if stored == nil { append(Array(value.utf8), counted: true) }
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
    let start = written
    body(&self)
    insertUnsigned(UInt64(written - start), at: start)
  }

  /// Inserts an unsigned varint at an offset already written (a length or count known only
  /// once what follows it is written; the bytes after it move).
  package mutating func insertUnsigned(_ value: UInt64, at offset: Int) {
    precondition(offset >= 0 && offset <= written, "an offset among the bytes written")
    // Written at the end, set aside, then put in front of the bytes from `offset` on.
    let end = written
    unsigned(value)
    let length = written - end
    var varint: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &varint) { room in
      room.copyMemory(from: UnsafeRawBufferPointer(start: base + end, count: length))
    }
    (base + offset + length).update(from: base + offset, count: end - offset)
    withUnsafeBytes(of: &varint) { room in
      UnsafeMutableRawPointer(base + offset).copyMemory(from: room.baseAddress.unsafelyUnwrapped, byteCount: length)
    }
  }

  /// Appends bytes as they are.
  package mutating func append(_ raw: some Sequence<UInt8>) { append(Array(raw), counted: false) }

  /// Appends an array's bytes as they are (one copy).
  package mutating func append(_ raw: [UInt8]) { append(raw, counted: false) }

  /// Appends an array's bytes, after their count when `counted`.
  @usableFromInline
  mutating func append(_ raw: [UInt8], counted: Bool) {
    if counted { unsigned(UInt64(raw.count)) }
    reserve(raw.count)
    raw.withUnsafeBytes { put($0) }
  }
}
