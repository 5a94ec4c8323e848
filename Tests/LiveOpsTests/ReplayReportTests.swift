import FitQuestTestSupport
import Foundation
import LiveOps
import RuleLanguage
import Simulation
import Testing

/// `report --replay`: the page holds the replay's numbers — counts, level deltas, the most
/// affected players, what moved — in tables a reader (and this test) can check.
@Suite struct ReplayReportTests {
  @Test func pageShowsTheReplaysNumbers() throws {
    let directory = Paths.temporaryDirectory("liveops-report")
    let document = try ReplayDocument.load(path: try ReplayGateTests.replayFile(in: directory))
    let report = try document.report(version: "9.9.9")
    #expect(report.compared == 3)
    #expect(report.levelDeltas.map(\.delta) == [-1, 0, 2])
    #expect(report.counts.first?.label == "demoted" && report.counts.first?.players == 1)
    #expect(report.mostAffected.map(\.id) == ["ana", "chen"])
    #expect(report.mostAffected.first?.level == "5 → 4")
    #expect(report.mostAffected.first?.lost == ["achievement dedication tier 2", "quest daily ×2"])
    #expect(report.moved.first?.item == "achievement/dedication/2")
    let html = report.html()
    #expect(html.contains("<dd data-identity=\"candidate\">default 2, digest 00000000000000ff</dd>"))
    #expect(html.contains("<dd data-identity=\"base\">each player's own pack</dd>"))
    #expect(html.contains("<tr data-count=\"demoted\"><td>demoted</td><td>1</td><td>33.3%</td></tr>"))
    // Every delta from −1 to +2 has a bin; +1 has no player, so no row.
    #expect(html.contains("<tr data-delta=\"-1\"><td>\u{2212}1</td><td>1</td><td>33.3%</td></tr>"))
    #expect(!html.contains("data-delta=\"1\""))
    #expect(
      html.contains(
        "<tr data-player=\"ana\" class=\"demoted\"><td>ana (demoted)</td><td>5 → 4</td><td>1,000 → 900</td>"))
    #expect(html.contains("data-chart=\"level-deltas\""))
  }
}
