import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation

enum SimulationFixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  static func path(_ name: String) -> String { directory.appendingPathComponent("Fixtures/\(name)").path }

  static func load(_ name: String, overrides: [String] = []) throws -> (Scenario, Engine) {
    let parsed = try overrides.map { try JSONOverride(parsing: $0) }
    let packs = PackCache(overrides: parsed.filter { $0.steps.first != .key("scenario") })
    let scenario = try ScenarioLoader.load(
      path: path(name), overrides: parsed.filter { $0.steps.first == .key("scenario") }, packs: packs)
    return (scenario, try packs.engine(for: scenario.rulesPath))
  }

  /// A loader of a fixture scenario with overrides, as tune and sensitivity take it.
  static func loader(_ name: String) -> SensitivityAnalysis.Loader {
    { overrides throws(DiagnosticError) in
      do {
        return [try load(name, overrides: overrides.map(\.text))]
      } catch let error as DiagnosticError {
        throw error
      } catch {
        throw DiagnosticError(Diagnostic(message: "\(error)"))
      }
    }
  }

  /// Compares text with a golden file next to the tests; a missing file, or RECORD_SNAPSHOTS=1,
  /// writes it and fails (as ArgumentParser's assertSnapshot does).
  static func assertGolden(_ text: String, _ name: String) -> String? {
    let url = directory.appendingPathComponent("Snapshots/\(name)")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let stored = try? String(contentsOf: url, encoding: .utf8) else {
      try? text.write(to: url, atomically: true, encoding: .utf8)
      return "recorded \(url.path); check it and run again"
    }
    guard stored != text else { return nil }
    let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
    let new = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    let was = line < old.count ? String(old[line]) : "(end)"
    let now = line < new.count ? String(new[line]) : "(end)"
    return "golden \(name) differs at line \(line + 1):\n- \(was)\n+ \(now)"
  }
}
