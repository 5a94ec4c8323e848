import Engine
import Testing

@testable import Import

/// The dates and durations exports write, read as docs/import.md lists them.
@Suite struct DateAndDurationTests {
  @Test(arguments: [
    ("2017-03-05 00:12:00 +0200", "2017-03-05T00:12"),
    ("2017-03-05 23:59:59 -0700", "2017-03-05T23:59:59"),
    ("2017-03-05T06:30:00Z", "2017-03-05T06:30"),
    ("2024-06-02 7:15:00\u{202F}PM", "2024-06-02T19:15"),
    ("2024-06-02 12:05 AM", "2024-06-02T00:05"),
    ("2024-06-02 12:05\u{00A0}pm", "2024-06-02T12:05"),
    ("15 Sep 2025, 07:48", "2025-09-15T07:48"),
    ("Sep 15, 2025, 7:48 PM", "2025-09-15T19:48"),
    ("2023-11-20", "2023-11-20T00:00"),
  ])
  func readsDates(_ text: String, _ expected: String) throws {
    #expect(LocalDateTime(text)?.compact == expected)
  }

  @Test(arguments: [
    "yesterday", "2023-02-30", "2023-11-20 25:00", "2023-11-20 13:00 PM", "15 Sep", "2023-11-20 10:00 extra",
  ])
  func refusesOtherDates(_ text: String) {
    #expect(LocalDateTime(text) == nil)
  }

  @Test(arguments: [
    ("31m", 1.0, 31.0), ("1h 3m", 1.0, 63.0), ("38min", 1.0, 38.0), ("1h", 1.0, 60.0), ("45s", 1.0, 0.75),
    ("1 hr 5 mins", 1.0, 65.0), ("1:03:00", 1.0, 63.0), ("31:30", 1.0, 31.5), ("1860", 1.0 / 60, 31.0),
    ("45", 1.0, 45.0),
  ])
  func readsDurations(_ text: String, _ bareUnit: Double, _ minutes: Double) {
    #expect(DurationText.minutes(text, bareUnit: bareUnit) == minutes)
  }

  @Test(arguments: ["", "soon", "1x", "1:2:3:4", "h"])
  func refusesOtherDurations(_ text: String) {
    #expect(DurationText.minutes(text, bareUnit: 1) == nil)
  }
}
