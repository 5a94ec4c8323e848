import FitQuestTestSupport
import RuleLanguage
import Testing

@testable import Engine

/// The fast scanner's own paths: numbers read in one pass must be the Doubles ``NumberText``
/// reads, bit for bit, with the writer's-spelling verdict of each; strings scanned eight bytes at
/// a time must end and fail where a byte-by-byte scan does; member names must be told apart
/// exactly.
@Suite struct FastEventScannerTests {
  /// The scanner's number for a text (nil: declined), and whether it kept the canonical flag.
  func read(_ text: String) -> (value: Double, canonical: Bool)? {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      var scanner = FastEventScanner(bytes: bytes)
      guard let value = scanner.number(), scanner.atEnd() else { return nil }
      return (value, scanner.isCanonical)
    }
  }

  func reference(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NumberText.double(from: $0) }
  }

  /// Hand-worked values: plain integers and short decimals (the one-pass path), 16 and 17 digits
  /// and exponents (NumberText's path), negative zero (read as zero).
  @Test func numbersAreTheNearestDoubles() throws {
    let cases: [(String, Double)] = [
      ("0", 0), ("7", 7), ("102.5", 102.5), ("0.1", 0.1), ("9999.9", 9999.9), ("0.001", 0.001),
      ("123456789012345", 123_456_789_012_345), ("0.12345678901234", 0.12345678901234),
      ("1234567890123456", 1_234_567_890_123_456), ("0.30000000000000004", 0.30000000000000004),
      ("99999999.999999999", 100_000_000), ("9007199254740993", 9_007_199_254_740_992),
      ("12345678901234567890", 1.234_567_890_123_456_789e19), ("1e2", 100), ("2.35E+3", 2350), ("25e-1", 2.5),
      ("-2.5", -2.5), ("-0.0", 0), ("-0", 0), ("1e-400", 0),
    ]
    for (text, expected) in cases {
      let got = try #require(read(text), "\(text)")
      #expect(got.value.bitPattern == expected.bitPattern, "\(text): \(got.value)")
    }
    // Negative zero is read as zero (its sign is not kept), as the decoder always did.
    #expect(try #require(read("-0")).value.sign == .plus)
    #expect(read("1e400") == nil)
  }

  /// Random decimals of 1 to 18 digits, the point anywhere: the one-pass value is NumberText's.
  @Test func numbersMatchNumberTextBitForBit() throws {
    var random = TestRandom(seed: 24)
    for _ in 0..<20_000 {
      // An integer part of 1 to 10 digits (no leading zero), 0 to 8 decimals.
      let whole = Int.random(in: 1...10, using: &random)
      var text = String(Int.random(in: 0...9, using: &random))
      if whole > 1 {
        text = String(Int.random(in: 1...9, using: &random))
        for _ in 1..<whole { text += String(Int.random(in: 0...9, using: &random)) }
      }
      let decimals = Int.random(in: 0...8, using: &random)
      if decimals > 0 {
        text += "." + (0..<decimals).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
      }
      if Bool.random(using: &random) { text = "-" + text }
      let expected = try #require(reference(text), "\(text)")
      let got = try #require(read(text), "\(text)")
      #expect(got.value.bitPattern == (expected == 0 ? 0.0 : expected).bitPattern, "\(text)")
    }
  }

  /// The writer's spelling (NumberText.format): plain digits, or a decimal's shortest digits.
  @Test func theCanonicalVerdictOfEachSpelling() {
    let canonical = ["0", "5", "102.5", "0.001", "0.25", "123456789012345", "12345678901.25"]
    let other = [
      "5.0", "2.50", "-5", "-0", "1e2", "1E2", "0.0005", "1234567890123456", "0.30000000000000004", "100.000",
    ]
    for text in canonical { #expect(read(text)?.canonical == true, "\(text)") }
    for text in other { #expect(read(text)?.canonical == false, "\(text)") }
    // What the verdict stands for: the writer spells each canonical one as it is.
    for text in canonical { #expect(NumberText.format(read(text)?.value ?? .nan) == text, "\(text)") }
  }

  /// JSON's strict grammar: no leading zero, digits after the point and the exponent.
  @Test func malformedNumbersAreDeclined() {
    for text in ["01", "-01", "1.", ".5", "-", "+1", "--1", "1e", "1e+", "1.e2", "0x10", "1.5.2", ""] {
      #expect(read(text) == nil, "\(text)")
    }
  }

  /// The byte-by-byte scan the word scan replaces: the string's end, or nil.
  func plainString(_ bytes: [UInt8]) -> Range<Int>? {
    guard bytes.first == 0x22 else { return nil }
    for index in 1..<bytes.count {
      let byte = bytes[index]
      if byte == 0x22 { return 1..<index }
      guard byte >= 0x20, byte < 0x7F, byte != 0x5C else { return nil }
    }
    return nil
  }

  /// Strings of 0 to 20 bytes with a quote, a backslash, a control byte, DEL or a byte beyond
  /// ASCII at every position: the word scan ends and fails exactly where the byte scan does.
  @Test func stringsEndWhereAByteScanEnds() {
    let odd: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x20, 0x7E, 0x21, 0x5B, 0x5D]
    var checked = 0
    for length in 0...20 {
      let body = (0..<length).map { UInt8(0x61 + $0 % 26) }
      for position in 0...length {
        for byte in odd {
          var bytes = [0x22] + body
          if position < length { bytes[position + 1] = byte } else { bytes.append(byte) }
          for tail in [[], [0x22], [0x22, 0x3A, 0x31, 0x2C, 0x22, 0x78, 0x22, 0x7D]] as [[UInt8]] {
            let line = bytes + tail
            let read = line.withUnsafeBufferPointer { buffer in
              var scanner = FastEventScanner(bytes: buffer)
              return scanner.rawString()
            }
            #expect(read == plainString(line), "\(line)")
            checked += 1
          }
        }
      }
    }
    #expect(checked == 3 * 13 * (21 * 22 / 2))
  }

  /// Every member name is its member; a name one byte off, or one byte longer, is no member.
  @Test func memberNamesAreToldApartExactly() {
    let names: [(String, FastEventMember)] = [
      ("type", .type), ("id", .id), ("player", .player), ("date", .date), ("category", .category),
      ("durationMin", .durationMin), ("rpe", .rpe), ("activeKcal", .activeKcal), ("distanceKm", .distanceKm),
      ("sets", .sets), ("reps", .reps), ("volumeKg", .volumeKg), ("exercises", .exercises),
      ("intakeKcal", .intakeKcal), ("proteinG", .proteinG), ("carbsG", .carbsG), ("fatG", .fatG), ("name", .name),
      ("weightKg", .weightKg), ("kind", .kind), ("kcal", .kcal), ("species", .species), ("targets", .targets),
    ]
    func member(_ name: [UInt8]) -> FastEventMember {
      name.withUnsafeBufferPointer { FastEventScanner(bytes: $0).member(0..<name.count) }
    }
    for (name, expected) in names {
      let bytes = Array(name.utf8)
      #expect(member(bytes) == expected, "\(name)")
      for position in bytes.indices {
        var changed = bytes
        changed[position] ^= 0x20
        #expect(member(changed) == .other, "\(changed)")
      }
      #expect(member(bytes + [0x73]) == .other)
      #expect(member(Array(bytes.dropLast())) == .other)
    }
    #expect(member([]) == .other)
  }
}
