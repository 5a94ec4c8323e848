import FitQuestTestSupport
import Foundation
import Testing

/// The `fitquest` the CLI tests run. With `FITQUEST_BINARY` (`.ci/run` names its release build),
/// it must be built from the sources under test: a missing or stale binary fails here, by name,
/// rather than as every CLI test checking old behaviour.
@Suite struct TestBinaryTests {
  @Test func theBinaryUnderTestIsBuiltFromTheseSources() throws {
    if let problem = Paths.namedBinaryProblem { Issue.record("\(problem)") }
    let version = try CommandRunner.fitquest(["--version"])
    #expect(version.status == 0, "\(Paths.fitquest.path): \(version.stderr)")
  }
}
