import FitQuestTestSupport
import RuleLanguage
import Testing

/// ``NumberText/appendDecimal(_:to:)`` (JSON output's fast path) writes exactly what
/// ``NumberText/format(_:)`` writes, or declines: for decimals as events and rules spell them,
/// for results of arithmetic on them, and for arbitrary Doubles of every magnitude.
@Suite struct NumberTextBytesTests {
  static func check(_ value: Double) -> Bool {
    var bytes: [UInt8] = []
    guard NumberText.appendDecimal(value, to: &bytes) else { return bytes.isEmpty }
    return String(decoding: bytes, as: UTF8.self) == NumberText.format(value)
  }

  @Test func handPickedValues() {
    let values = [0.025, -0.025, 245.64, 0.001, 0.1, 0.2 + 0.1, 97.5, 1.2, 1e14 + 0.5, 123_456.789, 2.5e-3, 1 / 3.0]
    for value in values { #expect(Self.check(value), "\(value)") }
    var bytes: [UInt8] = []
    #expect(NumberText.appendDecimal(0.025, to: &bytes) && bytes == Array("0.025".utf8))
    for declined in [0.0, 7, -3, 0.0005, 1e15 + 0.5, .infinity, .nan] {
      bytes = []
      #expect(!NumberText.appendDecimal(declined, to: &bytes) && bytes.isEmpty, "\(declined)")
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
      var bytes: [UInt8] = []
      if NumberText.appendDecimal(value, to: &bytes) { written += 1 }
      #expect(Self.check(value), "\(value)")
    }
    #expect(written > 60_000, "the fast path takes most decimals")
  }
}
