/// A JSON value being decoded: the value, its path from the root, and its file.
///
/// Accessors return nil after reporting a located diagnostic to the log when the value has the
/// wrong type or range, so decoding continues and every problem is found in one pass.
public struct JSONNode {
  /// The value.
  public let value: JSONValue
  /// The path from the document root.
  public let path: JSONPath
  /// The file the value was read from.
  public let source: SourceFile
  /// Where problems are reported.
  public let log: DiagnosticLog
  /// Values replaced by `--set` overrides, by path, with the text they came from.
  let overrides: [JSONPath: SourceFile]

  /// Creates a node for a document root.
  public init(root value: JSONValue, source: SourceFile, log: DiagnosticLog) {
    self.init(value: value, path: .root, source: source, log: log, overrides: [:])
  }

  init(value: JSONValue, path: JSONPath, source: SourceFile, log: DiagnosticLog, overrides: [JSONPath: SourceFile]) {
    self.value = value
    self.path = path
    self.source = overrides.isEmpty ? source : overrides[path] ?? source
    self.log = log
    self.overrides = overrides
  }

  /// This document with an override applied; problems in the new value are reported in the
  /// override's own text (`--set xp.caps.perWorkout:1:1: error: …`).
  public func overriding(_ override: JSONOverride, dropping: Int = 0) throws(DiagnosticError) -> JSONNode {
    let (changed, changedPath) = try override.applying(to: value, dropping: dropping)
    var overrides = self.overrides
    overrides[changedPath] = override.source
    return JSONNode(value: changed, path: path, source: source, log: log, overrides: overrides)
  }

  /// This document extended by another: objects merge key by key (recursively), any other value
  /// of `document` replaces this one's, and `null` removes a key. Values that come from
  /// `document` are reported in its own file.
  public func extended(by document: JSONValue, source other: SourceFile) -> JSONNode {
    var overrides = self.overrides
    func merge(_ base: JSONValue, _ top: JSONValue, _ path: JSONPath) -> JSONValue {
      guard case .object(var members) = base.kind, case .object(let additions) = top.kind else {
        overrides[path] = other
        return top
      }
      for addition in additions {
        // "KEY+": the array adds its elements to the parent's KEY instead of replacing it.
        if addition.key.count > 1, addition.key.hasSuffix("+") {
          let key = String(addition.key.dropLast())
          let childPath = path.appending(key)
          guard case .array(let added) = addition.value.kind else {
            log.report(
              Diagnostic(
                in: other, offset: addition.value.offset,
                message: "'\(addition.key)' adds the elements of an array; this is not an array"))
            continue
          }
          guard let index = members.firstIndex(where: { $0.key == key }) else {
            overrides[childPath] = other
            members.append(JSONMember(key: key, keyOffset: addition.keyOffset, value: addition.value))
            continue
          }
          guard case .array(let existing) = members[index].value.kind else {
            log.report(
              Diagnostic(
                in: other, offset: addition.value.offset,
                message: "'\(addition.key)' adds to an array; '\(key)' of the scenario it extends is not one"))
            continue
          }
          for offset in added.indices { overrides[childPath.appending(existing.count + offset)] = other }
          members[index].value = JSONValue(.array(existing + added), offset: members[index].value.offset)
          continue
        }
        let childPath = path.appending(addition.key)
        if let index = members.firstIndex(where: { $0.key == addition.key }) {
          if addition.value.kind == .null {
            members.remove(at: index)
          } else if case .object = members[index].value.kind, case .object = addition.value.kind {
            members[index].value = merge(members[index].value, addition.value, childPath)
          } else {
            overrides[childPath] = other
            members[index] = addition
          }
        } else if addition.value.kind != .null {
          overrides[childPath] = other
          members.append(addition)
        }
      }
      return JSONValue(.object(members), offset: base.offset)
    }
    let merged = merge(value, document, path)
    return JSONNode(value: merged, path: path, source: source, log: log, overrides: overrides)
  }

  /// The byte offset of the value.
  public var offset: Int { value.offset }

