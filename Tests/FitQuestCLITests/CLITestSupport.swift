import FitQuestTestSupport
import Foundation

enum CLIFixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
  static var events: String { directory.appendingPathComponent("events.ndjson").path }

  /// A fresh directory with a copy of the sample events.
  static func workspace() throws -> URL {
    let directory = Paths.temporaryDirectory("cli")
    try FileManager.default.copyItem(atPath: events, toPath: directory.appendingPathComponent("events.ndjson").path)
    return directory
  }
}

extension URL {
  func file(_ name: String) -> String { appendingPathComponent(name).path }
}
