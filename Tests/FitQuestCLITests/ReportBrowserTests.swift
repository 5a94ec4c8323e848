import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The report in a real browser: headless Chromium renders it without console errors, every
/// chart is in the DOM with something drawn, a screenshot has the window's size, and the DOM's
/// numbers are those of `simulate --format json`.
///
/// Skipped when no Chromium is installed here (install the Debian package `chromium`); `.ci/run`
/// installs it and sets FITQUEST_REQUIRE_BROWSER=1, under which a missing browser fails instead,
/// and it checks that this suite passed rather than being skipped.
@Suite(
  .serialized,
  .enabled(if: Browser.path != nil || Browser.required, "no Chromium found (apt-get install chromium); CI installs it"))
struct ReportBrowserTests {
  func chromium(_ arguments: [String]) throws -> CommandResult {
    guard let browser = Browser.path else {
      Issue.record(
        "FITQUEST_REQUIRE_BROWSER=1 but no Chromium was found (looked for \(Browser.candidates.joined(separator: ", ")))"
      )
      return CommandResult(status: -1, stdout: "", stderr: "")
    }
    return try CommandRunner.run(
      URL(fileURLWithPath: browser),
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--enable-logging=stderr",
        "--v=0",
      ] + arguments,
      in: Paths.temporaryDirectory("chromium"), timeout: 120)
  }

  @Test func theReportRendersInChromium() throws {
    let work = Paths.temporaryDirectory("browser")
    defer { try? FileManager.default.removeItem(at: work) }
    let report = work.appendingPathComponent("report.html")
    let made = try CommandRunner.fitquest([
      "report", "--runs", "30", "--base", "rules", "--set-candidate", "xp.categories.strength.multiplier=1.5",
      "--sweep", "xp.categories.strength.multiplier=1.2,1.5", "--output", report.path, "scenarios/on-and-off.json",
    ])
    #expect(made.status == 0, "\(made.stderr)")

    let dom = try chromium([
      "--window-size=1200,900", "--virtual-time-budget=5000", "--dump-dom", report.absoluteString,
    ])
    #expect(dom.status == 0, "\(dom.stderr)")
    for line in dom.stderr.split(separator: "\n") where line.contains("CONSOLE") {
      Issue.record("console message: \(line)")
    }
    // The inline script counted the charts and those that drew a path or a bar.
    let charts = Self.attribute("data-charts", in: dom.stdout)
    let drawn = Self.attribute("data-charts-drawn", in: dom.stdout)
    #expect((charts ?? 0) >= 9, "charts in the DOM: \(String(describing: charts))")
    #expect(charts == drawn, "every chart drew something")
    // Issue 27: no two text labels of a chart overlap (every fold opened while measuring): tick
    // labels, the week line under the days, both packs' markers, the milestone rows.
    #expect(
      Self.attribute("data-label-overlaps", in: dom.stdout) == 0,
      "first overlap: \(Self.text("data-first-overlap", in: dom.stdout))")
    for chart in [
      "on-and-off-xp", "on-and-off-level", "on-and-off-companion", "on-and-off-weekly", "on-and-off-nutrition",
      "on-and-off-milestones", "sweep-on-and-off-level-10",
    ] {
      #expect(dom.stdout.contains("data-chart=\"\(chart)\""), "chart \(chart)")
    }

    // The DOM's numbers are simulate's (the base side: the shipped rules).
    let cells = ReportTests.cells(dom.stdout)
    let expected = try ReportTests.simulated(["--runs", "30", "scenarios/on-and-off.json"])
    for metric in ["level.10", "level.20", "evolution.first", "achievement.streak-30"] {
      // A milestone no run of either pack reached has no row (it is named in one line).
      if cells["base|\(metric)|share"] == nil, expected[metric]?["share"] == 0 { continue }
      for stat in ["p10", "p50", "p90", "share"] {
        let value = expected[metric]?[stat] ?? nil
        #expect(cells["base|\(metric)|\(stat)"] == (value.map(NumberText.format) ?? "null"), "\(metric) \(stat)")
      }
    }

    // The headline is in the first screen of a 1200×900 window (its top, with room for its
    // first lines).
    let top = Self.attribute("data-headline-top", in: dom.stdout)
    #expect(top != nil && (top ?? 900) < 700, "headline at \(String(describing: top)) px")

    let screenshot = work.appendingPathComponent("report.png")
    let shot = try chromium(["--window-size=1200,2000", "--screenshot=\(screenshot.path)", report.absoluteString])
    #expect(shot.status == 0, "\(shot.stderr)")
    let png = (try? Data(contentsOf: screenshot)) ?? Data()
    #expect(png.count > 50_000, "screenshot of \(png.count) bytes")
    // PNG: the IHDR chunk holds the width and height, big-endian, at bytes 16 and 20.
    if png.count > 24 {
      let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 1200 && height == 2000, "\(width)×\(height)")
    }
  }

  static func attribute(_ name: String, in html: String) -> Int? { Int(text(name, in: html)) }

  static func text(_ name: String, in html: String) -> String {
    guard let range = html.range(of: "\(name)=\"") else { return "" }
    return String(html[range.upperBound...].prefix { $0 != "\"" })
  }
}

/// Where Chromium is, if anywhere.
enum Browser {
  static let candidates = [
    "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium",
  ]
  static let path: String? = {
    if let set = ProcessInfo.processInfo.environment["FITQUEST_CHROMIUM"],
      FileManager.default.isExecutableFile(atPath: set)
    {
      return set
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
  static let required = ProcessInfo.processInfo.environment["FITQUEST_REQUIRE_BROWSER"] == "1"
}
