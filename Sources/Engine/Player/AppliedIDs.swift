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
    var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    var mixed: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(id.utf8.count)
    for byte in id.utf8 {
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

  package static func < (a: Fingerprint, b: Fingerprint) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }

  /// Big-endian bytes, high then low.
  package var bytes: [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
  }

  /// Reads 16 big-endian bytes at an offset.
  package init(bytes: some Collection<UInt8>, at offset: Int) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var index = bytes.index(bytes.startIndex, offsetBy: offset)
    for position in 0..<16 {
      if position < 8 { high = high << 8 | UInt64(bytes[index]) } else { low = low << 8 | UInt64(bytes[index]) }
      index = bytes.index(after: index)
    }
    self.init(high: high, low: low)
  }
}

/// Every event id a player ever applied, as fingerprints: 16 bytes per id in application order
/// (what a store appends), plus a sorted index for lookups, and the ids of the last few thousand
/// events in a hash set until they are merged into the index.
package struct AppliedIDs: Sendable {
  /// All fingerprints, in the order the events were applied.
  package private(set) var ordered: [Fingerprint] = []
  private var sorted: [Fingerprint] = []
  private var recent: Set<Fingerprint> = []

  package init() {}

  package init(ordered: [Fingerprint]) {
    self.ordered = ordered
    sorted = ordered.sorted()
  }

  package var count: Int { ordered.count }

  package func contains(_ fingerprint: Fingerprint) -> Bool {
    if recent.contains(fingerprint) { return true }
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < fingerprint { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == fingerprint
  }

  /// Adds a fingerprint; false when it was already there.
  @discardableResult
  package mutating func insert(_ fingerprint: Fingerprint) -> Bool {
    guard !contains(fingerprint) else { return false }
    ordered.append(fingerprint)
    recent.insert(fingerprint)
    if recent.count >= 4096 {
      sorted = merge(sorted, recent.sorted())
      recent.removeAll(keepingCapacity: true)
    }
    return true
  }

  private func merge(_ a: [Fingerprint], _ b: [Fingerprint]) -> [Fingerprint] {
    var result: [Fingerprint] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i] < b[j]) {
        result.append(a[i])
        i += 1
      } else {
        result.append(b[j])
        j += 1
      }
    }
    return result
  }
}

extension AppliedIDs: Hashable {
  package static func == (a: AppliedIDs, b: AppliedIDs) -> Bool { a.ordered == b.ordered }
  package func hash(into hasher: inout Hasher) { hasher.combine(ordered.count) }
}
