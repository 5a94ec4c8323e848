import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Testing

/// The state file's atomic writer: a link planted where its temporary file goes is not followed;
/// the leftovers of a killed writer are removed for its state only.
@Suite struct AtomicFileTests {
  @Test func aLinkPlantedAtTheTemporaryPathIsNotFollowed() throws {
    let work = Paths.temporaryDirectory("atomic-file")
    defer { try? FileManager.default.removeItem(at: work) }
    let victim = work.appendingPathComponent("victim").path
    try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
    let state = work.appendingPathComponent("state.json").path
    // The writer's temporary name is predictable (the path, ".tmp-", the process id).
    try FileManager.default.createSymbolicLink(atPath: "\(state).tmp-\(getpid())", withDestinationPath: victim)
    try AtomicFile.write(Array("new state".utf8), to: state)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    #expect(try String(contentsOfFile: state, encoding: .utf8) == "new state")
    #expect(try FileManager.default.attributesOfItem(atPath: state)[.type] as? FileAttributeType == .typeRegular)
  }

  // Linux file systems keep names as bytes; macOS's normalise them, so the two names below
  // would be one file there.
  #if os(Linux)
    @Test func leftoversAreRemovedForTheStateWhoseNameHasTheSameBytesOnly() throws {
      let work = Paths.temporaryDirectory("atomic-leftovers")
      defer { try? FileManager.default.removeItem(at: work) }
      // "Å.json" composed (C3 85) and decomposed (41 CC 8A): two states, equal as Swift strings.
      let composed = work.appendingPathComponent("\u{00C5}.json").path
      let decomposed = work.appendingPathComponent("A\u{030A}.json").path
      for leftover in ["\(composed).tmp-1", "\(decomposed).tmp-2", "\(composed).tmp-3"] {
        try Data("x".utf8).write(to: URL(fileURLWithPath: leftover))
      }
      AtomicFile.removeLeftovers(of: composed)
      let left = try FileSystem.listDirectory(work.path).map { Array($0.utf8) }
      #expect(left == [Array("A\u{030A}.json.tmp-2".utf8)])
    }
  #endif
}
