/// A 64-bit hash of bytes taken 8 at a time (FNV-1a's step on words: xor, then multiply by the
/// FNV prime), finished with the length and a final mix. Not cryptographic: it detects damage
/// (any change of one 8-byte word always changes it) and tells lists of names apart, at about a
/// byte per cycle — the checksum of binary states and the digest of a pack's names.
package struct WordHash {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private var length: UInt64 = 0

  package init() {}

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* 0x100_0000_01b3
  }

  /// Adds bytes (any split of the same bytes into calls gives another hash: each call is framed).
  package mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    let count = bytes.count
    while index + 8 <= count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      tail |= UInt64(bytes[index]) << shift
      shift += 8
      index += 1
    }
    mix(tail ^ (UInt64(count & 7) << 56))
    length &+= UInt64(count)
  }

  /// Adds a string's UTF-8 bytes.
  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
  }

  /// The hash.
  package var final: UInt64 {
    var h = value ^ length
    h ^= h >> 33
    h &*= 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    return h
  }

  /// The hash of a list of names (0 is never returned: it means "no names").
  package static func names(_ names: some Sequence<String>) -> UInt64 {
    var hash = WordHash()
    for name in names { hash.add(name) }
    return max(1, hash.final)
  }
}
