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
    var offset = 0
    while offset + 8 <= bytes.count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    guard offset < bytes.count else { return }
    var word: UInt64 = 0
    for index in offset..<bytes.count { word |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
    mix(word)
  }

  /// The checksum as SQLite stores an integer.
  var stored: Int64 { Int64(bitPattern: value) }
}
