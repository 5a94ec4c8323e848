/// A pack's ASCII names (categories, exercises and their aliases) looked up by their bytes, so
/// the fast event decoder resolves a name without making a String and hashing it. It holds
/// exactly the ASCII keys of the pack's String-keyed index, each with that index's value: a byte
/// match is then the String lookup's answer (the index's keys are distinct under String equality,
/// so no other key equals these bytes). A miss is not an answer — a non-ASCII name can equal an
/// ASCII one under String equality (U+212A KELVIN SIGN is "K") — so callers then ask the index.
/// Each name also tells whether it is, byte for byte, the spelling the pack writes for its value
/// (an exercise's name rather than one of its aliases).
struct NameTable: Sendable {
  /// The names' bytes, one after another.
  private var bytes: [UInt8] = []
  /// Open addressing, linear probing: (start in `bytes`, length, value, whether the name is the
  /// value's written spelling); length −1 is empty.
  private var slots: [(start: Int32, count: Int32, value: Int32, isSpelling: Bool)]
  private let mask: Int

  /// A table of an index's ASCII names; `spelling` gives the name the pack writes for a value.
  init(_ index: [String: Int], spelling: (Int) -> String) {
    var size = 8
    while size < index.count * 2 { size *= 2 }
    mask = size - 1
    slots = Array(repeating: (0, -1, 0, false), count: size)
    // In byte order, so the table does not depend on the dictionary's order.
    let names = index.filter { $0.key.utf8.allSatisfy { $0 < 0x80 } }.sorted {
      $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }
    for (name, value) in names {
      var slot = Self.hash(name.utf8) & mask
      while slots[slot].count >= 0 { slot = (slot + 1) & mask }
      let isSpelling = name.utf8.elementsEqual(spelling(value).utf8)
      slots[slot] = (Int32(bytes.count), Int32(name.utf8.count), Int32(value), isSpelling)
      bytes += name.utf8
    }
  }

  /// The value of a name given as bytes and whether the name is its written spelling; nil when
  /// the table does not hold it.
  func entry(of name: UnsafeBufferPointer<UInt8>) -> (value: Int, isSpelling: Bool)? {
    var slot = Self.hash(name) & mask
    return slots.withUnsafeBufferPointer { slots in
      bytes.withUnsafeBufferPointer { bytes in
        while true {
          let entry = slots[slot]
          if entry.count < 0 { return nil }
          if Int(entry.count) == name.count
            && UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)])
              .elementsEqual(name)
          {
            return (Int(entry.value), entry.isSpelling)
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  /// FNV-1a, 64 bits.
  private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash)
  }
}
