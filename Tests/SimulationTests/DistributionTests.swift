import Simulation
import Testing

/// Nearest-rank percentiles with "never" ranked after every day, worked out by hand.
@Suite struct DistributionTests {
  /// One rounding rule for shares everywhere: exactly 0 and 1 only as 0% and 100%, one decimal
  /// otherwise, and what would round to 0% or 100% shown as <0.1% or >99.9%.
  @Test func aShareIsNeverRoundedAwayFromWhatHappened() {
    #expect(Format.share(0) == "0%")
    #expect(Format.share(1) == "100%")
    #expect(Format.share(0.28) == "28%")
    #expect(Format.share(0.355) == "35.5%")
    #expect(Format.share(0.001) == "0.1%")  // one run in 1,000
    #expect(Format.share(0.0004) == "<0.1%")  // one run in 2,500
    #expect(Format.share(0.999) == "99.9%")  // a "never" maximum beside it
    #expect(Format.share(0.9996) == ">99.9%")
    #expect(Format.share(0.995) == "99.5%")
  }

  @Test func neverRanksAfterEveryDay() {
    // Five runs: days 5, 3, 8 and two nevers. Sorted: 3, 5, 8, never, never.
    var histogram = Histogram()
    for value in [5, 3, nil, 8, nil] as [Double?] { histogram.add(value) }
    let distribution = Distribution(histogram)
    #expect(distribution.p10 == 3)  // rank ⌈0.5⌉ = 1
    #expect(distribution.p50 == 8)  // rank ⌈2.5⌉ = 3
    #expect(distribution.p90 == nil)  // rank ⌈4.5⌉ = 5: never
    #expect(distribution.min == 3)
    #expect(distribution.max == nil)  // the last rank is a never
    #expect(distribution.share == 0.6)
    #expect(distribution.runs == 5)
  }

  @Test func aMilestoneThatAlwaysHappensHasEveryStatistic() {
    var histogram = Histogram()
    for value in [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as [Double] { histogram.add(value) }
    let distribution = Distribution(histogram)
    // Ten runs: p10 is rank 1, p50 rank 5, p90 rank 9.
    #expect(
      [distribution.p10, distribution.p50, distribution.p90, distribution.min, distribution.max] == [
        10, 50, 90, 10, 100,
      ])
    #expect(distribution.share == 1)
  }

  @Test func neverInMostRunsLeavesOnlyTheEarlyPercentiles() {
    // 200 runs, 56 of which reach the milestone (28%): p10 (rank 20) is a day, p50 (rank 100)
    // and p90 (rank 180) are never — the case of issue 11's level 20.
    var histogram = Histogram()
    for run in 0..<200 { histogram.add(run < 56 ? Double(150 + run % 30) : nil) }
    let distribution = Distribution(histogram)
    #expect(distribution.p10 != nil)
    #expect(distribution.p50 == nil && distribution.p90 == nil && distribution.max == nil)
    #expect(distribution.min == 150)
    #expect(distribution.share == 0.28)
  }

  @Test func histogramsOfDisjointBatchesMergeExactly() {
    let values: [Double?] = [3, 1, nil, 4, 1, 5, nil, 9, 2, 6]
    var whole = Histogram()
    for value in values { whole.add(value) }
    var first = Histogram()
    var second = Histogram()
    for (index, value) in values.enumerated() {
      if index % 3 == 0 { first.add(value) } else { second.add(value) }
    }
    second.merge(first)
    #expect(second == whole)
    #expect(second.count { $0.map { $0 >= 4 } ?? false } == 4)
    #expect(second.count { $0 == nil } == 2)
  }

  @Test func oneRunIsItsOwnDistribution() {
    let distribution = Distribution(single: 42)
    #expect(
      [distribution.p10, distribution.p50, distribution.p90, distribution.min, distribution.max] == [
        42, 42, 42, 42, 42,
      ])
    #expect(Distribution(single: nil).share == 0)
  }
}

/// Issue 22: the report's series hold days × metrics values, not runs.
@Suite struct SeriesMemoryTests {
  @Test func amountsAreChartedToThreeSignificantFigures() {
    #expect(SeriesAggregate.chartValue(826) == 826)
    #expect(SeriesAggregate.chartValue(999) == 999)
    #expect(SeriesAggregate.chartValue(1_176) == 1_180)
    #expect(SeriesAggregate.chartValue(21_831) == 21_800)
    #expect(SeriesAggregate.chartValue(21_850) == 21_900)  // half away from zero
    #expect(SeriesAggregate.chartValue(123_456_789) == 123_000_000)
  }

  @Test func aDayHoldsTheValuesItsSpreadSpansNotOnePerRun() throws {
    let (scenario, engine) = try SimulationFixture.load("../../../scenarios/beginner-3x.json")
    let outcome = try ReportRunner.run(scenario, engine: engine, runs: 240, threads: 2)
    let lastDay = try #require(outcome.series.xp.last)
    // Total XP on day 181 spreads over about ±15% of 20,000 across runs: 240 runs give nearly
    // as many distinct values, three significant figures at most (36,000 − 14,000) / 100 + 1.
    #expect(lastDay.runs == 240)
    #expect(lastDay.sorted.count <= 221)
    #expect(lastDay.sorted.allSatisfy { $0.value.truncatingRemainder(dividingBy: 100) == 0 })
    // Below 1,000 amounts are exact; above, at most 900 values per power of ten: bounded
    // whatever the runs.
    for day in outcome.series.xp {
      #expect(day.sorted.allSatisfy { $0.value < 1000 || $0.value == SeriesAggregate.chartValue($0.value) })
    }
  }
}
