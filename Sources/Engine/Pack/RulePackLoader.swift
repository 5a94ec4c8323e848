import RuleLanguage

/// Loads a rule pack directory, validates it strictly and compiles it.
///
/// Every problem in every file is reported in one go, each as `rules/FILE.json:LINE:COL: error:`
/// with its JSON path: unknown keys (with "did you mean"), wrong types, out-of-range values,
/// unknown references, non-increasing level curves, formulas with unknown variables.
public enum RulePackLoader {
  /// The files a pack may contain, in loading order; the first three are required.
  public static var fileNames: [String] { Mechanics.files }

  /// Loads and compiles the pack in `directory`, applying `--set` overrides first.
  public static func load(directory: String, overrides: [JSONOverride] = []) throws(DiagnosticError) -> RulePack {
    guard FileSystem.isDirectory(directory) else {
      let message =
        FileSystem.exists(directory)
        ? "is not a directory; a rule pack is a directory of JSON files"
        : "no such rule pack directory"
      throw DiagnosticError(.unreadable(directory, message))
    }
    var files: [SourceFile] = []
    var problems: [Diagnostic] = []
    for name in try FileSystem.listDirectory(directory) where name.hasSuffix(".json") {
      do throws(DiagnosticError) {
        files.append(try FileSystem.read(join(directory, name)))
      } catch {
        problems += error.diagnostics
      }
    }
    return try load(files, source: directory, overrides: overrides, problems: problems)
  }

  /// Loads and compiles a pack from its files' contents, by file name (`xp.json`).
  public static func load(files: [String: [UInt8]], source: String = "<files>", overrides: [JSONOverride] = [])
    throws(DiagnosticError) -> RulePack
  {
    let sorted = files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    return try load(
      sorted.map { SourceFile(name: $0, bytes: files[$0] ?? []) }, source: source, overrides: overrides, problems: [])
  }

  /// Loads parsed-to-be files (named `DIR/NAME.json` or `NAME.json`), in file-name order.
  static func load(_ files: [SourceFile], source: String, overrides: [JSONOverride], problems: [Diagnostic])
    throws(DiagnosticError) -> RulePack
  {
    let log = DiagnosticLog()
    for problem in problems { log.report(problem) }
    var documents: [String: JSONNode] = [:]
    var digest = FNV1a()
    for file in files {
      let name = String(file.name.split(separator: "/").last ?? Substring(file.name))
      guard name.hasSuffix(".json") else { continue }
      let stem = String(name.dropLast(5))
      guard fileNames.contains(stem) else {
        let hint = Suggestion.closest(to: stem, among: fileNames).map { "; did you mean '\($0).json'?" } ?? ""
        log.report(Diagnostic(file: file.name, message: "unknown rule file '\(name)'\(hint)"))
        continue
      }
      do throws(DiagnosticError) {
        digest.add(Array(name.utf8))
        digest.add(file.bytes)
        documents[stem] = JSONNode(root: try JSONReader.parse(file), source: file, log: log)
      } catch {
        log.report(error)
      }
    }
    for name in fileNames where Mechanics.requiredFiles.contains(name) && documents[name] == nil {
      if !log.diagnostics.contains(where: { $0.file?.hasSuffix("\(name).json") ?? false }) {
        log.report(Diagnostic(file: source, message: "missing required file '\(name).json'"))
      }
    }
    for override in overrides {
      do throws(DiagnosticError) {
        guard case .key(let file)? = override.steps.first, let node = documents[file] else {
          let first: String = {
            if case .key(let key)? = override.steps.first { return key }
            return ""
          }()
          let hint = Suggestion.hint(for: first, among: fileNames)
          throw DiagnosticError(
            Diagnostic(message: "cannot apply --set \(override.text): no rule file '\(first).json'\(hint)"))
        }
        documents[file] = try node.overriding(override, dropping: 1)
        digest.add(Array(override.text.utf8))
      } catch {
        log.report(error)
      }
    }
    // A file that cannot be read (bad JSON, a bad override) does not stop the others from being
    // checked; only names they use that it may define are left unchecked.
    let unreadable = log.hasErrors
    let decoder = PackDecoder(source: source, documents: documents, log: log, overrides: overrides)
    let pack = decoder.decode(digest: digest.hex, files: files)
    if unreadable {
      var problems = log.diagnostics.filter { !$0.isUnknownName }
      if problems.count < log.diagnostics.count {
        problems.append(
          Diagnostic(
            .note, file: source, message: "names used in the other files were not checked until every file can be read")
        )
      }
      throw DiagnosticError(problems)
    }
    try log.throwIfErrors()
    guard let pack else { throw DiagnosticError(Diagnostic(file: source, message: "the rule pack is incomplete")) }
    return pack
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}

/// FNV-1a, 64-bit: a small stable digest (not cryptographic) for change detection.
public struct FNV1a: Sendable {
  /// The running hash.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Creates a fresh hash.
  public init() {}

  /// Adds bytes, then a separator byte so that concatenations differ.
  public mutating func add(_ bytes: [UInt8]) {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    value ^= 0xFF
    value = value &* 0x100_0000_01b3
  }

  /// Adds a string's UTF-8 bytes.
  public mutating func add(_ text: String) { add(Array(text.utf8)) }

  /// The hash as 16 hexadecimal digits.
  public var hex: String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
