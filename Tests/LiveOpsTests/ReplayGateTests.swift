import Engine
import FitQuestTestSupport
import Foundation
import LiveOps
import RuleLanguage
import Testing

/// `check --replay R --expect GATE`: expectations on a replay's summary hold or fail at their
/// position; unknown metrics and bad bounds are located errors; a file that is not a replay is
/// refused.
@Suite struct ReplayGateTests {
  /// A replay of ana (demoted), bo (unchanged) and chen (up two levels), as `replay --format json` writes it.
  static func replayFile(in directory: URL) throws -> String {
    var writer = ReplayWriter(format: .json)
    var summary = ImpactSummary()
    var text = writer.header()
    for impact in [ImpactTests.ana, ImpactTests.bo, ImpactTests.chen] {
      summary.add(impact)
      text += writer.player(impact)
    }
    text += writer.footer(
      summary,
      rules: ReplayRules(base: nil, candidate: PackStamp(name: "default", version: "2", digest: "00000000000000ff")))
    let path = directory.appendingPathComponent("replay.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func gate(_ marked: MarkedText, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("gate.json").path
    try marked.text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func expectationsHoldOrFailAtTheirPosition() throws {
    let directory = Paths.temporaryDirectory("liveops-gate")
    let replay = try ReplayDocument.load(path: try Self.replayFile(in: directory))
    let marked = MarkedText(
      """
      {"format": 1, "expect": {
        1️⃣"replay.demoted.share": {"max": 0},
        2️⃣"replay.levelDelta.p50": {"min": 0, "max": 1},
        3️⃣"replay.compared": {"min": 3}
      }}
      """)
    let gate = try ReplayGate.load(path: try Self.gate(marked, in: directory))
    let results = gate.check(replay)
    #expect(results.map(\.passed) == [false, true, true])
    // One of three players compared is demoted: 1/3.
    #expect(results[0].actual == 1.0 / 3)
    let diagnostic = results[0].diagnostic
    #expect(diagnostic.position == marked.position("1️⃣"))
    #expect(diagnostic.message == "expectation failed: replay.demoted.share at most 0; actual 0.3333333333333333")
    #expect(results[1].expectation.summary == "replay.levelDelta.p50 between 0 and 1")
  }

  @Test(arguments: [
    (
      #"{"expect": {1️⃣"replay.demoted.shar": {"max": 0}}}"#,
      "unknown metric 'replay.demoted.shar'; did you mean 'replay.demoted.share'?"
    ),
    (#"{"expect": {"replay.demoted.share": 1️⃣{}}}"#, "'replay.demoted.share' needs \"min\", \"max\" or both"),
    (
      #"{"expect": {"replay.demoted.share": 1️⃣{"min": 2, "max": 1}}}"#,
      "'replay.demoted.share' has a min (2) above its max (1)"
    ),
    (
      #"{"expect": {"replay.demoted.share": {1️⃣"most": 1}}}"#, #"unknown key 'most' in 'expect["replay.demoted.share"]'"#
    ),
    (#"{"format": 1️⃣9, "expect": {}}"#, "gate format 9 is newer than this fitquest supports (1); update fitquest"),
  ])
  func badGateIsALocatedError(marked: String, message: String) throws {
    let directory = Paths.temporaryDirectory("liveops-gate")
    let text = MarkedText(marked)
    let path = try Self.gate(text, in: directory)
    do {
      _ = try ReplayGate.load(path: path)
      Issue.record("accepted")
    } catch {
      let first = try #require(error.diagnostics.first)
      #expect(first.message == message)
      #expect(first.position == text.position("1️⃣"))
    }
  }

  @Test func aFileThatIsNotAReplayIsRefused() throws {
    let directory = Paths.temporaryDirectory("liveops-gate")
    let path = directory.appendingPathComponent("scenario.json").path
    try #"{"players": [], "summary": {"players": 0}}"#.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: DiagnosticError.self) { try ReplayDocument.load(path: path) }
    do {
      _ = try ReplayDocument.load(path: path)
    } catch {
      #expect(
        error.diagnostics.first?.message
          == "the summary lacks 'compared'; write it with 'fitquest replay --format json'")
    }
  }
}
