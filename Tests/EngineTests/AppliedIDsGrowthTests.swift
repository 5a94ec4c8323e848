import Testing

@testable import Engine

/// The applied ids' index starts small and grows as ids come: every id is found at every size,
/// in the order applied, and no other id is, whatever the low bits that place them (ids with
/// equal low bits probe past each other).
@Suite struct AppliedIDsGrowthTests {
  @Test func idsAreFoundAcrossEveryGrowth() {
    var ids = AppliedIDs()
    var applied: [Fingerprint] = []
    for index in 0..<3_000 {
      // Every fourth id shares its low bits with the one before: a collision to probe past.
      let low = UInt64(index % 4 == 3 ? index - 1 : index) &* 0x9E37_79B9_7F4A_7C15
      let fingerprint = Fingerprint(high: UInt64(index), low: low)
      let inserted = ids.insert(fingerprint)
      #expect(inserted)
      applied.append(fingerprint)
      // Just past each table size the index grows (64, 128, … slots at twice the count).
      if [1, 32, 33, 64, 65, 128, 129, 1_024, 1_025, 2_999].contains(index) {
        #expect(applied.allSatisfy { ids.contains($0) }, "after \(index + 1) ids")
        #expect(!ids.contains(Fingerprint(high: UInt64(index) + 1, low: low)))
      }
    }
    #expect(ids.ordered == applied)
    #expect(ids.count == 3_000)
    // Each is refused a second time; a list read back holds them once, in their order.
    let again = ids.insert(applied[2_000])
    #expect(!again)
    #expect(AppliedIDs(ordered: applied + applied.prefix(10)).ordered == applied)
  }
}
