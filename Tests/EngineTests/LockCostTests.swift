import Testing

@testable import Ledger

/// How ``LockCost`` sizes the parts of a batch's commit: expected values worked out by hand from
/// the bounds its documentation states (a part of n events holds at most h·max(1, n/m) after a
/// part of m events held h seconds; the least bound of the last three parts).
@Suite struct LockCostTests {
  @Test func beforeAnyPartTheGuessSizesTheFirst() {
    // 0.7 s at 20 µs an event: 35,000, less the last bit of 0.7 / 20e-6 in binary (34,999.99…).
    #expect(LockCost().events(within: 0.7) == 34_999)
    #expect(LockCost().bound(1_000) == nil)
  }

  @Test func aLargerPartVouchesForMoreThanASmallOne() {
    var cost = LockCost()
    cost.record(events: 25_000, seconds: 0.16)
    // 0.7 × 25,000 / 0.16 = 109,375.
    #expect(cost.events(within: 0.7) == 109_375)
    cost.record(events: 66_000, seconds: 0.26)
    // 0.7 × 66,000 / 0.26 = 177,692.3: the larger part's bound is the tighter one.
    #expect(cost.events(within: 0.7) == 177_692)
    // 200,000 events: min(0.16 × 8, 0.26 × 200/66) = 0.7879 s.
    let bound = cost.bound(200_000) ?? 0
    #expect(abs(bound - 0.26 * 200_000 / 66_000) < 1e-12)
    // Fewer events than either part: at most the faster part's hold.
    #expect(cost.bound(10_000) == 0.16)
  }

  @Test func aPartSlowerThanTheBoundsReplacesThem() {
    var cost = LockCost()
    cost.record(events: 25_000, seconds: 0.16)
    cost.record(events: 66_000, seconds: 0.26)
    // Bound for 100,000: min(0.64, 0.3939) = 0.3939 s; 0.45 s is within a quarter more: kept.
    cost.record(events: 100_000, seconds: 0.45)
    #expect(cost.recent.count == 3)
    // Bound for 100,000 now 0.3939 s; 0.9 s is far beyond it: the store became slower.
    cost.record(events: 100_000, seconds: 0.9)
    #expect(cost.recent.count == 1)
    // No part held it within 0.7 s: the newest scales down, 0.7 × 100,000 / 0.9 = 77,777.
    #expect(cost.events(within: 0.7) == 77_777)
  }

  @Test func onlyTheLastThreePartsCountAndTinyPartsNone() {
    var cost = LockCost()
    cost.record(events: 200_000, seconds: 0.1)
    cost.record(events: 10_000, seconds: 0.09)
    cost.record(events: 10_000, seconds: 0.09)
    #expect(cost.events(within: 0.7) == 1_400_000)
    cost.record(events: 63, seconds: 5)
    #expect(cost.recent.count == 3)
    cost.record(events: 10_000, seconds: 0.09)
    // The 200,000-event part left: 0.7 × 10,000 / 0.09 = 77,777.
    #expect(cost.events(within: 0.7) == 77_777)
  }
}
