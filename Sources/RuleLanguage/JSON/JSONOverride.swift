/// A `--set PATH=VALUE` override of a value in a JSON document, such as
/// `xp.categories.strength.multiplier=1.5` or `achievements[3].rewardXP=50`.
///
/// Path steps are separated by dots; `[n]` indexes an array; a name step into an array selects
/// the element whose `id` (or `name`) is that name. The first step names the file where a
/// caller has several (`xp` for `xp.json`).
public struct JSONOverride: Sendable, Equatable, CustomStringConvertible {
  /// One step of the path.
  public enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  /// The steps.
  public var steps: [Step]
  /// The new value; its offsets are offsets in ``source``.
  public var value: JSONValue
  /// The text as given.
  public var text: String
  /// The value as JSON text, named `--set PATH`, so problems in it are reported there (a plain
  /// string value is quoted: `--set xp.terms.base` holds `"2 * category.base"`).
  public let source: SourceFile

  public var description: String { text }

  public static func == (left: JSONOverride, right: JSONOverride) -> Bool {
    left.steps == right.steps && left.value == right.value && left.text == right.text
  }

  /// Parses `PATH=VALUE`; VALUE is JSON when it parses as JSON, else a string.
  public init(parsing text: String) throws(DiagnosticError) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw DiagnosticError(Diagnostic(message: "'\(text)' is not PATH=VALUE, e.g. xp.caps.perWorkout=400"))
    }
    let path = String(text[..<equals])
    let rawValue = String(text[text.index(after: equals)...])
    let steps = try JSONOverride.parsePath(path)
    self.text = text
    self.steps = steps
    let name = "--set \(path)"
    if let value = try? JSONReader.parse(rawValue) {
      self.value = value
      self.source = SourceFile(name: name, bytes: Array(rawValue.utf8))
    } else {
      let quoted = JSONWriter.quoted(rawValue)
      self.value = JSONValue(.string(rawValue), offset: 0)
      self.source = SourceFile(name: name, bytes: Array(quoted.utf8))
    }
  }

  /// Creates an override from parts.
  public init(steps: [Step], value: JSONValue, text: String) {
    self.steps = steps
    self.value = value
    self.text = text
    self.source = SourceFile(name: "--set", bytes: [])
  }

  static func parsePath(_ path: String) throws(DiagnosticError) -> [Step] {
    var steps: [Step] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      if let bracket = rest.firstIndex(of: "[") {
        let key = rest[..<bracket]
        if !key.isEmpty { steps.append(.key(String(key))) }
        rest = rest[bracket...]
        while rest.hasPrefix("[") {
          guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
            index >= 0
          else {
            throw DiagnosticError(Diagnostic(message: "invalid index in override path '\(path)'; write [0], [1]…"))
          }
          steps.append(.index(index))
          rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty {
          throw DiagnosticError(Diagnostic(message: "unexpected '\(rest)' in override path '\(path)'"))
        }
      } else {
        guard !rest.isEmpty else {
          throw DiagnosticError(Diagnostic(message: "empty step in override path '\(path)'"))
        }
        steps.append(.key(String(rest)))
      }
    }
    return steps
  }

  /// Returns `document` with the value at `steps` (after `dropping` leading steps) replaced; a
  /// missing last key of an object is added.
  public func apply(to document: JSONValue, dropping: Int = 0) throws(DiagnosticError) -> JSONValue {
    try applying(to: document, dropping: dropping).document
  }

  /// Like ``apply(to:dropping:)``, also returning the path of the replaced value, with array
  /// elements chosen by id turned into indexes (for ``JSONNode/overriding(_:)``).
  public func applying(to document: JSONValue, dropping: Int = 0) throws(DiagnosticError) -> (
    document: JSONValue, path: JSONPath
  ) {
    var path = JSONPath.root
    let changed = try set(
      Array(steps.dropFirst(dropping)), in: document, at: Array(steps.prefix(dropping)), path: &path)
    return (changed, path)
  }

  private func describe(_ walked: [Step]) -> String {
    var path = JSONPath.root
    for step in walked {
      switch step {
      case .key(let key): path = path.appending(key)
      case .index(let index): path = path.appending(index)
      }
    }
    return path.description
  }

  private func fail(_ message: String) -> DiagnosticError {
    DiagnosticError(Diagnostic(message: "cannot apply --set \(text): \(message)"))
  }

  private func set(_ steps: [Step], in node: JSONValue, at walked: [Step], path: inout JSONPath) throws(DiagnosticError)
    -> JSONValue
  {
    guard let step = steps.first else { return value }
    let rest = Array(steps.dropFirst())
    switch (step, node.kind) {
    case (.key(let key), .object(var members)):
      path = path.appending(key)
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = try set(rest, in: members[index].value, at: walked + [step], path: &path)
      } else if rest.isEmpty, Suggestion.closest(to: key, among: members.map(\.key)) == nil {
        // A new key may be added (to set an optional value), unless it looks like a typo.
        members.append(JSONMember(key: key, keyOffset: value.offset, value: value))
      } else {
        throw fail("no key '\(key)' in '\(describe(walked))'\(Suggestion.hint(for: key, among: members.map(\.key)))")
      }
      return JSONValue(.object(members), offset: node.offset)
    case (.index(let index), .array(var elements)):
      guard index < elements.count else {
        throw fail("'\(describe(walked))' has \(elements.count) elements; index \(index) is out of range")
      }
      path = path.appending(index)
      elements[index] = try set(rest, in: elements[index], at: walked + [step], path: &path)
      return JSONValue(.array(elements), offset: node.offset)
    case (.key(let key), .array(var elements)):
      let names = elements.compactMap { $0["id"]?.string ?? $0["name"]?.string }
      guard let index = elements.firstIndex(where: { ($0["id"]?.string ?? $0["name"]?.string) == key }) else {
        throw fail("no element with id '\(key)' in '\(describe(walked))'\(Suggestion.hint(for: key, among: names))")
      }
      path = path.appending(index)
      elements[index] = try set(rest, in: elements[index], at: walked + [step], path: &path)
      return JSONValue(.array(elements), offset: node.offset)
    default:
      switch step {
      case .key(let key): throw fail("'\(describe(walked))' is \(node.kindName), which has no key '\(key)'")
      case .index(let index): throw fail("'\(describe(walked))' is \(node.kindName), which has no element [\(index)]")
      }
    }
  }
}

extension Diagnostic {
  /// Whether the problem is in a `--set` override (its path, or its value read in the
  /// override's own text) rather than in a file.
  public var concernsOverride: Bool {
    guard let file else { return message.hasPrefix("cannot apply --set ") }
    return file == "--set" || file.hasPrefix("--set ")
  }
}
