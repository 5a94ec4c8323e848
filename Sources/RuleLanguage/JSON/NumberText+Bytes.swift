extension NumberText {
  /// Appends a finite, non-integral value of at least 0.001 and below 10^15 in magnitude as the
  /// text ``format(_:)`` gives it (the shortest decimal that reads back to the same Double, which
  /// `description` writes without an exponent in that range), without building a String.
  /// Returns false, appending nothing, for any other value or when the answer is not certain.
  ///
  /// The shortest such text has the fewest decimals `k` for which `m / 10^k` (m the value times
  /// 10^k, rounded) reads back as the value; `m` and `10^k` are exact Doubles, so their quotient
  /// is exactly the Double that reading the text gives.
  public static func appendDecimal(_ value: Double, to bytes: inout [UInt8]) -> Bool {
    let magnitude = Swift.abs(value)
    guard magnitude >= 0.001, magnitude < 1e15, magnitude != magnitude.rounded() else { return false }
    var scale = 1.0
    for decimals in 1...15 {
      scale *= 10
      let scaled = magnitude * scale
      guard scaled < 1e15 else { return false }
      let digits = scaled.rounded()
      guard digits / scale == magnitude else { continue }
      // Near a tie the rounding of `scaled` may have chosen the farther neighbour, and a
      // trailing zero means fewer decimals should have read back: leave both to `description`.
      guard Swift.abs(scaled - digits) < 0.25 else { return false }
      var whole = UInt64(digits)
      guard whole % 10 != 0 else { return false }
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
      withUnsafeMutableBytes(of: &text) { buffer in
        var end = buffer.count
        var written = 0
        while whole > 0 || written <= decimals {
          if written == decimals {
            end -= 1
            buffer[end] = UInt8(ascii: ".")
          }
          end -= 1
          buffer[end] = UInt8(ascii: "0") + UInt8(whole % 10)
          whole /= 10
          written += 1
        }
        bytes.append(contentsOf: buffer[end...])
      }
      return true
    }
    return false
  }
}
