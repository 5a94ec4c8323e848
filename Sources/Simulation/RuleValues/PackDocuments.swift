import Engine
import RuleLanguage

/// The JSON documents of a loaded rule pack (its files as read, with the pack's `--set`
/// overrides applied), for the balancing tools that read rule values by path: `tune` (a value
/// before tuning), `sensitivity` (every numeric value) and `lint` (where a value is written).
///
/// This and ``PackOutline`` are the only places the balancing tools read a pack's structure.
struct PackDocuments {
  /// One rule file.
  struct File {
    /// `xp` for `xp.json`: the first step of a `--set` path.
    var stem: String
    var source: SourceFile
    var root: JSONValue
  }

  /// The files, in file-name order (as the pack was loaded).
  let files: [File]
  /// Values replaced by overrides: the file, the path and the override's own text (offsets
  /// inside such a value are offsets in that text).
  private let replaced: [(stem: String, path: JSONPath, source: SourceFile)]

  init(_ pack: RulePack) {
    var files: [File] = []
    var replaced: [(stem: String, path: JSONPath, source: SourceFile)] = []
    for source in pack.files {
      let name = String(source.name.split(separator: "/").last ?? Substring(source.name))
      guard name.hasSuffix(".json"), var root = try? JSONReader.parse(source) else { continue }
      let stem = String(name.dropLast(5))
      for override in pack.overrides {
        guard case .key(stem)? = override.steps.first, let changed = try? override.applying(to: root, dropping: 1)
        else { continue }
        root = changed.document
        replaced.append((stem, changed.path, override.source))
      }
      files.append(File(stem: stem, source: source, root: root))
    }
    self.files = files
    self.replaced = replaced
  }

  /// Where the value at a `--set` path is written: its file (or the `--set` text that replaced
  /// it) and its byte offset there.
  func location(of path: String) -> (source: SourceFile, offset: Int)? {
    guard let override = try? JSONOverride(parsing: "\(path)=0"), case .key(let stem)? = override.steps.first,
      let file = file(stem), let resolved = try? override.applying(to: file.root, dropping: 1),
      let value = PackDocuments.value(in: file.root, at: resolved.path)
    else { return nil }
    let components = resolved.path.components
    let source = replaced.last { $0.stem == stem && components.starts(with: $0.path.components) }?.source ?? file.source
    return (source, value.offset)
  }

  /// The file a `--set` path starts with.
  func file(_ stem: String) -> File? { files.first { $0.stem == stem } }

  /// The value at a `--set` path (`xp.categories.strength.multiplier`,
  /// `achievements.achievements.dedication.tiers[0].at`), or nil when the pack has none there.
  func value(at path: String) -> JSONValue? {
    guard let override = try? JSONOverride(parsing: "\(path)=0"), case .key(let stem)? = override.steps.first,
      let file = file(stem)
    else { return nil }
    return PackDocuments.value(in: file.root, at: override, dropping: 1)
  }

  /// The value a `--set` would replace in a document (after `dropping` leading steps), or nil.
  static func value(in root: JSONValue, at override: JSONOverride, dropping: Int) -> JSONValue? {
    guard let resolved = try? override.applying(to: root, dropping: dropping) else { return nil }
    return value(in: root, at: resolved.path)
  }

  /// The value at a path of a document.
  static func value(in root: JSONValue, at path: JSONPath) -> JSONValue? {
    var node = root
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = node[key] else { return nil }
        node = next
      case .index(let index):
        guard let elements = node.elements, index < elements.count else { return nil }
        node = elements[index]
      }
    }
    return node
  }
}
