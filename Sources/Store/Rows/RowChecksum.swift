/// A 64-bit checksum of a stored row: its key, its numbers and its bytes, 8 bytes at a time
/// (multiply by the FNV prime, then fold the high bits down). Every step is a bijection of the
/// running value, so a change confined to one 8-byte word — any single flipped bit — always
/// changes the checksum; other damage goes unnoticed with a chance of about 2⁻⁶⁴.
struct RowChecksum {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  init() {}

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* 0x100_0000_01b3
    value ^= value >> 29
  }

  /// Adds a number.
  mutating func add(_ number: Int64) { mix(UInt64(bitPattern: number)) }

  /// Adds bytes and their count (so that concatenations differ).
  mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }

  /// Adds bytes and their count.
  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    mix(UInt64(bytes.count))
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var offset = 0
    // Four words a turn, mixed in order (the same value as one at a time): a log row's lines and
    // a snapshot are kilobytes, and the loop's own test and step were a third of its instructions.
    while offset + 32 <= count {
      mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
      mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
      mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
      offset += 32
    }
    while offset + 8 <= count {
      mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    guard offset < count else { return }
    // The last 1–7 bytes, the first of them lowest (as a little-endian load of them zero-padded).
    var word: UInt64 = 0
    let last = UnsafeRawBufferPointer(start: base + offset, count: count - offset)
    withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: last) }
    mix(UInt64(littleEndian: word))
  }

  /// The checksum as SQLite stores an integer.
  var stored: Int64 { Int64(bitPattern: value) }
}
