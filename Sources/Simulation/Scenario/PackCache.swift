import Engine
import RuleLanguage

/// Loads each rule pack once per command, with the rule overrides (`--set xp.…`) applied.
public final class PackCache {
  private var engines: [String: Engine] = [:]
  /// Overrides of rule values (paths whose first step names a rule file).
  public let overrides: [JSONOverride]

  /// Creates a cache.
  public init(overrides: [JSONOverride] = []) {
    self.overrides = overrides
  }

  /// The engine for a pack directory.
  public func engine(for directory: String) throws(DiagnosticError) -> Engine {
    if let engine = engines[directory] { return engine }
    let pack = try RulePackLoader.load(directory: directory, overrides: overrides)
    let engine = Engine(pack: pack)
    engines[directory] = engine
    return engine
  }
}
