import Engine
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

extension PlayerState {
  /// The state with its kept events' lines in their canonical form (``Event/jsonLine``), as this
  /// version keeps them: a state saved by an earlier version compares equal to its migration.
  var canonicalized: PlayerState {
    var copy = self
    copy.history.kept = KeptEvents(
      history.kept.map { kept in
        guard let event = try? Event(jsonLine: kept.line) else { return kept }
        return KeptEvent(event, line: event.jsonLine, seq: kept.seq)
      })
    return copy
  }
}
