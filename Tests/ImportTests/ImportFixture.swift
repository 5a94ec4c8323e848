import Engine
import FitQuestTestSupport
import Foundation
import Import

/// The hand-written exports next to the tests, and the default pack they are read with.
enum ImportFixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static let pack: RulePack = {
    do { return try RulePackLoader.load(directory: Paths.rules) } catch {
      preconditionFailure("the default pack loads: \(error)")
    }
  }()

  /// Imports a fixture; its events as NDJSON lines, and its notes without the directory.
  static func run(_ name: String, _ format: ImportFormat?, options: Importer.Options = .init(), pack: RulePack = pack)
    throws
    -> (lines: [String], notes: [String], result: ImportResult)
  {
    let result = try Importer.run(format, path: path(name), pack: pack, options: options)
    let prefix = directory.path + "/"
    return (result.events.map(\.jsonLine), result.notes.map { $0.replacingOccurrences(of: prefix, with: "") }, result)
  }
}
