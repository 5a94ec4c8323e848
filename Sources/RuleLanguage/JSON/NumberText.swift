/// Locale-independent conversions between numbers and their text, identical on every platform.
public enum NumberText {
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Parses a JSON-grammar number into the nearest Double (correctly rounded).
  ///
  /// Short numbers take Clinger's exact fast path; the rest use the standard library's
  /// locale-independent conversion. Returns nil for text that is not a number.
  public static func double(from text: UnsafeBufferPointer<UInt8>) -> Double? {
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var index = 0
    var negative = false
    if index < text.count, text[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var sawDot = false
    var fast = true
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        sawDot = true
      } else if byte &- UInt8(ascii: "0") < 10 {
        if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
        if digits > 15 { fast = false }
        mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        if sawDot { exponent -= 1 }
      } else {
        break
      }
      index += 1
    }
    if index < text.count {
      // Only an exponent may follow ('e' or 'E', a sign, digits); anything else is not a number.
      guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
      index += 1
      var expNegative = false
      if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        expNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var value = 0
      while index < text.count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = min(value * 10 + Int(digit), 100_000)
        index += 1
      }
      exponent += expNegative ? -value : value
    }
    if fast && abs(exponent) <= 22 {
      var result = Double(mantissa)
      result = exponent < 0 ? result / exactPowersOfTen[-exponent] : result * exactPowersOfTen[exponent]
      return negative ? -result : result
    }
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// Formats a number the way FitQuest prints it everywhere: integral values below 2^53 without
  /// a fraction (`14`), others as the shortest text that reads back to the same Double (`0.1`).
  ///
  /// Non-finite values have no JSON spelling; they print as `null`.
  public static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return value.description
  }

  /// Formats a number with a fixed number of decimals, rounding half away from zero.
  public static func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    let negative = value < 0 && scaled != 0
    guard scaled < 9e15 else { return format(value) }
    let integer = Int64(scaled)
    var text = String(integer)
    if decimals > 0 {
      if text.count <= decimals { text = String(repeating: "0", count: decimals - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
    }
    return negative ? "-" + text : text
  }
}

extension NumberText {
  /// A number for a sentence: whole numbers as they are, others with at most two decimals
  /// ("82.5", "193.55").
  public static func short(_ value: Double) -> String {
    if value == value.rounded() { return format(value) }
    var text = format(value, decimals: 2)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A signed percentage with at most one decimal, the Unicode minus for negatives: "+8%",
  /// "−2.5%", "0%" (the text ``write(percent:to:)`` writes).
  public static func percent(_ fraction: Double) -> String {
    String(unsafeUninitializedCapacity: maxWrittenCount) { buffer in
      write(percent: fraction, to: buffer.baseAddress.unsafelyUnwrapped)
    }
  }
}
