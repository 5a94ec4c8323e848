import Engine
import RuleLanguage

/// Reads a scenario file strictly: unknown keys, wrong types, out-of-range values, unknown
/// categories, exercises, species, metrics and contradictory dates are located errors.
public enum ScenarioLoader {
  /// The newest scenario format this version reads.
  public static let format = 1

  /// Loads a scenario, applying `scenario.…` overrides, checking names against its rule pack.
  public static func load(path: String, overrides: [JSONOverride] = [], packs: PackCache) throws(DiagnosticError) -> Scenario {
    let source = try FileSystem.read(path)
    let log = DiagnosticLog()
    var root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    for override in overrides {
      root = try root.overriding(override, dropping: 1)
    }
    let decoder = ScenarioDecoder(path: path, source: source, log: log, packs: packs, overrides: overrides)
    let scenario = decoder.decode(root)
    try log.throwIfErrors()
    guard let scenario else { throw DiagnosticError(Diagnostic(file: path, message: "the scenario is incomplete")) }
    return scenario
  }

  /// The scenario files of a directory (`*.json`, sorted by name).
  public static func files(in directory: String) throws(DiagnosticError) -> [String] {
    try FileSystem.listDirectory(directory).filter { $0.hasSuffix(".json") }.map { RulePackLoader.join(directory, $0) }
  }
}

extension Scenario {
  /// The scenario loaded again from its file with the same overrides (its own arrays, for a
  /// thread of its own); itself when the file changed or vanished.
  func isolatedCopy(packs: PackCache) -> Scenario {
    (try? ScenarioLoader.load(path: path, overrides: overrides, packs: packs)) ?? self
  }
}

extension RulePackLoader {
  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
