import Engine
import RuleLanguage

/// Reads a scenario file strictly: unknown keys, wrong types, out-of-range values, unknown
/// categories, exercises, species, metrics and contradictory dates are located errors.
public enum ScenarioLoader {
  /// The newest scenario format this version reads.
  public static let format = 1

  /// The deepest chain of `extends` a scenario may have.
  public static let maximumExtends = 16

  /// Loads a scenario, applying `scenario.…` overrides, checking names against its rule pack.
  public static func load(path: String, overrides: [JSONOverride] = [], packs: PackCache) throws(DiagnosticError)
    -> Scenario
  {
    try load(try FileSystem.read(path), overrides: overrides, packs: packs)
  }

  /// Loads a scenario from its text; the source's name is its path (`rules` is relative to it).
  public static func load(_ source: SourceFile, overrides: [JSONOverride] = [], packs: PackCache)
    throws(DiagnosticError) -> Scenario
  {
    let path = source.name
    let log = DiagnosticLog()
    var root = try document(source, log: log, chain: [path])
    try log.throwIfErrors()
    for override in overrides {
      root = try root.overriding(override, dropping: 1)
    }
    let decoder = ScenarioDecoder(path: path, source: source, log: log, packs: packs, overrides: overrides)
    let scenario = decoder.decode(root)
    try log.throwIfErrors()
    guard let scenario else { throw DiagnosticError(Diagnostic(file: path, message: "the scenario is incomplete")) }
    return scenario
  }

  /// A scenario document with its `extends` chain resolved: the parent (a path relative to the
  /// file) is loaded first and this file's keys are merged over it.
  static func document(_ source: SourceFile, log: DiagnosticLog, chain: [String]) throws(DiagnosticError) -> JSONNode {
    let value = try JSONReader.parse(source)
    let node = JSONNode(root: value, source: source, log: log)
    guard case .object(var members) = value.kind, let index = members.firstIndex(where: { $0.key == "extends" }) else {
      return node
    }
    let extendsNode = node.child(members[index].value, key: "extends")
    members.remove(at: index)
    let own = JSONValue(.object(members), offset: value.offset)
    guard let parentName = extendsNode.nonEmptyString else { return JSONNode(root: own, source: source, log: log) }
    let parentPath = resolve(parentName, from: source.name)
    guard !chain.contains(parentPath) else {
      extendsNode.error("'extends' makes a cycle: \((chain + [parentPath]).joined(separator: " → "))")
      return JSONNode(root: own, source: source, log: log)
    }
    guard chain.count < maximumExtends else {
      extendsNode.error("'extends' chains at most \(maximumExtends) files")
      return JSONNode(root: own, source: source, log: log)
    }
    let parentSource: SourceFile
    do {
      parentSource = try FileSystem.read(parentPath)
    } catch {
      extendsNode.error("cannot extend '\(parentName)': \(error.diagnostics.first?.message ?? "unreadable")")
      return JSONNode(root: own, source: source, log: log)
    }
    let parent = try document(parentSource, log: log, chain: chain + [parentPath])
    return parent.extended(by: own, source: source)
  }

  /// A path written in a file, relative to that file's directory (absolute paths unchanged).
  static func resolve(_ relative: String, from file: String) -> String {
    if relative.hasPrefix("/") { return relative }
    guard let slash = file.lastIndex(of: "/") else { return relative }
    var parts = String(file[..<slash]).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for component in relative.split(separator: "/") {
      if component == ".." {
        if let last = parts.last, !last.isEmpty, last != "..", last != "." {
          parts.removeLast()
        } else {
          parts.append("..")
        }
      } else if component != "." {
        parts.append(String(component))
      }
    }
    let joined = parts.joined(separator: "/")
    return joined.isEmpty ? "." : joined
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
