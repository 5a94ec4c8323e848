/// Durations as exports write them, read into minutes.
enum DurationText {
  /// `31m`, `1h 3m`, `38min`, `1h`, `45s`, `1 hr 5 mins`, `1:03:00` (H:MM:SS), `31:20` (M:SS), or a
  /// bare number in `bareUnit` minutes (1 for minutes, 1/60 for seconds); nil when unreadable.
  static func minutes(_ text: String, bareUnit: Double) -> Double? {
    let text = Text.key(text)
    guard !text.isEmpty else { return nil }
    if let number = Double(text), number.isFinite { return number * bareUnit }
    if text.utf8.contains(UInt8(ascii: ":")) { return clock(text).map { $0 / 60 } }
    var total = 0.0
    var number = ""
    var unit = ""
    var parts = 0
    func flush() -> Bool {
      guard !number.isEmpty, let value = Double(number) else { return number.isEmpty && unit.isEmpty }
      let factor: Double
      switch unit {
      case "h", "hr", "hrs", "hour", "hours": factor = 60
      case "m", "min", "mins", "minute", "minutes": factor = 1
      case "s", "sec", "secs", "second", "seconds": factor = 1.0 / 60
      default: return false
      }
      total += value * factor
      parts += 1
      number = ""
      unit = ""
      return true
    }
    for character in text {
      if character.isNumber || character == "." {
        if !unit.isEmpty { guard flush() else { return nil } }
        number.append(character)
      } else if character.isLetter {
        unit.append(character)
      } else if character != " " {
        return nil
      }
    }
    guard flush(), parts > 0 else { return nil }
    return total
  }

  /// `H:MM:SS` or `M:SS` in seconds; nil when unreadable.
  static func clock(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingSpaces) }
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil && $0 ?? 0 >= 0 }) else { return nil }
    return parts.reduce(0.0) { $0 * 60 + ($1 ?? 0) }
  }
}

extension Substring {
  var trimmingSpaces: String { String(self).trimmingSpaces }
}
