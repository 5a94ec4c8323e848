extension NumberText {
  /// The most bytes ``write(_:to:)`` writes: the longest text ``format(_:)`` gives is 24 bytes
  /// (a sign, 17 digits, a point and a 5-character exponent: `-2.2250738585072014e-308`).
  @inlinable package static var maxWrittenCount: Int { 32 }

  /// Writes ``format(_:)``'s text of a number at `start`, which has room for
  /// ``maxWrittenCount`` bytes; returns how many it wrote. Integral values below 2^53 and most
  /// decimals are written digit by digit; the rest through ``format(_:)``.
  @inlinable @inline(__always)
  package static func write(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    // Below 2^53 the conversion truncates exactly: the value is integral when it converts back.
    if Swift.abs(value) < 9_007_199_254_740_992 {
      let whole = Int64(value)
      if Double(whole) == value { return write(integer: whole, to: start) }
      let count = writeDecimal(value, to: start)
      if count > 0 { return count }
    }
    return writeFormatted(value, to: start)
  }

  /// Writes ``format(_:)``'s text of a value the fast paths leave (17 significant digits,
  /// exponents, non-finite values): `description`'s text, streamed by the standard library
  /// straight into the memory (a description of more than 15 bytes would be a heap String).
  @inline(never) @usableFromInline
  static func writeFormatted(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    guard value.isFinite else {
      var sink = MemorySink(start: start)
      sink.write("null")
      return sink.count
    }
    // Integral values below 2^53 never get here; others are `description` in `format(_:)`.
    var sink = MemorySink(start: start)
    value.write(to: &sink)
    return sink.count
  }

  /// Text written into memory with room for ``maxWrittenCount`` bytes (what does not fit is
  /// dropped: no number's text is that long).
  private struct MemorySink: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
      for byte in string.utf8 { put(byte) }
    }

    /// What `Double.write(to:)` calls with its ASCII digits (the protocol's default would make a
    /// String of them).
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      for byte in buffer { put(byte) }
    }

    private mutating func put(_ byte: UInt8) {
      guard count < NumberText.maxWrittenCount else { return }
      start[count] = byte
      count += 1
    }
  }

  /// Writes an integer's decimal digits (a `-` first when negative) at `start`, which has room
  /// for 20 bytes; returns how many it wrote. The text of `String(value)`.
  @inlinable @inline(__always)
  package static func write(integer value: Int64, to start: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    // 19 digits at most: |Int64.min| is below 10^19.
    var digits = 1
    var bound: UInt64 = 10
    while digits < 19, magnitude >= bound {
      digits += 1
      bound &*= 10
    }
    let sign = value < 0 ? 1 : 0
    if sign == 1 { start[0] = UInt8(ascii: "-") }
    var end = sign + digits
    // Two digits a step (divisions by constants are multiplications).
    while magnitude >= 100 {
      let pair = UInt8(truncatingIfNeeded: magnitude % 100)
      magnitude /= 100
      end -= 2
      start[end] = UInt8(ascii: "0") + pair / 10
      start[end + 1] = UInt8(ascii: "0") + pair % 10
    }
    if magnitude >= 10 {
      let pair = UInt8(truncatingIfNeeded: magnitude)
      start[end - 2] = UInt8(ascii: "0") + pair / 10
      start[end - 1] = UInt8(ascii: "0") + pair % 10
    } else {
      start[end - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)
    }
    return sign + digits
  }

  /// Writes a finite, non-integral value of at least 0.001 and below 10^15 in magnitude as the
  /// text ``format(_:)`` gives it (the shortest decimal that reads back to the same Double, which
  /// `description` writes without an exponent in that range) at `start` (room for 24 bytes);
  /// returns its length, 0 (writing nothing) for any other value or when the answer is not
  /// certain.
  ///
  /// The shortest such text has the fewest decimals `k` for which `m / 10^k` (m the value times
  /// 10^k, rounded) reads back as the value; `m` and `10^k` are exact Doubles, so their quotient
  /// is exactly the Double that reading the text gives. Rounds through integers (the scaled
  /// values stay below 10^15, where a Double's whole part converts exactly), so no call to the C
  /// library's `round`.
  @usableFromInline
  package static func writeDecimal(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = Swift.abs(value)
    guard magnitude >= 0.001, magnitude < 1e15 else { return 0 }
    let whole = UInt64(Int64(magnitude))
    guard Double(whole) != magnitude else { return 0 }
    var scale = 1.0
    var power: UInt64 = 1
    for decimals in 1...15 {
      scale *= 10
      power &*= 10
      let scaled = magnitude * scale
      guard scaled < 1e15 else { return 0 }
      // `scaled.rounded()` (half away from zero): the whole part, plus one from a half up.
      let truncated = UInt64(Int64(scaled))
      let rounded = scaled - Double(truncated) >= 0.5 ? truncated + 1 : truncated
      let digits = Double(rounded)
      guard digits / scale == magnitude else { continue }
      // Near a tie the rounding of `scaled` may have chosen the farther neighbour, and a
      // trailing zero means fewer decimals should have read back: leave both to `description`.
      guard Swift.abs(scaled - digits) < 0.25 else { return 0 }
      guard rounded % 10 != 0 else { return 0 }
      // The text's whole part is the value's: an integer below 2^53 is a Double, so no text on
      // its other side reads back as the value (and a carry into it leaves a trailing zero).
      let wholeDigits = whole * power
      guard rounded >= wholeDigits, rounded - wholeDigits < power else { return 0 }
      // The whole part, the point, then `decimals` digits (leading zeros kept).
      var count = 0
      if value < 0 {
        start[0] = UInt8(ascii: "-")
        count = 1
      }
      count += write(integer: Int64(whole), to: start + count)
      start[count] = UInt8(ascii: ".")
      var fraction = rounded - wholeDigits
      let end = count + 1 + decimals
      var position = end
      while position > count + 1 {
        position -= 1
        start[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
        fraction /= 10
      }
      return end
    }
    return 0
  }
}

extension NumberText {
  /// Writes ``percent(_:)``'s text at `start`, which has room for ``maxWrittenCount`` bytes;
  /// returns how many it wrote.
  package static func write(percent fraction: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    let tenths = (fraction * 1000).rounded(.toNearestOrAwayFromZero)
    if tenths == 0 {
      start[0] = UInt8(ascii: "0")
      start[1] = UInt8(ascii: "%")
      return 2
    }
    var count: Int
    if tenths > 0 {
      start[0] = UInt8(ascii: "+")
      count = 1
    } else {
      // U+2212 MINUS SIGN.
      start[0] = 0xE2
      start[1] = 0x88
      start[2] = 0x92
      count = 3
    }
    let magnitude = Swift.abs(tenths).saturatingInt
    count += write(integer: Int64(magnitude / 10), to: start + count)
    if magnitude % 10 != 0 {
      start[count] = UInt8(ascii: ".")
      start[count + 1] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      count += 2
    }
    start[count] = UInt8(ascii: "%")
    return count + 1
  }
}
