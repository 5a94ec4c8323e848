import FitQuestTestSupport
import RuleLanguage
import Testing

/// ``NumberText/writeDecimal(_:to:)`` (JSON output's fast path for decimals) writes exactly what
/// ``NumberText/format(_:)`` writes, or declines: for decimals as events and rules spell them,
/// for results of arithmetic on them, and for arbitrary Doubles of every magnitude. The writers
/// into raw memory (``NumberText/write(_:to:)`` and its kin, what JSON output uses) write
/// exactly ``NumberText/format(_:)``'s and `String(Int64)`'s text, and percentages as worked out
/// by hand.
@Suite struct NumberTextBytesTests {
  /// The fast path's text of a value ("" when it declines).
  static func decimal(_ value: Double) -> String {
    written { NumberText.writeDecimal(value, to: $0) }
  }

  /// Whether the fast path declines or writes ``NumberText/format(_:)``'s text.
  static func check(_ value: Double) -> Bool {
    let text = decimal(value)
    return text.isEmpty || text == NumberText.format(value)
  }

  @Test func handPickedValues() {
    let values = [0.025, -0.025, 245.64, 0.001, 0.1, 0.2 + 0.1, 97.5, 1.2, 1e14 + 0.5, 123_456.789, 2.5e-3, 1 / 3.0]
    for value in values { #expect(Self.check(value), "\(value)") }
    #expect(Self.decimal(0.025) == "0.025")
    #expect(Self.decimal(-245.64) == "-245.64")
    for declined in [0.0, 7, -3, 0.0005, 1e15 + 0.5, .infinity, .nan] {
      #expect(Self.decimal(declined).isEmpty, "\(declined)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func agreesWithFormatOnRandomValues(seed: UInt64) {
    var random = TestRandom(seed: seed)
    var written = 0
    for _ in 0..<200_000 {
      let value: Double
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        // A decimal of up to 6 places, as a rule or an event spells it.
        let places = Int.random(in: 1...6, using: &random)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        value = Double(Int.random(in: -10_000_000...10_000_000, using: &random)) / scale
      case 1:
        // Arithmetic on such decimals (sums and products drift off the short form).
        value =
          Double(Int.random(in: 1...99_999, using: &random)) / 100
          * (1 + Double(Int.random(in: 1...40, using: &random)) / 1000)
      case 2: value = Double.random(in: -1e6...1e6, using: &random)
      default:
        // Any finite Double (random bits).
        let candidate = Double(bitPattern: random.next())
        value = candidate.isFinite ? candidate : 1.5
      }
      if !Self.decimal(value).isEmpty { written += 1 }
      #expect(Self.check(value), "\(value)")
    }
    #expect(written > 60_000, "the fast path takes most decimals")
  }

  /// What a writer into raw memory writes, as a String.
  static func written(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maxWrittenCount) { buffer in
      let start = buffer.baseAddress.unsafelyUnwrapped
      let count = write(start)
      return count <= NumberText.maxWrittenCount
        ? String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) : "overflow"
    }
  }

  @Test func writtenNumbersAreFormattedNumbers() {
    let values: [Double] = [
      0, -0.0, 7, -3, 14, 245.64, -0.025, 0.1 + 0.2, 1e15 + 0.5, 9_007_199_254_740_991, 9_007_199_254_740_992, 1e16,
      -1e300, .leastNonzeroMagnitude, 2.2250738585072014e-308, -1.7976931348623157e308, .infinity, -.infinity, .nan,
      251.03999999999996, 0.000_123,
    ]
    for value in values { #expect(Self.written { NumberText.write(value, to: $0) } == NumberText.format(value)) }
    #expect(Self.written { NumberText.write(-1.7976931348623157e308, to: $0) } == "-1.7976931348623157e+308")
    #expect(Self.written { NumberText.write(.nan, to: $0) } == "null")
    #expect(Self.written { NumberText.write(-0.0, to: $0) } == "0")
  }

  @Test(arguments: [UInt64(4), 5])
  func writtenNumbersAgreeWithFormatOnRandomValues(seed: UInt64) {
    var random = TestRandom(seed: seed)
    for _ in 0..<100_000 {
      let value: Double
      switch Int.random(in: 0..<4, using: &random) {
      case 0: value = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 1000
      case 1: value = Double(Int64.random(in: .min ... .max, using: &random))
      case 2: value = Double.random(in: -1e6...1e6, using: &random)
      default: value = Double(bitPattern: random.next())
      }
      #expect(Self.written { NumberText.write(value, to: $0) } == NumberText.format(value), "\(value)")
    }
  }

  @Test func writtenIntegersAreTheirDescription() {
    var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, -100, 12_345, .max, .min, .max - 1, .min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    var random = TestRandom(seed: 9)
    for _ in 0..<10_000 {
      values.append(Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0...62, using: &random))
    }
    for value in values { #expect(Self.written { NumberText.write(integer: value, to: $0) } == String(value)) }
  }

  /// Tenths of a percent rounded half away from zero, the decimal only when not 0, `+` or the
  /// Unicode minus (U+2212); beyond Int the magnitude saturates; NaN reads as a negative zero.
  @Test func percentagesAreWorkedOutByHand() {
    let cases: [(Double, String)] = [
      (0, "0%"), (-0.0, "0%"), (0.0004, "0%"), (-0.0004, "0%"), (0.00004, "0%"), (0.0005, "+0.1%"),
      (-0.0005, "\u{2212}0.1%"), (0.08, "+8%"), (-0.02, "\u{2212}2%"), (-0.025, "\u{2212}2.5%"), (0.15, "+15%"),
      (1, "+100%"), (-1, "\u{2212}100%"), (0.1234, "+12.3%"), (0.1235, "+12.4%"), (12.3456, "+1234.6%"),
      (-0.0249, "\u{2212}2.5%"), (0.999, "+99.9%"), (0.9999, "+100%"),
      (.infinity, "+922337203685477580.7%"), (1e300, "+922337203685477580.7%"),
      (-.infinity, "\u{2212}922337203685477580.7%"), (.nan, "\u{2212}0%"),
    ]
    for (fraction, text) in cases {
      #expect(Self.written { NumberText.write(percent: fraction, to: $0) } == text, "\(fraction)")
      #expect(NumberText.percent(fraction) == text, "\(fraction)")
    }
  }
}
