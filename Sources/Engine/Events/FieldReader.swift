import RuleLanguage

/// Reads an event object's fields by name, checking types and ranges, and rejects unknown keys.
struct FieldReader {
  let members: [JSONMember]
  let offset: Int
  /// The JSON path prefix printed in messages, such as `exercises[0].`.
  let path: String
  private var used: [Bool]

  init(members: [JSONMember], offset: Int, path: String) {
    self.members = members
    self.offset = offset
    self.path = path
    self.used = [Bool](repeating: false, count: members.count)
  }

  mutating func take(_ key: String) -> JSONValue? {
    for index in members.indices where members[index].key == key {
      used[index] = true
      return members[index].value
    }
    return nil
  }

  mutating func require(_ key: String) throws(EventDecodingError) -> JSONValue {
    guard let value = take(key) else {
      // A near-miss (a typo of the key) is the likelier problem: point at it.
      for member in members where Suggestion.closest(to: member.key, among: [key]) != nil {
        let place = path.isEmpty ? "" : " in '\(path.dropLast())'"
        throw EventDecodingError(
          offset: member.keyOffset, message: "unknown key '\(member.key)'\(place); did you mean '\(key)'?")
      }
      throw EventDecodingError(offset: offset, message: "missing required key '\(path)\(key)'")
    }
    return value
  }

  func stringValue(_ value: JSONValue, _ key: String) throws(EventDecodingError) -> String {
    guard case .string(let text) = value.kind, !text.isEmpty else {
      throw EventDecodingError(
        offset: value.offset, message: "'\(path)\(key)' must be a non-empty string; found \(value)")
    }
    return text
  }

  mutating func string(_ key: String) throws(EventDecodingError) -> String {
    try stringValue(try require(key), key)
  }

  mutating func optionalString(_ key: String) throws(EventDecodingError) -> String? {
    guard let value = take(key) else { return nil }
    return try stringValue(value, key)
  }

  func numberValue(_ value: JSONValue, _ key: String, whole: Bool = false) throws(EventDecodingError) -> Double {
    guard let number = value.number else {
      throw EventDecodingError(
        offset: value.offset, message: "'\(path)\(key)' must be a number; found \(value.kindName)")
    }
    if whole && number != number.rounded() {
      throw EventDecodingError(
        offset: value.offset, message: "'\(path)\(key)' must be a whole number; found \(NumberText.format(number))")
    }
    // −0 is 0 (as the fast path reads it, and as a canonical line writes it).
    return number == 0 ? 0 : number
  }

  mutating func number(_ key: String) throws(EventDecodingError) -> Double {
    try numberValue(try require(key), key)
  }

  mutating func optionalNumber(_ key: String) throws(EventDecodingError) -> Double? {
    guard let value = take(key) else { return nil }
    return try numberValue(value, key)
  }

  /// A whole number; one beyond ±2^53 is kept out of range rather than trapping.
  mutating func whole(_ key: String) throws(EventDecodingError) -> Int {
    Self.clampedInt(try numberValue(try require(key), key, whole: true))
  }

  mutating func optionalWhole(_ key: String) throws(EventDecodingError) -> Int? {
    guard let value = take(key) else { return nil }
    return Self.clampedInt(try numberValue(value, key, whole: true))
  }

  static func clampedInt(_ value: Double) -> Int {
    value >= 9e15 ? Int(9e15) : value <= -9e15 ? -Int(9e15) : Int(value)
  }

  /// Fails on the first key not read, suggesting the closest known one.
  func finish(known: [String]) throws(EventDecodingError) {
    for index in members.indices where !used[index] {
      let key = members[index].key
      let hint = Suggestion.hint(for: key, among: known)
      let place = path.isEmpty ? "" : " in '\(path.dropLast())'"
      throw EventDecodingError(offset: members[index].keyOffset, message: "unknown key '\(key)'\(place)\(hint)")
    }
  }
}
