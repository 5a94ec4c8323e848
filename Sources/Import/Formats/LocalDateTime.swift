import Engine

/// A date and time of day as an export writes it, in the writer's own time zone: the date is
/// never converted (`2017-03-05 00:12:00 +0200` is 5 March, whatever the offset says).
package struct LocalDateTime: Sendable, Hashable, Comparable {
  /// The calendar day.
  package var day: Day
  /// Seconds since midnight (0 when only a date is written).
  package var second: Int

  package init(day: Day, second: Int = 0) {
    self.day = day
    self.second = second
  }

  package static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { (a.day, a.second) < (b.day, b.second) }

  /// Seconds from `self` to `other`.
  package func seconds(to other: LocalDateTime) -> Int {
    (other.day.number - day.number) * 86_400 + other.second - second
  }

  /// `2017-03-05T00:12` (the minute is enough for an id; seconds are added when not zero).
  package var compact: String {
    let hour = second / 3600
    let minute = second / 60 % 60
    let rest = second % 60
    let time = "\(Self.two(hour)):\(Self.two(minute))" + (rest == 0 ? "" : ":\(Self.two(rest))")
    return "\(day.iso)T\(time)"
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

  /// Reads the forms the apps write, or nil:
  /// - `2017-03-05`, `2017-03-05 00:12`, `2017-03-05 00:12:00`, `2017-03-05T00:12:00`, each
  ///   optionally followed by a UTC offset (`+0200`, `-07:00`, `Z`), which is ignored;
  /// - a 12-hour time: `2017-03-05 7:12:00 PM` (a space, a no-break space or a narrow no-break
  ///   space before `AM`/`PM`, either case);
  /// - Hevy's `15 Sep 2025, 07:48` and `Sep 15, 2025, 7:48 AM`.
  package init?(_ text: String) {
    var scanner = DateScanner(text)
    let date: (year: Int, month: Int, day: Int)
    if let year = scanner.number(digits: 4...4) {
      guard scanner.take("-"), let month = scanner.number(digits: 1...2), scanner.take("-"),
        let day = scanner.number(digits: 1...2)
      else { return nil }
      date = (year, month, day)
    } else if let day = scanner.number(digits: 1...2) {
      guard scanner.skipSpaces(), let month = scanner.month(), scanner.skipSpaces(),
        let year = scanner.number(digits: 4...4)
      else {
        return nil
      }
      date = (year, month, day)
    } else if let month = scanner.month() {
      guard scanner.skipSpaces(), let day = scanner.number(digits: 1...2), scanner.take(","), scanner.skipSpaces(),
        let year = scanner.number(digits: 4...4)
      else { return nil }
      date = (year, month, day)
    } else {
      return nil
    }
    guard let day = Day(year: date.year, month: date.month, day: date.day) else { return nil }
    self.day = day
    second = 0
    _ = scanner.take(",")
    guard scanner.skipSeparator() else {
      guard scanner.atEnd else { return nil }
      return
    }
    guard var hour = scanner.number(digits: 1...2), scanner.take(":"), let minute = scanner.number(digits: 2...2),
      minute < 60
    else {
      return nil
    }
    var seconds = 0
    if scanner.take(":") {
      guard let value = scanner.number(digits: 2...2), value < 60 else { return nil }
      seconds = value
      if scanner.take(".") { _ = scanner.number(digits: 1...9) }
    }
    let beforeMarker = scanner
    _ = scanner.skipSpaces()
    if let isAfternoon = scanner.meridiem() {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (isAfternoon ? 12 : 0)
    } else {
      scanner = beforeMarker
      guard hour < 24 else { return nil }
      _ = scanner.skipSpaces()
      scanner.skipOffset()
    }
    guard scanner.atEnd else { return nil }
    second = hour * 3600 + minute * 60 + seconds
  }
}

/// Reads the pieces of a date text, scalar by scalar.
private struct DateScanner {
  let scalars: [Unicode.Scalar]
  var index = 0

  init(_ text: String) {
    var list = Array(text.unicodeScalars)
    while let last = list.last, DateScanner.isSpace(last) { list.removeLast() }
    while let first = list.first, DateScanner.isSpace(first) { list.removeFirst() }
    scalars = list
  }

  /// Spaces, including the no-break space (U+00A0) and the narrow no-break space (U+202F) some
  /// exports put before AM/PM.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}" || scalar == "\t"
  }

  var atEnd: Bool { index == scalars.count }

  mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard index < scalars.count, scalars[index] == scalar else { return false }
    index += 1
    return true
  }

  /// Skips spaces; true when there was at least one.
  mutating func skipSpaces() -> Bool {
    let start = index
    while index < scalars.count, DateScanner.isSpace(scalars[index]) { index += 1 }
    return index > start
  }

  /// The separator between a date and a time: spaces or `T`.
  mutating func skipSeparator() -> Bool { take("T") || skipSpaces() }

  mutating func number(digits: ClosedRange<Int>) -> Int? {
    var value = 0
    var count = 0
    while index < scalars.count, (48...57).contains(scalars[index].value), count < digits.upperBound {
      value = value * 10 + Int(scalars[index].value - 48)
      count += 1
      index += 1
    }
    guard digits.contains(count) else {
      index -= count
      return nil
    }
    return value
  }

  /// An English month name or its three-letter abbreviation.
  mutating func month() -> Int? {
    var letters = ""
    let start = index
    while index < scalars.count, scalars[index].properties.isAlphabetic {
      letters.unicodeScalars.append(scalars[index])
      index += 1
    }
    let lower = letters.lowercased()
    if lower.count >= 3, let found = LocalDateTime.months.firstIndex(where: { lower.hasPrefix($0) }) {
      return found + 1
    }
    index = start
    return nil
  }

  /// `AM` or `PM` (either case, optionally with dots): true for PM.
  mutating func meridiem() -> Bool? {
    guard index < scalars.count else { return nil }
    let first = scalars[index].properties.lowercaseMapping
    guard first == "a" || first == "p", index + 1 < scalars.count else { return nil }
    var next = index + 1
    if scalars[next] == "." { next += 1 }
    guard next < scalars.count, scalars[next].properties.lowercaseMapping == "m" else { return nil }
    next += 1
    if next < scalars.count, scalars[next] == "." { next += 1 }
    index = next
    return first == "p"
  }

  /// A UTC offset (`+0200`, `-07:00`, `Z`, `UTC`), read and ignored.
  mutating func skipOffset() {
    if take("Z") { return }
    if scalars[index...].starts(with: ["U", "T", "C"]) { index += 3 }
    guard take("+") || take("-") else { return }
    _ = number(digits: 2...4)
    if take(":") { _ = number(digits: 2...2) }
  }
}
