import Engine
import RuleLanguage

/// Loads each rule pack once per command, with the rule overrides (`--set xp.…`) applied.
public final class PackCache {
  private var engines: [String: Engine] = [:]
  /// Packs that failed, with their problems (scenarios sharing a pack load it once).
  private var failures: [String: DiagnosticError] = [:]
  /// Overrides of rule values (paths whose first step names a rule file).
  public let overrides: [JSONOverride]

  /// Creates a cache.
  public init(overrides: [JSONOverride] = []) {
    self.overrides = overrides
  }

  /// The engine for a pack directory.
  public func engine(for directory: String) throws(DiagnosticError) -> Engine {
    if let engine = engines[directory] { return engine }
    if let failure = failures[directory] { throw failure }
    let pack: RulePack
    do {
      pack = try RulePackLoader.load(directory: directory, overrides: overrides)
    } catch {
      failures[directory] = error
      throw error
    }
    let engine = Engine(pack: pack)
    engines[directory] = engine
    return engine
  }
}
