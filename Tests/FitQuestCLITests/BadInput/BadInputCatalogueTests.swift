import FitQuestTestSupport
import Foundation
import Testing

/// The bad-input catalogue: every entry must fail with its exact first error line and exit code,
/// never crash or hang, and leave the saved state as it was.
@Suite struct BadInputCatalogueTests {
  @Test func theCatalogueCoversEveryKindOfInput() {
    #expect(BadInput.catalogue.count >= 60)
    #expect(Set(BadInput.catalogue.map(\.name)).count == BadInput.catalogue.count, "names must be unique")
    #expect(BadInput.rulePacks.count + BadInput.packFormulas.count >= 15)
    #expect(BadInput.scenarios.count >= 10)
    #expect(BadInput.eventStreams.count + BadInput.eventFormulas.count >= 15)
    #expect(BadInput.formulas.count >= 8)
    #expect(BadInput.commandLines.count >= 8)
  }

  @Test(arguments: BadInput.catalogue)
  func isRejectedPrecisely(_ entry: BadInput) throws {
    let problems = try BadInputWorkspace.check(entry)
    #expect(problems.isEmpty, "\(entry.name):\n\(problems.joined(separator: "\n"))")
  }
}
