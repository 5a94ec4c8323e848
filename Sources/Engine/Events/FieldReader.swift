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
      throw EventDecodingError(offset: value.offset, message: "'\(path)\(key)' must be a non-empty string; found \(value)")
    }
    return text
  }

  mutating func string(_ key: String, maxLength: Int) throws(EventDecodingError) -> String {
    let value = try require(key)
    let text = try stringValue(value, key)
    if text.utf8.count > maxLength {
      throw EventDecodingError(offset: value.offset, message: "'\(path)\(key)' is longer than \(maxLength) bytes")
    }
    return text
  }

  func numberValue(_ value: JSONValue, _ key: String, _ range: ClosedRange<Double>, whole: Bool = false)
    throws(EventDecodingError) -> Double
  {
    guard let number = value.number else {
      throw EventDecodingError(offset: value.offset, message: "'\(path)\(key)' must be a number; found \(value.kindName)")
    }
    if whole && number != number.rounded() {
      throw EventDecodingError(offset: value.offset, message: "'\(path)\(key)' must be a whole number; found \(NumberText.format(number))")
    }
    guard range.contains(number) else {
      throw EventDecodingError(
        offset: value.offset,
        message: "'\(path)\(key)' must be between \(NumberText.format(range.lowerBound)) and \(NumberText.format(range.upperBound)); found \(NumberText.format(number))")
    }
    return number
  }

  mutating func number(_ key: String, _ range: ClosedRange<Double>) throws(EventDecodingError) -> Double {
    try numberValue(try require(key), key, range)
  }

  mutating func optionalNumber(_ key: String, _ range: ClosedRange<Double>) throws(EventDecodingError) -> Double? {
    guard let value = take(key) else { return nil }
    return try numberValue(value, key, range)
  }

  mutating func optionalInteger(_ key: String, _ range: ClosedRange<Double>) throws(EventDecodingError) -> Int? {
    guard let value = take(key) else { return nil }
    return Int(try numberValue(value, key, range, whole: true))
  }

  mutating func integer(_ key: String, _ range: ClosedRange<Double>) throws(EventDecodingError) -> Int {
    Int(try numberValue(try require(key), key, range, whole: true))
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
