/// A 128-bit fingerprint of an event id's UTF-8 bytes: ids are compared as bytes (`café` in its
/// two Unicode forms is two ids), and a player's lifetime of ids is kept in 16 bytes each.
package struct Fingerprint: Sendable, Hashable, Comparable {
  package var high: UInt64
  package var low: UInt64

  package init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Two independent 64-bit hashes of the bytes: FNV-1a and a SplitMix64-mixed sum.
  package init(_ id: String) {
    // The bytes read as a buffer: iterating the string's UTF-8 view cost as much as the hashing.
    var id = id
    self = id.withUTF8 { Fingerprint(bytes: $0) }
  }

  /// ``init(_:)`` of a string's UTF-8 bytes.
  package init(bytes: UnsafeBufferPointer<UInt8>) {
    var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    var mixed: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.count)
    for byte in bytes {
      fnv = (fnv ^ UInt64(byte)) &* 0x100_0000_01b3
      mixed = Fingerprint.mix(mixed &+ UInt64(byte) &+ 0x9E37_79B9_7F4A_7C15)
    }
    high = Fingerprint.mix(mixed)
    low = fnv
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The bits are already uniformly mixed: one word is enough for hashing.
  package func hash(into hasher: inout Hasher) { hasher.combine(low) }

  package static func < (a: Fingerprint, b: Fingerprint) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }

  /// Appends the fingerprint's 16 bytes to a buffer: the high word, then the low, each big-endian
  /// (no array made per fingerprint).
  @inline(__always)
  package func append(to buffer: inout [UInt8]) {
    withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { buffer.append(contentsOf: $0) }
  }

  /// The bytes of fingerprints one after the other (a store's `ids` data, 16 bytes each).
  /// Not generic: called from other modules, a generic function would run unspecialized (about
  /// 700 instructions a fingerprint, against a few here).
  package static func bytes(of fingerprints: ArraySlice<Fingerprint>) -> [UInt8] {
    fingerprints.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: source.count * 16) { buffer, count in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        for (index, fingerprint) in source.enumerated() {
          raw.storeBytes(of: fingerprint.high.bigEndian, toByteOffset: index * 16, as: UInt64.self)
          raw.storeBytes(of: fingerprint.low.bigEndian, toByteOffset: index * 16 + 8, as: UInt64.self)
        }
        count = source.count * 16
      }
    }
  }

  /// The bytes of fingerprints one after the other (``bytes(of:)-(ArraySlice<Fingerprint>)``).
  package static func bytes(of fingerprints: [Fingerprint]) -> [UInt8] { bytes(of: fingerprints[...]) }

  /// Fingerprints from their bytes, 16 big-endian bytes each as ``bytes(of:)`` writes them
  /// (bytes after the last whole fingerprint are ignored: callers check the length).
  package static func list(from bytes: UnsafeRawBufferPointer) -> [Fingerprint] {
    (0..<bytes.count / 16).map { index in
      Fingerprint(
        high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self)),
        low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self)))
    }
  }

  /// Fingerprints from their bytes (``list(from:)-(UnsafeRawBufferPointer)``).
  package static func list(from bytes: [UInt8]) -> [Fingerprint] { bytes.withUnsafeBytes { list(from: $0) } }
}

/// Every event id a player ever applied, as fingerprints: 16 bytes per id in application order
/// (what a store appends), and an open-addressing index of their positions (the fingerprints'
/// bits are already uniformly mixed, so they need no further hashing): 24 bytes per id in all.
package struct AppliedIDs: Sendable {
  /// All fingerprints, in the order the events were applied.
  package private(set) var ordered: [Fingerprint] = []
  /// Positions in `ordered` (−1: empty), a power of two at least twice the count.
  private var table: [Int32] = []
  /// The smallest table: 64 slots, 256 bytes. (It was 1,024 slots: 4 KB for every player, most
  /// of whom have applied a few dozen events, zeroed when made; a player's memory estimate
  /// counts 56 bytes an id, not that minimum. Doubling from 64 places each id again fewer than
  /// twice on average.)
  static let smallestTable = 64

  package init() {}

  package init(ordered: [Fingerprint]) {
    for fingerprint in ordered where !contains(fingerprint) { append(fingerprint) }
  }

  package var count: Int { ordered.count }

  package func contains(_ fingerprint: Fingerprint) -> Bool {
    guard !table.isEmpty else { return false }
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: fingerprint.low) & mask
    while table[slot] >= 0 {
      if ordered[Int(table[slot])] == fingerprint { return true }
      slot = (slot + 1) & mask
    }
    return false
  }

  /// Adds a fingerprint; false when it was already there.
  @discardableResult
  package mutating func insert(_ fingerprint: Fingerprint) -> Bool {
    guard !contains(fingerprint) else { return false }
    append(fingerprint)
    return true
  }

  /// Adds a fingerprint known not to be there.
  package mutating func append(_ fingerprint: Fingerprint) {
    ordered.append(fingerprint)
    if ordered.count * 2 > table.count {
      table = Array(repeating: -1, count: Swift.max(Self.smallestTable, table.count * 2))
      for index in ordered.indices { place(index) }
    } else {
      place(ordered.count - 1)
    }
  }

  private mutating func place(_ index: Int) {
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: ordered[index].low) & mask
    while table[slot] >= 0 { slot = (slot + 1) & mask }
    table[slot] = Int32(truncatingIfNeeded: index)
  }
}

extension AppliedIDs: Hashable {
  package static func == (a: AppliedIDs, b: AppliedIDs) -> Bool { a.ordered == b.ordered }
  package func hash(into hasher: inout Hasher) { hasher.combine(ordered.count) }
}
