/// A calendar day as an integer: days since 1970-01-01 in the proleptic Gregorian calendar.
///
/// The engine never touches clocks, time zones or locales: a workout belongs to the ISO date the
/// app logged it on, so daylight-saving and midnight bugs cannot exist.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, BitwiseCopyable {
  /// Days since 1970-01-01 (negative before).
  public private(set) var number: Int

  /// Creates a day from its number (days since 1970-01-01).
  package init(_ number: Int) {
    self.number = number
  }

  /// Parses a strict ISO date, `YYYY-MM-DD` (years 1–9999); nil when invalid.
  public init?(iso text: String) {
    var text = text
    guard let day = text.withUTF8({ Day(iso: $0) }) else { return nil }
    self = day
  }

  /// Parses a strict ISO date from its UTF-8 bytes (no String made: event lines are read so).
  package init?(iso bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    // Each byte's digit, or 10 and more when it is not one: one check for all eight (every
    // event line has a date, so this runs once per event read).
    @inline(__always) func digit(_ index: Int) -> Int { Int(bytes[index] &- UInt8(ascii: "0")) }
    let (y0, y1, y2, y3) = (digit(0), digit(1), digit(2), digit(3))
    let (m0, m1, d0, d1) = (digit(5), digit(6), digit(8), digit(9))
    guard max(y0, y1, y2, y3, m0, m1, d0, d1) < 10 else { return nil }
    let year = y0 * 1000 + y1 * 100 + y2 * 10 + y3
    let month = m0 * 10 + m1
    let day = d0 * 10 + d1
    guard year >= 1, (1...12).contains(month), day >= 1, day <= Day.daysInMonth(year: year, month: month)
    else { return nil }
    self.number = Day.daysFromCivil(year: year, month: month, day: day)
  }

  /// A calendar day; nil when there is no such day (2026-02-31, month 13) or the year is not
  /// 1–9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Day.daysInMonth(year: year, month: month)
    else { return nil }
    self.number = Day.daysFromCivil(year: year, month: month, day: day)
  }

  /// Days since 1970-01-01 of a valid date.
  package init(validYear year: Int, month: Int, day: Int) {
    self.number = Day.daysFromCivil(year: year, month: month, day: day)
  }

  /// The ISO date, `YYYY-MM-DD`.
  public var iso: String {
    let (year, month, day) = civil
    guard (0...9999).contains(year) else {
      return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
    return String(unsafeUninitializedCapacity: 10) { buffer in
      Day.writeISO(year, month, day, to: UnsafeMutableRawBufferPointer(buffer))
      return 10
    }
  }

  /// Writes ``iso`` into 10 bytes (for award lines, without a String); false, writing nothing,
  /// for a year outside 0–9999 (whose ISO date has another length).
  package func writeISO(to buffer: UnsafeMutableRawBufferPointer) -> Bool {
    let (year, month, day) = civil
    guard (0...9999).contains(year), buffer.count >= 10 else { return false }
    Day.writeISO(year, month, day, to: buffer)
    return true
  }

  /// `YYYY-MM-DD` of a year in 0–9999 into 10 bytes.
  private static func writeISO(_ year: Int, _ month: Int, _ day: Int, to buffer: UnsafeMutableRawBufferPointer) {
    let zero = UInt8(ascii: "0")
    buffer[0] = zero + UInt8(year / 1000)
    buffer[1] = zero + UInt8(year / 100 % 10)
    buffer[2] = zero + UInt8(year / 10 % 10)
    buffer[3] = zero + UInt8(year % 10)
    buffer[4] = UInt8(ascii: "-")
    buffer[5] = zero + UInt8(month / 10)
    buffer[6] = zero + UInt8(month % 10)
    buffer[7] = UInt8(ascii: "-")
    buffer[8] = zero + UInt8(day / 10)
    buffer[9] = zero + UInt8(day % 10)
  }

  public var description: String { iso }

  /// The day of the week, 1 = Monday … 7 = Sunday (ISO 8601).
  public var weekday: Int { Day.floorMod(number + 3, 7) + 1 }

  /// The Monday-based week the day falls in, counted from the week of 1970-01-01; two days are in
  /// the same ISO week exactly when their `week` is equal.
  public var week: Int { Day.floorDiv(number + 3, 7) }

  /// The day `count` days later.
  public func adding(_ count: Int) -> Day { Day(number + count) }

  public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

  /// Year, month, day (Howard Hinnant's civil-from-days algorithm).
  public var civil: (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = Day.floorDiv(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yearOfEra = y - era * 400
    let monthPrime = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthPrime + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
  static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = Day(iso: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "invalid date '\(text)'"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
