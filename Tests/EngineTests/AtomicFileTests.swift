import FitQuestTestSupport
import Foundation
import Ledger
import Testing

/// The state file's atomic writer: a link planted where its temporary file goes is not followed.
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
}