  /// Reports an error at the value (or at another offset of the same file).
  public func error(_ message: String, at offset: Int? = nil, notes: [String] = []) {
    log.report(Diagnostic(in: source, offset: offset ?? value.offset, message: message, notes: notes))
  }

  /// Reports a name the input does not define (see ``Diagnostic/isUnknownName``), at the value
  /// or at another offset of the same file.
  public func unknownName(_ message: String, at offset: Int? = nil) {
    var diagnostic = Diagnostic(in: source, offset: offset ?? value.offset, message: message)
    diagnostic.isUnknownName = true
    log.report(diagnostic)
  }

  /// Returns a diagnostic at the value without reporting it.
  public func diagnostic(_ message: String) -> Diagnostic {
    Diagnostic(in: source, offset: value.offset, message: message)
  }

  /// The node of a member value of this object.
  public func child(_ value: JSONValue, key: String) -> JSONNode {
    JSONNode(value: value, path: path.appending(key), source: source, log: log, overrides: overrides)
  }

  func child(_ value: JSONValue, index: Int) -> JSONNode {
    JSONNode(value: value, path: path.appending(index), source: source, log: log, overrides: overrides)
  }

  private func mismatch(_ expected: String) {
    error("'\(path)' must be \(expected); found \(value.kindName)")
  }

  /// The value as an object reader, or nil (reported) when it is not an object.
  public var object: ObjectReader? {
    guard case .object(let members) = value.kind else {
      mismatch("an object")
      return nil
    }
    return ObjectReader(node: self, members: members)
  }

  /// The elements as nodes, or nil (reported) when the value is not an array.
  public var array: [JSONNode]? {
    guard case .array(let elements) = value.kind else {
      mismatch("an array")
      return nil
    }
    return elements.enumerated().map { child($0.element, index: $0.offset) }
  }

  /// The string, or nil (reported).
  public var string: String? {
    guard case .string(let text) = value.kind else {
      mismatch("a string")
      return nil
    }
    return text
  }

  /// A non-empty string, or nil (reported).
  public var nonEmptyString: String? {
    guard let text = string else { return nil }
    if text.isEmpty {
      error("'\(path)' must not be empty")
      return nil
    }
    return text
  }

  /// The boolean, or nil (reported).
  public var bool: Bool? {
    guard case .bool(let flag) = value.kind else {
      mismatch("true or false")
      return nil
    }
    return flag
  }

  /// The number, or nil (reported).
  public var number: Double? {
    guard let number = value.number else {
      mismatch("a number")
      return nil
    }
    return number
  }

  /// A number inside a closed range, or nil (reported).
  public func number(in range: ClosedRange<Double>) -> Double? {
    guard let number else { return nil }
    guard range.contains(number) else {
      error(
        "'\(path)' must be between \(NumberText.format(range.lowerBound)) and \(NumberText.format(range.upperBound)); found \(NumberText.format(number))"
      )
      return nil
    }
    return number
  }

  /// A whole number inside a closed range, or nil (reported).
  public func integer(in range: ClosedRange<Int>) -> Int? {
    guard let number else { return nil }
    guard number == number.rounded() else {
      error("'\(path)' must be a whole number; found \(NumberText.format(number))")
      return nil
    }
    guard abs(number) < 9e15 else {
      error("'\(path)' must be between \(range.lowerBound) and \(range.upperBound); found \(NumberText.format(number))")
      return nil
    }
    guard range.contains(Int(number)) else {
      error("'\(path)' must be between \(range.lowerBound) and \(range.upperBound); found \(Int(number))")
      return nil
    }
    return Int(number)
  }

  /// A string that must be one of `choices`, or nil (reported with a hint).
  public func choice(_ choices: [String], what: String) -> String? {
    guard let text = string else { return nil }
    guard choices.contains(text) else {
      let hint = Suggestion.closest(to: text, among: choices).map { "did you mean '\($0)'?" }
      let list = "expected one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
      unknownName("unknown \(what) '\(text)'; \(hint ?? list)")
      return nil
    }
    return text
  }
}
